// parlor.DeductionNotes: the core's deduction notes (core/deduction_notes.h) for
// Python, by card id, for bots and analyses written in Python.
#include "python/src/deduction_notes_binding.h"

#include <pybind11/stl.h>

#include <climits>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/deduction_notes.h"

namespace py = pybind11;

namespace parlor {

namespace {

class PyDeductionNotes {
 public:
  PyDeductionNotes(int num_seats, const std::vector<std::string>& cards)
      : notes_(num_seats, static_cast<int>(cards.size())), ids_(cards) {
    for (size_t i = 0; i < cards.size(); ++i)
      if (!index_.emplace(cards[i], static_cast<int>(i)).second)
        throw py::value_error("DeductionNotes: card '" + cards[i] + "' is listed twice");
  }

  // Notes decoded from a pickle (Encode's numbers), over the same card ids.
  PyDeductionNotes(const std::vector<std::string>& cards, DeductionNotes notes)
      : notes_(std::move(notes)), ids_(cards) {
    if (static_cast<int>(cards.size()) != notes_.num_cards())
      throw py::value_error("DeductionNotes: a pickle of " + std::to_string(notes_.num_cards()) + " cards names " +
                            std::to_string(cards.size()) + " card ids");
    for (size_t i = 0; i < cards.size(); ++i)
      if (!index_.emplace(cards[i], static_cast<int>(i)).second)
        throw py::value_error("DeductionNotes: card '" + cards[i] + "' is listed twice");
  }

  const std::vector<std::string>& ids() const { return ids_; }

  void Holds(const py::object& seat, const std::string& card) { notes_.Holds(Seat(seat, "holds"), Card(card)); }
  // lacks(seat, card, *more): several cards in one call, as Lua's lacks takes them
  // (a bot ported from Lua calls it so). Every card is checked before any is noted.
  void Lacks(const py::object& seat_arg, const std::string& card, const py::args& more) {
    const int seat = Seat(seat_arg, "lacks");
    std::vector<int> cards{Card(card)};
    for (const py::handle& c : more) cards.push_back(Card(CardId(c, "lacks")));
    for (int c : cards) notes_.Lacks(seat, c);
  }
  void OneOf(const py::object& seat_arg, const std::vector<std::string>& cards) {
    const int seat = Seat(seat_arg, "one_of");
    if (cards.empty()) throw py::value_error("DeductionNotes.one_of needs at least one card");
    std::vector<int> list;
    for (const auto& c : cards) list.push_back(Card(c));
    notes_.OneOf(seat, list);
  }
  void Count(const py::object& seat_arg, const std::vector<std::string>& cards, const py::object& lo,
             const py::object& hi) {
    const int seat = Seat(seat_arg, "count");
    std::vector<int> list;
    for (const auto& c : cards) list.push_back(Card(c));
    notes_.Count(seat, list, Number(lo, "count", "lo"), Number(hi, "count", "hi"));
  }
  void HandSize(const py::object& seat_arg, const py::object& n_arg) {
    const int seat = Seat(seat_arg, "hand_size");
    const int n = Number(n_arg, "hand_size", "n");
    if (n < 0) throw py::value_error("DeductionNotes.hand_size: a number of cards (0 or more), not " + std::to_string(n));
    notes_.HandSize(seat, n);
  }
  void Settle() { notes_.Settle(); }
  py::object Holder(const std::string& card) const {
    const int seat = notes_.Holder(Card(card));
    return seat < 0 ? py::object(py::none()) : py::object(py::int_(seat));
  }
  bool MayHold(const py::object& seat, const std::string& card) const {
    return notes_.MayHold(Seat(seat, "may_hold"), Card(card));
  }
  bool Unheld(const std::string& card) const { return notes_.Unheld(Card(card)); }
  std::vector<std::string> TakeNews() {
    std::vector<std::string> out;
    for (int c : notes_.TakeNews()) out.push_back(ids_[static_cast<size_t>(c)]);
    return out;
  }
  const DeductionNotes& notes() const { return notes_; }
  DeductionNotes& notes() { return notes_; }

 private:
  int Card(const std::string& id) const {
    auto it = index_.find(id);
    if (it == index_.end()) throw py::value_error("DeductionNotes: '" + id + "' is not one of the notes' cards");
    return it->second;
  }
  // A seat argument: a whole number (not a bool), any size. One no int holds is no
  // seat (the IndexError the notes give seat 7 of 3), where pybind11 listed the
  // call's signatures for 2**70.
  int Seat(const py::object& seat, const char* call) const {
    const long long n = Whole(seat, call, "seat");
    if (n < INT_MIN || n > INT_MAX)
      throw py::index_error("seat " + std::string(py::str(seat)) + " is not one of the notes' seats 0.." +
                            std::to_string(notes_.num_seats() - 1));
    return static_cast<int>(n);
  }
  // A count (lo, hi, n): a whole number an int holds, else a ValueError naming it.
  static int Number(const py::object& value, const char* call, const char* name) {
    const long long n = Whole(value, call, name);
    if (n < INT_MIN || n > INT_MAX)
      throw py::value_error(std::string("DeductionNotes.") + call + ": " + name + " " + std::string(py::str(value)) +
                            " is out of range");
    return static_cast<int>(n);
  }
  // A whole number, LLONG_MIN/LLONG_MAX for one beyond them (out of every range).
  static long long Whole(const py::object& value, const char* call, const char* name) {
    if (py::isinstance<py::bool_>(value) || !py::isinstance<py::int_>(value))
      throw py::type_error(std::string("DeductionNotes.") + call + ": " + name + " is a whole number (int), not " +
                           std::string(py::str(py::type::of(value).attr("__name__"))));
    int overflow = 0;
    const long long n = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
    if (overflow != 0) return overflow > 0 ? LLONG_MAX : LLONG_MIN;
    return n;
  }
  // A card id among a call's extra arguments, named in the error when not a str.
  static std::string CardId(const py::handle& c, const char* call) {
    if (!py::isinstance<py::str>(c))
      throw py::type_error(std::string("DeductionNotes.") + call + ": cards are card ids (str), not " +
                           std::string(py::str(py::type::of(c).attr("__name__"))));
    return c.cast<std::string>();
  }

