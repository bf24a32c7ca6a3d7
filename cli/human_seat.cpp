#include "cli/human_seat.h"

#include <algorithm>
#include <bitset>
#include <cctype>
#include <istream>
#include <map>
#include <set>
#include <utility>
#include <vector>
#include <ostream>

#include "cli/board_render.h"
#include "cli/event_text.h"
#include "cli/notebook_text.h"
#include "core/errors.h"
#include "scripting/definition_bot.h"

namespace parlor {

namespace {

// Actions numbered at a decision at most; a longer list (Clue's hundreds of
// accusations) is summarised by kind, and asked for by prefix (`actions accuse`).
constexpr size_t kNumberedAtMost = 40;
// In a longer list, a kind with at most this many actions is still numbered.
constexpr size_t kNumberedKindAtMost = 12;
// A list in which every kind is longer than that is numbered whole up to this many
// (more, Clue's 324 accusations alone, are still summarised).
constexpr size_t kNumberedAtMostOfOneKind = 100;
// A zone's cards shown at most, the rest counted.
constexpr size_t kCardsShown = 30;
// A typed line longer than this is refused without being read as an action.
constexpr size_t kLongestLine = 1000;

// A variable's value as a person reads it: an id by its display name ("red" ->
// "Red"), yes or no, a number, a list in brackets, a table of named fields in
// parentheses by its keys' words ("(by 2, face 3, quantity 2)": it was JSON,
// {"by":2,"face":3,"quantity":2}); cut at 80 characters.
std::string ValueWords(const Definition& def, const Value& v, const std::string& lang) {
  if (v.is_string()) return def.Name(v.as_string(), lang);
  if (v.is_bool()) return v.as_bool() ? "yes" : "no";
  if (v.is_array()) {
    std::string out;
    for (const auto& e : v.as_array()) out += (out.empty() ? "" : ", ") + ValueWords(def, e, lang);
    return "[" + out + "]";
  }
  if (v.is_object()) {
    std::string out;
    for (const auto& [k, e] : v.as_object()) {
      std::string name = def.Name(k, lang);
      if (name == k) std::replace(name.begin(), name.end(), '_', ' ');
      out += (out.empty() ? "" : ", ") + name + " " + ValueWords(def, e, lang);
    }
    return "(" + out + ")";
  }
  return v.ToJson();
}
std::string ValueText(const Definition& def, const Value& v, const std::string& lang) {
  std::string text = ValueWords(def, v, lang);
  if (text.size() <= 80) return text;
  size_t cut = 77;  // at the start of a character, never inside one (the JSON was cut by bytes)
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return text.substr(0, cut) + "...";
}

// "die 4, phase move": variables by their display name (else their id with spaces
// for underscores) and value; "" for none.
std::string VarsText(const Definition& def, const Value& vars, const std::string& lang) {
  std::string out;
  if (!vars.is_object()) return out;
  for (const auto& [k, v] : vars.as_object()) {
    std::string name = def.Name(k, lang);
    if (name == k) std::replace(name.begin(), name.end(), '_', ' ');
    out += (out.empty() ? "" : ", ") + name + " " + ValueText(def, v, lang);
  }
  return out;
}

std::string Trim(const std::string& s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

// Characters on the screen: UTF-8 continuation bytes take no column (an action
// listed with its German names, "Frau Weiß", lines up with the others).
size_t DisplayWidth(const std::string& s) {
  return static_cast<size_t>(std::count_if(s.begin(), s.end(), [](unsigned char c) { return (c & 0xC0) != 0x80; }));
}

// Text order with runs of digits compared as numbers: "move 9,6" < "move 10,16".
bool NaturalLess(const std::string& a, const std::string& b) {
  size_t i = 0, j = 0;
  auto digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
  while (i < a.size() && j < b.size()) {
    if (digit(a[i]) && digit(b[j])) {
      size_t ie = i, je = j;
      while (ie < a.size() && digit(a[ie])) ++ie;
      while (je < b.size() && digit(b[je])) ++je;
      const std::string na = a.substr(i, ie - i), nb = b.substr(j, je - j);
      const std::string ta = na.substr(std::min(na.find_first_not_of('0'), na.size() - 1));
      const std::string tb = nb.substr(std::min(nb.find_first_not_of('0'), nb.size() - 1));
      if (ta.size() != tb.size()) return ta.size() < tb.size();
      if (ta != tb) return ta < tb;
      i = ie, j = je;
      continue;
    }
    if (a[i] != b[j]) return a[i] < b[j];
    ++i, ++j;
  }
  return a.size() - i < b.size() - j;
}

// A 1-based number within 1..n, or 0.
size_t NumberIn(const std::string& s, size_t n) {
  if (s.empty() || s.size() > 6 || s.find_first_not_of("0123456789") != std::string::npos) return 0;
  const size_t k = std::stoul(s);
  return k >= 1 && k <= n ? k : 0;
}

// An action as listed outside English carries its arguments' names after it
// ("move lounge (Sala de holganza)"): typed back, the names are dropped.
std::string WithoutNames(const std::string& text) {
  if (text.empty() || text.back() != ')') return text;
  const size_t open = text.find(" (");
  return open == std::string::npos ? text : Trim(text.substr(0, open));
}

// The type of action i, read without making the action where it is a product's
// member (Clue's accusations).
std::string TypeAt(const LegalList& legal, size_t i) {
  size_t at = 0;
  for (const auto& run : legal.runs()) {
    if (i < at + run.count) return run.product ? run.product->type : run.listed[i - at].type;
    at += run.count;
  }
  return "";
}

// Edits (a letter added, dropped, changed, or two swapped) from a to b: how near a
// mistyped action is to a legal one.
size_t EditDistance(const std::string& a, const std::string& b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

std::vector<std::string> Words(const std::string& text) {
  std::vector<std::string> words;
  size_t at = 0;
  while (at < text.size()) {
    const size_t end = text.find(' ', at);
    if (end != at) words.push_back(text.substr(at, end == std::string::npos ? std::string::npos : end - at));
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return words;
}

bool IsPrivateAction(const Definition& def, const std::string& type) {
  return std::find(def.private_actions.begin(), def.private_actions.end(), type) != def.private_actions.end();
}

}  // namespace

// The end of the input (Ctrl-D, a piped file that ends early) leaves as `quit` does,
// and says so: "left after N actions" alone did not say why.
void HumanSeat::InputEnded() {
  io_.out << "the input ended: " << Me() << " leaves the game, as with `quit`\n";
  throw HumanQuit();
}

std::string HumanSeat::Me(const std::string& also) const {
  return SeatLabel(seat_, SeatDisplayNames(game_, io_.lang), also);
}

bool HumanSeat::SharedTerminal() const { return std::bitset<64>(io_.humans).count() > 1; }

// Several people at one terminal: the next one takes it, the others look away,
// before anything only this seat may see is printed.
void HumanSeat::HandOver() {
  if (!SharedTerminal() || !io_.at_terminal || *io_.at_terminal == seat_) return;
  io_.out << "--- " << Me() << " takes the terminal (the others look away); press Enter ---" << std::flush;
  std::string line;
  const bool got = static_cast<bool>(std::getline(io_.in, line));
  io_.out << "\n";  // the Enter typed is not echoed when the input is piped
  if (!got) InputEnded();
  line = Trim(line);
  if (line == "quit" || line == "exit") throw HumanQuit();
  // Something typed here, an action meant for the prompt, was dropped without a word.
  if (!line.empty() && line.size() <= kLongestLine)
    io_.out << "('" << line << "' is not played: this line only hands the terminal over; type it at the prompt)\n";
  *io_.at_terminal = seat_;
}

// The events this seat sees, from `from`, that the shared log did not show (those not
// every person at the terminal may see: its cards dealt, a card shown to it), or for
// `log` (`whole_game`) that not every seat saw.
bool HumanSeat::ShowOwnEvents(size_t from, const char* heading, bool whole_game) {
  const Definition& def = game_.definition();
  const auto& log = game_.state().log;
  const int seats = game_.state().num_seats;
  bool any = false;
  const std::vector<std::string> names = SeatDisplayNames(game_, io_.lang);
  for (size_t i = from; i < log.size(); ++i) {
    const Event e = log[i];
    if (!e.VisibleTo(seat_)) continue;
    if (whole_game) {
      // `log`: what not every seat saw (with one person at the terminal, the shared
      // log showed it too, so "not shown to every person here" left nothing at all).
      bool everyone = true;
      for (int s = 0; s < seats && everyone; ++s) everyone = e.VisibleTo(s);
      if (everyone) continue;
      // A card shown between others, unnamed: the table knows as much.
      if (e.type == "reveal" && !e.data().Has("card")) continue;
    } else if ((e.visible & io_.humans) == io_.humans) {
      continue;  // the shared log showed it
    }
    // Another seat's card moved, unnamed (the copy for those who may not see it):
    // nothing this seat alone knows.
    if (e.type == "card_moved" && !e.data().Has("card")) continue;
    if (!any) io_.out << heading << "\n";
    any = true;
    io_.out << "  " << DescribeEvent(def, e, io_.lang, game_.state().num_seats, names, false) << "\n";
  }
  return any;
}

size_t HumanSeat::Choose(const Value& view, const LegalList& legal) {
  const Definition& def = game_.definition();
  if (legal.size() == 1) {
    // Nothing to choose: played, and said (unless the others at the terminal may not
    // know it: a card shown in private). No hand-over: on a shared terminal, asking
    // the others to look away and Enter to be pressed, only to be told "pass", made
    // every forced turn a chore; what this seat alone saw waits for its next choice.
    const Action only = legal.at(0);
    io_.out << Me("you") << ": the only action is "
            << (SharedTerminal() && IsPrivateAction(def, only.type) ? only.type
                                                                     : ActionDisplayText(def, only.Text(), io_.lang))
            << "\n";
    return 0;
  }
  HandOver();
  if (SharedTerminal()) ShowOwnEvents(seen_, "seen by you alone since your last turn:", false);
  seen_ = game_.state().log.size();
  ShowSituation(view, legal);
  while (true) {
    io_.out << "seat " << seat_ << "> " << std::flush;
    std::string line;
    if (!std::getline(io_.in, line)) {
      io_.out << "\n";
      InputEnded();
    }
    line = Trim(line);
    if (line.empty()) continue;
    if (line.size() > kLongestLine) {
      // Not echoed back whole (a pasted file was printed again in the refusal).
      io_.out << "a line of " << line.size() << " characters is no action or command (help: commands)\n";
      continue;
    }
    if (line == "quit" || line == "exit") throw HumanQuit();
    if (line == "help" || line == "?") {
      ShowHelp();
      continue;
    }
    if (line == "view" || line == "hand") {
      ShowView(view);
      continue;
    }
    if (line == "log") {
      // Not "you alone": a card handed between two seats, both of whom saw it, is
      // listed too (every event this seat saw that not every seat did).
      if (!ShowOwnEvents(0, "what you have seen this game that not every seat saw:", true))
        io_.out << "nothing yet that you saw and not every seat did\n";
      continue;
    }
    if (line == "notes") {
      ShowNotebook();
      continue;
    }
    if (line == "board") {
      // As at the choice: the squares a move may end on marked, when there are some.
      const std::set<PlaceIndex> targets = TargetSquares(legal);
      const std::string drawing =
          def.board ? RenderBoard(def, game_.state(), io_.lang, io_.colour, targets.empty() ? nullptr : &targets) : "";
      io_.out << (drawing.empty() ? "this game has no board\n" : drawing);
      continue;
    }
    if (line == "actions" || line.rfind("actions ", 0) == 0) {
      ShowActions(legal, line == "actions" ? "" : Trim(line.substr(8)));
      continue;
    }
    if (line == "save" || line.rfind("save ", 0) == 0) {
      const std::string path = line == "save" ? "" : Trim(line.substr(5));
      if (path.empty()) {
        io_.out << "save FILE: name the file to save the game to\n";
        continue;
      }
      try {
        io_.save(path);
        io_.out << "saved to " << path << " (parlor play --resume " << path << " goes on from here)\n";
      } catch (const std::exception& e) {
        io_.out << e.what() << "\n";
      }
      continue;
    }
    if (const size_t k = NumberIn(line, numbered_.size()); k > 0) return numbered_[k - 1];
    if (line.find_first_not_of("0123456789") == std::string::npos) {
      if (numbered_.empty()) io_.out << "no action has a number here: type an action's text (`actions` lists them)\n";
      else io_.out << "no action " << line << ": the numbers are 1.." << numbered_.size()
                   << " (type an action's text for the others)\n";
      continue;
    }
    const size_t index = Resolve(WithIds(WithoutNames(line), legal), legal);
    if (index != ActionProduct::npos) return index;
  }
}

void HumanSeat::ShowSituation(const Value& view, const LegalList& legal) {
  const Definition& def = game_.definition();
  const int64_t turn = view.Get("turn_number").as_int();
  // The board at the seat's first decision of its own turn (where the pieces stand is
  // what a move is chosen by), and at a choice of squares to move to, with those
  // squares marked and the map numbered ("move 20,8" named a square the drawing did
  // not show how to find); otherwise, a refutation say, on request (`board`).
  const std::set<PlaceIndex> targets = TargetSquares(legal);
  if (!targets.empty())
    io_.out << RenderBoard(def, game_.state(), io_.lang, io_.colour, &targets);
  else if (turn != last_turn_ && def.board && view.Get("turn_seat").as_int() == seat_ && !io_.board_every_turn)
    io_.out << RenderBoard(def, game_.state(), io_.lang, io_.colour);
  last_turn_ = turn;
  io_.out << "=== " << Me("you") << " to act, turn " << turn << " ===\n";
  // The game's public variables (the die just rolled, the phase): what the seat's
  // view holds, so never one the rules keep hidden ("_" names, another seat's own).
  if (const std::string vars = VarsText(def, view.Get("vars"), io_.lang); !vars.empty())
    io_.out << "  game: " << vars << "\n";
  ShowZones(view, false);
  // Numbered: every action of a short list; of a long one, the kinds with few
  // actions, while the others (Clue's accusations, the squares a 6 reaches) are
  // summarised by kind, to be listed with `actions KIND`.
  numbered_.clear();
  std::vector<std::pair<std::string, std::vector<size_t>>> kinds;  // in list order
  for (size_t i = 0; i < legal.size(); ++i) {
    std::string type = TypeAt(legal, i);
    if (kinds.empty() || kinds.back().first != type) kinds.push_back({std::move(type), {}});
    kinds.back().second.push_back(i);
  }
  bool all = legal.size() <= kNumberedAtMost;
  // A long list of one kind only (the 45 squares two dice reach) was summarised to a
  // line with nothing numbered, the person left to list it and type a square: up to
  // kNumberedAtMostOfOneKind, such a list is numbered (in columns) instead.
  const bool none_numbered = std::all_of(kinds.begin(), kinds.end(), [](const auto& k) {
    return k.second.size() > kNumberedKindAtMost;
  });
  if (none_numbered && legal.size() <= kNumberedAtMostOfOneKind) all = true;
  std::vector<std::string> run;  // numbered entries not printed yet
  auto print_run = [&] {
    // Many entries go in columns, so that the board above stays on the screen; an
    // entry wider than a column ("move conservatory (Wintergarten)") has a line.
    constexpr size_t kColumn = 18;
    size_t width = 0;
    for (const auto& e : run)
      if (DisplayWidth(e) <= kColumn) width = std::max(width, DisplayWidth(e));
    const size_t per_line = run.size() > kNumberedKindAtMost ? std::max<size_t>(1, 76 / (width + 2)) : 1;
    size_t on_line = 0, last = 0;  // entries on the current line; the last one's width
    for (const auto& e : run) {
      const size_t w = DisplayWidth(e);
      const bool wide = w > width;
      if (on_line > 0 && (wide || on_line == per_line)) {
        io_.out << "\n";
        on_line = 0;
      }
      // Padded up to its column only when another entry follows it on the line.
      io_.out << (on_line == 0 ? std::string("  ") : std::string(width - last + 2, ' ')) << e;
      last = w;
      ++on_line;
      if (wide) {
        io_.out << "\n";
        on_line = 0;
      }
    }
    if (on_line > 0) io_.out << "\n";
    run.clear();
  };
  for (const auto& [type, indices] : kinds) {
    if (!all && indices.size() > kNumberedKindAtMost) {
      print_run();
      io_.out << "  " << type << " ... (" << indices.size() << " actions: `actions " << type << "` lists them)\n";
      continue;
    }
    // In the order a person reads numbers ("move 9,6" before "move 10,16"), not text order.
    std::vector<std::pair<std::string, size_t>> texts;
    for (size_t i : indices) texts.push_back({legal.at(i).Text(), i});
    std::stable_sort(texts.begin(), texts.end(), [](const auto& x, const auto& y) { return NaturalLess(x.first, y.first); });
    for (const auto& [text, i] : texts) {
      numbered_.push_back(i);
      run.push_back(std::to_string(numbered_.size()) + ". " + ActionDisplayText(def, text, io_.lang));
    }
  }
  print_run();
  io_.out << (numbered_.empty() ? "type an action" : "type a number or an action") << " (help: commands)\n";
}

std::set<PlaceIndex> HumanSeat::TargetSquares(const LegalList& legal) const {
  std::set<PlaceIndex> targets;
  const Definition& def = game_.definition();
  if (!def.board || def.board->rows() == 0) return targets;
  const Board& board = *def.board;
  // A product's members (Clue's accusations) name cards, not squares: only the
  // listed actions are read, so a list of hundreds is not made action by action.
  for (const auto& run : legal.runs()) {
    if (run.product) continue;
    for (size_t i = 0; i < run.count; ++i)
      for (const std::string& arg : run.listed[i].args) {
        const PlaceIndex p = board.Find(arg);
        if (p != kNoPlace && !board.place(p).area && board.place(p).row >= 0) targets.insert(p);
      }
  }
  return targets;
}

void HumanSeat::ShowView(const Value& view) {
  const Definition& def = game_.definition();
  const bool cards = ShowZones(view, true);
  // Where the pieces stand, place by place ("Red yard: Red 1, Red 2"), in the order
  // of the board's places: a game without cards showed nothing at all here.
  bool pieces = false;
  if (def.board && view.Get("pieces").is_object()) {
    std::map<PlaceIndex, std::vector<std::string>> at;
    for (const auto& [piece, place] : view.Get("pieces").as_object())
      if (place.is_string()) at[def.board->Find(place.as_string())].push_back(def.Name(piece, io_.lang));
    for (const auto& [p, names] : at) {
      io_.out << "  " << (p == kNoPlace ? std::string("?") : def.Name(def.board->place(p).id, io_.lang)) << ":";
      for (size_t i = 0; i < names.size(); ++i) io_.out << (i ? ", " : " ") << names[i];
      io_.out << "\n";
      pieces = true;
    }
  }
  const std::string vars = VarsText(def, view.Get("vars"), io_.lang);
  if (!vars.empty()) io_.out << "  game: " << vars << "\n";
  // This seat's own variables (the view holds no other seat's).
  const Value& seats = view.Get("seats");
  std::string own;
  if (seats.is_array() && static_cast<size_t>(seat_) < seats.as_array().size())
    own = VarsText(def, seats.as_array()[static_cast<size_t>(seat_)].Get("vars"), io_.lang);
  if (!own.empty()) io_.out << "  yours: " << own << "\n";
  if (!cards && !pieces && vars.empty() && own.empty()) io_.out << "  nothing: no cards, pieces or variables this seat sees\n";
}

bool HumanSeat::ShowZones(const Value& view, bool in_full) {
  bool any = false;
  const Definition& def = game_.definition();
  // The zones this seat sees the cards of, not empty: its own in full, and a pile
  // everyone sees (a discard pile) by its size and top card unless asked (`view`).
  for (const auto& [id, zone] : view.Get("zones").as_object()) {
    if (!zone.Has("cards") || zone.Get("cards").as_array().empty()) {
      // A zone whose cards this seat does not see is, in `view`, said by its size:
      // how many cards each other hand holds, and the pile, are what a card game
      // (Go Fish: whom to ask) is played by, and the table sees them.
      const int64_t count = zone.Has("count") ? zone.Get("count").as_int() : 0;
      if (in_full && count > 0 && !zone.Has("cards")) {
        io_.out << "  " << ZoneDisplayName(def, id, io_.lang) << ": " << count << " card" << (count == 1 ? "" : "s")
                << " face down\n";
        any = true;
      }
      continue;
    }
    const auto& cards = zone.Get("cards").as_array();
    any = true;
    io_.out << "  " << ZoneDisplayName(def, id, io_.lang) << ": ";
    const bool own = zone.Has("owner") && zone.Get("owner").as_int() == seat_;
    // A zone hidden or owned by another, whose cards this seat sees all the same, was
    // shown to it (Clue's envelope after a wrong accusation): in full, as it has no
    // top worth naming ("envelope: 3 cards, top: Billiard Room" hid two of them).
    // So is a face-up zone that is no pile (`ordered: false`: books or a tableau laid
    // in front of a player), whose last card is no top ("books:1: 8 cards, top: K").
    const ZoneSpec* spec = def.Zone(id.substr(0, id.find(':')));
    const bool shown_to_it = spec && spec->visibility != ZoneVisibility::kPublic;
    const bool spread = spec && !spec->ordered;
    if (!own && !in_full && !shown_to_it && !spread) {
      io_.out << cards.size() << " card" << (cards.size() == 1 ? "" : "s") << ", top: "
              << def.Name(cards.back().as_string(), io_.lang) << "\n";
      continue;
    }
    for (size_t i = 0; i < cards.size() && i < kCardsShown; ++i)
      io_.out << (i ? ", " : "") << def.Name(cards[i].as_string(), io_.lang);
    if (cards.size() > kCardsShown) io_.out << " ... (" << cards.size() << " in all)";
    io_.out << "\n";
  }
  return any;
}

void HumanSeat::ShowActions(const LegalList& legal, const std::string& prefix) {
  const Definition& def = game_.definition();
  // In the order the decision numbered them (numbers ordered as numbers): listed in
  // text order, "40. move 10,9" came before "1. move 1,7".
  std::vector<std::pair<std::string, size_t>> matches;
  for (size_t i = 0; i < legal.size(); ++i) {
    std::string text = legal.at(i).Text();
    if (prefix.empty() || text.rfind(prefix, 0) == 0) matches.push_back({std::move(text), i});
  }
  std::stable_sort(matches.begin(), matches.end(), [](const auto& x, const auto& y) { return NaturalLess(x.first, y.first); });
  size_t shown = 0;
  for (const auto& [text, i] : matches) {
    if (shown++ == 200) {
      io_.out << "  ... (more: a longer prefix narrows the list)\n";
      break;
    }
    // The number, where typing it is accepted.
    const auto it = std::find(numbered_.begin(), numbered_.end(), i);
    io_.out << "  ";
    if (it != numbered_.end()) io_.out << (it - numbered_.begin() + 1) << ". ";
    io_.out << ActionDisplayText(def, text, io_.lang) << "\n";
  }
  if (shown == 0) io_.out << "  no legal action starts with '" << prefix << "'\n";
}

void HumanSeat::ShowHelp() {
  io_.out << "  an action's text (as listed, its ids or the names shown for them), or its number where one is shown\n"
             "  actions [PREFIX]  the legal actions (those starting with PREFIX)\n"
             "  view              what this seat sees: its hand, the face-up piles, any cards shown to it,\n"
             "                    where the pieces stand, the game's public variables and its own\n"
             "  log               what this seat saw that not every seat did (its cards dealt, cards shown to it)\n"
             "  notes             your detective notebook: for each card, who holds it or not, as far as\n"
             "                    what this seat saw proves, and the cards proved to be in the solution\n"
             "  board             the board as it stands (at a choice of squares: them marked, rows and columns numbered)\n"
             "  save FILE         save the game so far (parlor play --resume FILE goes on)\n"
             "  quit              stop here (the game is saved when --save was given)\n";
}

void HumanSeat::ShowNotebook() {
  // A hook that fails is said here and the game goes on: the notebook is the rules'
  // help to a person, not a rule, and the error names the hook for its author.
  try {
    const std::optional<SeatNotebook> notebook = NotebookOf(game_, seat_);
    if (!notebook) {
      io_.out << "this game keeps no notebook (a game's rules give one with hooks.notebook: docs/hooks.md)\n";
      return;
    }
    io_.out << NotebookText(game_.definition(), *notebook, game_.state().num_seats, SeatDisplayNames(game_, io_.lang),
                            io_.lang);
  } catch (const Error& e) {
    io_.out << "notes: " << e.what() << "\n";
  }
}

std::string HumanSeat::WithIds(const std::string& text, const LegalList& legal) const {
  const std::vector<std::string> typed = Words(text);
  if (typed.size() < 2) return text;  // an action's type is typed as it is listed
  // A person reading "Sra. Blanco" on the screen typed it, and was told it is in no
  // action: only the ids were taken. The ids legal now decide between names two ids
  // share (Spanish "Verde" is a colour and part of "Sr. Verde").
  // The words legal at each position of an action's text (0: its type). A name is
  // taken for an id only where that id may stand: a card game whose ranks are named
  // "2" .. "10" must not read the seat number in `ask 5 two` as the card `five`.
  std::vector<std::set<std::string>> legal_at;
  std::set<std::string> legal_words;
  for (size_t i = 0; i < legal.size(); ++i) {
    std::vector<std::string> words = Words(legal.at(i).Text());
    if (legal_at.size() < words.size()) legal_at.resize(words.size());
    for (size_t w = 0; w < words.size(); ++w) {
      legal_words.insert(words[w]);
      legal_at[w].insert(std::move(words[w]));
    }
  }
  static const std::set<std::string> kNone;
  auto at = [&](size_t position) -> const std::set<std::string>& {
    return position < legal_at.size() ? legal_at[position] : kNone;
  };
  auto lower = [](std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
  };
  const Definition& def = game_.definition();
  std::map<std::string, std::set<std::string>> ids_of;  // a name, in lower case -> the legal ids it names
  size_t longest = 1;                                   // words in the longest name
  for (const std::string& lang : {io_.lang, std::string("en")}) {
    const auto names = def.names.find(lang);
    if (names == def.names.end()) continue;
    for (const auto& [id, name] : names->second) {
      if (!legal_words.count(id)) continue;
      ids_of[lower(name)].insert(id);
      longest = std::max(longest, Words(name).size());
    }
  }
  if (ids_of.empty()) return text;
  std::string out = typed[0];
  for (size_t i = 1, position = 1; i < typed.size(); ++position) {
    size_t matched = 0;
    std::string id;
    const std::set<std::string>& here = at(position);
    if (!here.count(typed[i]))  // an id (or a square) typed as listed stays
      for (size_t n = std::min(longest, typed.size() - i); n >= 1 && matched == 0; --n) {
        std::string phrase = typed[i];
        for (size_t k = 1; k < n; ++k) phrase += " " + typed[i + k];
        const auto it = ids_of.find(lower(phrase));
        if (it == ids_of.end()) continue;
        // the one id of that name legal at this position
        std::string only;
        size_t count = 0;
        for (const std::string& candidate : it->second)
          if (here.count(candidate)) only = candidate, ++count;
        if (count == 1) matched = n, id = only;
      }
    out += " " + (matched > 0 ? id : typed[i]);
    i += matched > 0 ? matched : 1;
  }
  return out;
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
  } catch (const ScriptError& e) {
    // The rules failing (a hook's error), not refusing: their message may tell what
    // this seat may not see (another hand), so, as for a failure in play, only where.
    const std::string kept = io_.keep_error ? io_.keep_error(e.what()) : "it is not kept";
    io_.out << "the rules failed trying '" << text << "'" << WhereTheRulesFailed(e.what())
            << "\n(the rules' message is left out: " << kept << "); type another action\n";
    return ActionProduct::npos;
  } catch (const Error& e) {
    // The rules' reason; where they give none, the engine lists the first legal
    // actions in text order, which at a long list are all of one kind.
    std::string why = e.what();
    const size_t generic = why.find("; legal actions are:");
    if (generic != std::string::npos) why = why.substr(0, generic) + " (`actions` lists the legal ones)";
    io_.out << why << "\n" << TypoNote(text, legal, why);
    return ActionProduct::npos;
  }
  return legal.IndexOf(trial.state().history.back());
}

// A typo is answered by the rules as any illegal action is, and their reason may be
// about something else ('suggest plum rpoe' was told when a suggestion may be made,
// when it could be): so a typed word that no legal action has is named, with the
// legal action a few edits away when there is one; not when the rules' reason
// already names each such word ("'red_9' is not a pawn").
std::string HumanSeat::TypoNote(const std::string& text, const LegalList& legal, const std::string& why) const {
  const std::vector<std::string> typed = Words(text);
  if (typed.empty()) return "";
  std::set<std::string> known, kinds;
  std::string nearest;
  size_t best = std::string::npos;
  for (size_t i = 0; i < legal.size(); ++i) {
    const std::string listed = legal.at(i).Text();
    for (std::string& w : Words(listed)) known.insert(std::move(w));
    kinds.insert(TypeAt(legal, i));
    const size_t d = EditDistance(text, listed);
    if (d < best) best = d, nearest = listed;
  }
  std::string unknown;
  int count = 0;
  bool all_named = true;
  // The reason opens with the text typed ("'dance' is not legal ..."): not a naming.
  std::string reason = why;
  if (const size_t echo = reason.find("'" + text + "'"); echo != std::string::npos) reason.erase(echo, text.size() + 2);
  for (size_t w = 0; w < typed.size(); ++w) {
    // A number or a square ("7", "19,8") is not misspelt: the rules say why it is wrong.
    const bool has_letter = std::any_of(typed[w].begin(), typed[w].end(), [](unsigned char c) { return std::isalpha(c); });
    if (!has_letter || known.count(typed[w])) continue;
    unknown += (unknown.empty() ? "'" : ", '") + typed[w] + "'";
    ++count;
    all_named = all_named && reason.find("'" + typed[w] + "'") != std::string::npos;
  }
  if (unknown.empty() || all_named) return "";
  std::string note = "  " + unknown + (count == 1 ? " is" : " are") + " in no action legal now";
  if (!kinds.count(typed[0])) {
    std::string list;
    for (const auto& k : kinds) list += (list.empty() ? "" : ", ") + k;
    note += " (the kinds of action now: " + list + ")";
  }
  // Near: at most 3 edits, and at most a quarter of the letters of the longer of the
  // two texts ('rol' is 'roll', one letter short; 'ed' is no 'end'). It was fewer than
  // a quarter of the typed text's, which no slip in a word of 4 letters or less met.
  if (best <= 3 && best * 4 <= std::max(text.size(), nearest.size()))
    note += "; did you mean '" + ActionDisplayText(game_.definition(), nearest, io_.lang) + "'?";
  return note + "\n";
}

}  // namespace parlor

namespace parlor {

namespace {

// "FILE:LINE" when `text` is one (a line number after the last colon) of a file the
// rules were read from, else "". Not a chunk made of a text (`load(text)`: Lua names
// it `[string "its first line"]`, which may be anything the rules wrote), nor the
// engine's own ("[C]", "[fast calls]"), nor load's unnamed "(load)".
std::string FileAndLine(const std::string& text) {
  const size_t colon = text.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == text.size() ||
      text.find_first_not_of("0123456789", colon + 1) != std::string::npos || text[0] == '[' || text[0] == '(')
    return "";
  return text;
}

// The places ("rules.lua:15") of the frames of the traceback the engine's message
// handler appended to a hook's error (scripting/lua/sandbox.cpp, Traceback), the
// innermost first: "stack traceback:", then a line a frame ("\trules.lua:15: in
// function 'pick'"; "\t[C]: in function 'error'" has no line). The last traceback
// of `what` is the handler's: what comes before it is the rules' message (which may
// hold anything, a traceback of a hook it went through included), what comes after
// it the engine's notes ("(while applying ...)").
std::vector<std::string> TracebackPlaces(const std::string& what) {
  static const std::string kHeading = "\nstack traceback:\n";
  std::vector<std::string> places;
  const size_t heading = what.rfind(kHeading);
  if (heading == std::string::npos) return places;
  size_t at = heading + kHeading.size();
  while (at < what.size() && what[at] == '\t') {
    const size_t end = std::min(what.find('\n', at), what.size());
    const std::string frame = what.substr(at + 1, end - at - 1);
    const size_t in = frame.find(": in ");
    if (in != std::string::npos)
      if (std::string place = FileAndLine(frame.substr(0, in)); !place.empty()) places.push_back(std::move(place));
    at = end + 1;
  }
  return places;
}

}  // namespace

std::string WhereTheRulesFailed(const std::string& what) {
  // A hook's error opens "hook 'apply' of ID (rules.lua:14) failed: rules.lua:15: the
  // rules' message" (or "hook 'x' of ID (f:l), called from hook 'apply' of ID (f:l),
  // failed: ..."): the part before "failed: " names hooks and where they are defined,
  // what follows is the rules' message, which may open with where it was raised.
  const std::string first = what.substr(0, what.find('\n'));
  const size_t failed = first.find(" failed: ");
  if (first.rfind("hook '", 0) != 0 || failed == std::string::npos) return "";
  std::string head = first.substr(0, failed);
  if (!head.empty() && head.back() == ',') head.pop_back();
  std::string out = ": " + head + " failed";
  // Where it was raised is a frame of the traceback: the place the message opens with
  // ("rules.lua:15: ...", as Lua's error() writes it, at the level it was given) when
  // it is one, else the innermost frame with a line. The message's opening alone is
  // not a place: error("sapphire:12: ...", 0) opens like one, and was shown as where
  // the rules failed, the rules' own words at the table.
  const std::vector<std::string> places = TracebackPlaces(what);
  if (places.empty()) return out;
  const std::string message = first.substr(failed + 9);
  const size_t line_end = message.find(": ");
  const std::string opening = line_end == std::string::npos ? "" : FileAndLine(message.substr(0, line_end));
  const bool opening_is_a_frame =
      !opening.empty() && std::find(places.begin(), places.end(), opening) != places.end();
  return out + " at " + (opening_is_a_frame ? opening : places.front());
}

std::string ErrorForTheTable(const std::string& what, int seat, size_t action) {
  // A definition's bot (hooks.bot) failing is no rule failing: said as the bot's.
  const std::string first = what.substr(0, what.find('\n'));
  const bool bot = first.rfind("hook 'bot' ", 0) == 0 || first.find(", called from hook 'bot' ") != std::string::npos;
  return (bot ? "seat " + std::to_string(seat) + "'s bot failed choosing its action (action " +
                    std::to_string(action) + " of the game)"
              : "the rules failed at seat " + std::to_string(seat) + "'s action (action " + std::to_string(action) +
                    " of the game)") +
         WhereTheRulesFailed(what);
}

}  // namespace parlor
