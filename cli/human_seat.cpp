#include "cli/human_seat.h"

#include <cctype>
#include <istream>
#include <ostream>

#include "cli/board_render.h"
#include "cli/event_text.h"
#include "core/errors.h"

namespace parlor {

namespace {

// Lists longer than this (Clue's hundreds of accusations) are not printed at every
// decision: the person asks for them, by prefix (`actions accuse`).
constexpr size_t kListedAtOnce = 40;
// A zone's cards shown at most, the rest counted.
constexpr size_t kCardsShown = 30;

std::string Trim(const std::string& s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

// A 1-based number within 1..n, or 0.
size_t NumberIn(const std::string& s, size_t n) {
  if (s.empty() || s.size() > 6 || s.find_first_not_of("0123456789") != std::string::npos) return 0;
  const size_t k = std::stoul(s);
  return k >= 1 && k <= n ? k : 0;
}

}  // namespace

size_t HumanSeat::Choose(const Value& view, const LegalList& legal) {
  const Definition& def = game_.definition();
  if (io_.show_private_events) {
    // Events only this seat (of the humans at the terminal) may see, since its last
    // decision: its cards dealt, a card shown to it.
    const auto& log = game_.state().log;
    for (; seen_ < log.size(); ++seen_) {
      const Event e = log[seen_];
      if (!e.VisibleTo(seat_) || e.visible == kAllSeats) continue;
      io_.out << "  (private) " << DescribeEvent(def, e, io_.lang, game_.state().num_seats) << "\n";
    }
  }
  if (legal.size() == 1) {
    // Nothing to choose: said, and played.
    io_.out << "seat " << seat_ << " (you): the only action is "
            << ActionDisplayText(def, legal.at(0).Text(), io_.lang) << "\n";
    return 0;
  }
  ShowSituation(view, legal);
  while (true) {
    io_.out << "seat " << seat_ << "> " << std::flush;
    std::string line;
    if (!std::getline(io_.in, line)) throw HumanQuit();  // input ended: leave as `quit` does
    line = Trim(line);
    if (line.empty()) continue;
    if (line == "quit" || line == "exit") throw HumanQuit();
    if (line == "help" || line == "?") {
      ShowHelp();
      continue;
    }
    if (line == "view" || line == "hand") {
      ShowZones(view, true);
      continue;
    }
    if (line == "board") {
      io_.out << RenderBoard(def, game_.state(), io_.lang, io_.colour);
      continue;
    }
    if (line == "actions" || line.rfind("actions ", 0) == 0) {
      ShowActions(legal, line == "actions" ? "" : Trim(line.substr(8)));
      continue;
    }
    if (line.rfind("save ", 0) == 0) {
      const std::string path = Trim(line.substr(5));
      try {
        io_.save(path);
        io_.out << "saved to " << path << " (parlor play --resume " << path << " goes on from here)\n";
      } catch (const std::exception& e) {
        io_.out << e.what() << "\n";
      }
      continue;
    }
    if (const size_t k = NumberIn(line, legal.size()); k > 0 && legal.size() <= kListedAtOnce) return k - 1;
    const size_t index = Resolve(line, legal);
    if (index != ActionProduct::npos) return index;
  }
}

void HumanSeat::ShowSituation(const Value& view, const LegalList& legal) {
  const int64_t turn = view.Get("turn_number").as_int();
  // The board at the seat's first decision of a turn (where the pieces stand is
  // what a move is chosen by); later in the turn on request (`board`).
  if (turn != last_turn_ && game_.definition().board) io_.out << RenderBoard(game_.definition(), game_.state(), io_.lang, io_.colour);
  last_turn_ = turn;
  io_.out << "=== seat " << seat_ << " (you) to act, turn " << turn << " ===\n";
  ShowZones(view, false);
  if (legal.size() <= kListedAtOnce) {
    ShowActions(legal, "");
    io_.out << "type a number or an action (help: commands)\n";
    return;
  }
  io_.out << legal.size() << " legal actions, from '" << legal.at(0).Text() << "' to '"
          << legal.at(legal.size() - 1).Text() << "'; `actions PREFIX` lists those starting so (help: commands)\n";
}

void HumanSeat::ShowZones(const Value& view, bool in_full) {
  const Definition& def = game_.definition();
  // The zones this seat sees the cards of, not empty: its own in full, and a pile
  // everyone sees (a discard pile) by its size and top card unless asked (`view`).
  for (const auto& [id, zone] : view.Get("zones").as_object()) {
    if (!zone.Has("cards") || zone.Get("cards").as_array().empty()) continue;
    const auto& cards = zone.Get("cards").as_array();
    io_.out << "  " << ZoneDisplayName(def, id, io_.lang) << ": ";
    const bool own = zone.Has("owner") && zone.Get("owner").as_int() == seat_;
    if (!own && !in_full) {
      io_.out << cards.size() << " card" << (cards.size() == 1 ? "" : "s") << ", top: "
              << def.Name(cards.back().as_string(), io_.lang) << "\n";
      continue;
    }
    for (size_t i = 0; i < cards.size() && i < kCardsShown; ++i)
      io_.out << (i ? ", " : "") << def.Name(cards[i].as_string(), io_.lang);
    if (cards.size() > kCardsShown) io_.out << " ... (" << cards.size() << " in all)";
    io_.out << "\n";
  }
}

void HumanSeat::ShowActions(const LegalList& legal, const std::string& prefix) {
  const Definition& def = game_.definition();
  size_t shown = 0;
  for (size_t i = 0; i < legal.size(); ++i) {
    const std::string text = legal.at(i).Text();
    if (!prefix.empty() && text.rfind(prefix, 0) != 0) continue;
    if (shown++ == 200) {
      io_.out << "  ... (more: a longer prefix narrows the list)\n";
      break;
    }
    // Numbers only where typing one is accepted (a short list).
    if (legal.size() <= kListedAtOnce) io_.out << "  " << (i + 1) << ". ";
    else io_.out << "  ";
    io_.out << ActionDisplayText(def, text, io_.lang) << "\n";
  }
  if (shown == 0) io_.out << "  no legal action starts with '" << prefix << "'\n";
}

void HumanSeat::ShowHelp() {
  io_.out << "  an action's text (as listed), or its number when the list is numbered\n"
             "  actions [PREFIX]  the legal actions (those starting with PREFIX)\n"
             "  view              what this seat sees: its hand and the face-up cards\n"
             "  board             the board as it stands\n"
             "  save FILE         save the game so far (parlor play --resume FILE goes on)\n"
             "  quit              stop here (the game is saved when --save was given)\n";
}

size_t HumanSeat::Resolve(const std::string& text, const LegalList& legal) {
  Action a;
  try {
    a = Action::Parse(text, seat_);
  } catch (const Error& e) {
    io_.out << e.what() << "\n";
    return ActionProduct::npos;
  }
  if (const size_t i = legal.IndexOf(a); i != ActionProduct::npos) return i;
  // Not listed: the rules say why, or accept it as another way of writing a listed
  // action (hook same_as). Tried on a copy, so this game changes only when chosen.
  Game trial = game_;
  try {
    trial.Apply(a);
  } catch (const IllegalAction& e) {
    io_.out << e.what() << "\n";
    return ActionProduct::npos;
  }
  return legal.IndexOf(trial.state().history.back());
}

}  // namespace parlor