  DeductionNotes notes_;
  std::vector<std::string> ids_;
  std::unordered_map<std::string, int> index_;
};

}  // namespace

void BindDeductionNotes(py::module_& m) {
  m.def("_deduction_notes_from_pickle", [](const std::vector<std::string>& ids, const std::vector<long long>& numbers) {
    try {
      return PyDeductionNotes(ids, DeductionNotes::Decode(numbers));
    } catch (const std::invalid_argument& e) {
      throw py::value_error(std::string("DeductionNotes: ") + e.what());
    }
  });
  py::class_<PyDeductionNotes>(m, "DeductionNotes", R"(What one player of a deduction game can conclude about who holds which card.

Every card is in exactly one place: the hand of one of the seats 0..num_seats-1, or
the part of the deck no seat holds (Clue's envelope). Record what the player was
told with holds/lacks/one_of/count/hand_size, call settle(), and read holder/may_hold/
unheld/take_news. The rules only use facts that stay true for a whole game when
hands do not change and every answer is honest (docs/python.md, "Deduction notes").)")
      .def(py::init<int, const std::vector<std::string>&>(), py::arg("num_seats"), py::arg("cards"),
           "Notes for seats 0..num_seats-1 and these card ids (1 to 256 cards).")
      .def("holds", &PyDeductionNotes::Holds, py::arg("seat"), py::arg("card"),
           "The seat holds the card (so no other seat does).")
      .def("lacks", &PyDeductionNotes::Lacks, py::arg("seat"), py::arg("card"),
           "lacks(seat, card, *cards): the seat holds none of these cards (it could not refute a suggestion "
           "naming them).")
      .def("one_of", &PyDeductionNotes::OneOf, py::arg("seat"), py::arg("cards"),
           "The seat holds at least one of these cards (it showed one the player did not see).")
      .def("count", &PyDeductionNotes::Count, py::arg("seat"), py::arg("cards"), py::arg("lo"), py::arg("hi"),
           "The seat holds between lo and hi of these cards, both included (exactly k: lo = hi = k; one_of is "
           "lo = 1, hi = len(cards)). A card listed twice counts once; ValueError unless 0 <= lo <= hi.")
      .def("hand_size", &PyDeductionNotes::HandSize, py::arg("seat"), py::arg("n"), "The seat holds n cards.")
      .def("__copy__", [](const PyDeductionNotes& n) { return PyDeductionNotes(n); })
      .def("__deepcopy__", [](const PyDeductionNotes& n, py::dict) { return PyDeductionNotes(n); }, py::arg("memo"),
           "An independent copy (notes hold no Python objects): a bot may branch its notes.")
      // A pickle holds the card ids and the notes as numbers (DeductionNotes::Encode),
      // rebuilt by _deduction_notes_from_pickle: __reduce__ rather than py::pickle,
      // which aborts the process under pickle protocols 0 and 1.
      .def("__reduce__",
           [](const PyDeductionNotes& n) {
             // A Python function (pickled by its name; a pybind11 one cannot be).
             return py::make_tuple(py::module_::import("parlor._api").attr("_deduction_notes_from_pickle"),
                                   py::make_tuple(n.ids(), n.notes().Encode()));
           })
      .def("settle", &PyDeductionNotes::Settle, "Draws every conclusion that follows, until nothing changes.")
      .def("holder", &PyDeductionNotes::Holder, py::arg("card"), "The seat known to hold the card, or None.")
      .def("may_hold", &PyDeductionNotes::MayHold, py::arg("seat"), py::arg("card"),
           "False once the seat cannot hold the card.")
      .def("unheld", &PyDeductionNotes::Unheld, py::arg("card"), "True once no seat may hold the card.")
      .def("take_news", &PyDeductionNotes::TakeNews,
           "The cards whose holder became known, or that became unheld, since the last call, in that order.")
      .def_property_readonly("open_notes", [](const PyDeductionNotes& n) { return n.notes().open_notes(); },
                             "one_of facts neither met nor concluded yet.")
      .def_property_readonly("broken", [](const PyDeductionNotes& n) { return n.notes().broken(); },
                             "True once the facts contradict each other (nothing more is concluded).")
      .def("mark_broken", [](PyDeductionNotes& n) { n.notes().MarkBroken(); },
           "Says the facts no longer hold (a hand changed, say): nothing more is concluded.");
}

}  // namespace parlor
