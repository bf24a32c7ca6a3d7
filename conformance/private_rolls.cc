#include "conformance/private_rolls.h"

#include <algorithm>
#include <exception>
#include <optional>

#include "core/errors.h"
#include "core/playout.h"
#include "scripting/definition_bot.h"

namespace parlor::conformance {

namespace {

// One g:roll as the full log records it: the seat rolling, its values (empty when no
// seat was shown them, `seen_by = {}`: only the count is logged) and the seats shown
// them.
struct LoggedRoll {
  int seat = -1;
  int count = 0;
  std::vector<int> values;
  SeatMask seen_by = 0;
};

// The rolls recorded from position `from` of the full log on, in the order they were
// rolled (the order rigged rolls are used in). A private roll logs its values to
// `seen_by` and, right after, a twin with the count to the others (Table::Roll); a
// roll no seat sees logs the twin alone. Sets `any_private` when a roll was not shown
// to every seat. Reads the types first: a log of no roll costs a string compare an event.
std::vector<LoggedRoll> RollsSince(const Game& game, size_t from, bool& any_private) {
  const EventLog& log = game.state().log;
  const int n = game.state().num_seats;
  const SeatMask all = n >= 64 ? kAllSeats : SeatBit(n) - 1;
  std::vector<LoggedRoll> rolls;
  any_private = false;
  for (size_t i = from; i < log.size(); ++i) {
    if (log.type(i) != "roll") continue;
    const Event e = log[i];
    LoggedRoll r;
    r.seat = e.data().Get("seat").is_int() ? static_cast<int>(e.data().Get("seat").as_int()) : -1;
    if (e.data().Get("values").is_array()) {
      for (const auto& v : e.data().Get("values").as_array()) r.values.push_back(static_cast<int>(v.as_int()));
      r.count = static_cast<int>(r.values.size());
      r.seen_by = e.visible & all;
      // Its twin, telling the others how many dice: the same roll, not another one.
      if (r.seen_by != all && i + 1 < log.size() && log.type(i + 1) == "roll" &&
          (log.visible(i + 1) & all) == (all & ~r.seen_by))
        ++i;
    } else {
      r.count = e.data().Get("count").is_int() ? static_cast<int>(e.data().Get("count").as_int()) : 0;
      r.seen_by = 0;
    }
    if (r.seen_by != all) any_private = true;
    rolls.push_back(std::move(r));
  }
  return rolls;
}

std::string SeatsText(SeatMask seats, int num_seats) {
  std::string out;
  for (int s = 0; s < num_seats; ++s)
    if (seats & SeatBit(s)) out += (out.empty() ? "seat " : ", ") + std::to_string(s);
  return out.empty() ? "no seat" : out;
}

std::string ValuesText(const std::vector<int>& values) {
  std::string out = "[";
  for (size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + std::to_string(values[i]);
  return out + "]";
}

// A value's JSON cut short, for a message.
std::string Short(const Value& v) {
  std::string text = v.ToJson();
  return text.size() > 80 ? text.substr(0, 77) + "..." : text;
}

// The first place where `a` and `b` differ, as a key path from `path` ("vars.table_talk[1]"),
// with the two values there; "" when they are equal.
std::string FirstDifference(const Value& a, const Value& b, const std::string& path) {
  if (a == b) return "";
  if (a.is_object() && b.is_object()) {
    const auto key = [&](const std::string& k) { return path.empty() ? k : path + "." + k; };
    for (const auto& [k, x] : a.as_object()) {
      if (!b.Has(k)) return key(k) + " (" + Short(x) + " as rolled, absent with other values)";
      if (std::string d = FirstDifference(x, b.Get(k), key(k)); !d.empty()) return d;
    }
    for (const auto& [k, y] : b.as_object())
      if (!a.Has(k)) return key(k) + " (absent as rolled, " + Short(y) + " with other values)";
  }
  if (a.is_array() && b.is_array()) {
    const auto& x = a.as_array();
    const auto& y = b.as_array();
    for (size_t i = 0; i < std::min(x.size(), y.size()); ++i)
      if (std::string d = FirstDifference(x[i], y[i], path + "[" + std::to_string(i) + "]"); !d.empty()) return d;
  }
  return (path.empty() ? "the whole value" : path) + " (" + Short(a) + " as rolled, " + Short(b) + " with other values)";
}

// Dice a replay rigs past those the moment rolled, each a 1. A replay's rules may roll
// more dice than the game played did (g:random drew otherwise there and chose more):
// they take them from here, so that no replay's dice come from the generator, whose
// draws for the rules' g:random would then come apart between the two replays.
constexpr size_t kSpareDice = 1000;

// Table::Roll's refusal (core/table.cpp; hidden_info_s37.* fail if its words change) of
// a rigged value the die rolled cannot show ("rigged roll 5 is impossible on a 4-sided
// die"): the replay's rules rolled other dice than the game
// played did, or than the reference did, and a value rigged for one die met another.
// The check's doing, not the rules'.
bool IsRiggedImpossible(const std::exception& e) {
  const std::string what = e.what();
  return what.find("rigged roll ") != std::string::npos && what.find(" is impossible on a ") != std::string::npos;
}

// IsRiggedImpossible's error said short, for a note: "rigged roll 5 is impossible on a
// 4-sided die, at rules.lua:18" (the g:roll's file and line, when the hook's error
// gives them: "hook 'apply' of ID (rules.lua:51) failed: rules.lua:18: rigged roll ...").
std::string RiggedProblem(const std::exception& e) {
  const std::string what = e.what();
  const size_t at = what.find("rigged roll ");
  std::string out = what.substr(at, what.find('\n', at) - at);
  if (at >= 3 && what.compare(at - 2, 2, ": ") == 0) {
    const size_t from = what.find_last_of(" \n", at - 3) + 1;  // npos + 1 = 0
    const std::string site = what.substr(from, at - 2 - from);
    if (site.find(':') != std::string::npos) out += ", at " + site;
  }
  return out;
}

// Said after a rules error in a replay: what the check found is no leak, but a bug a
// game can meet.
constexpr const char* kNotALeak =
    "\n(no leak: no seat is shown anything here; but a game can roll these values and draw so, so the rules must handle "
    "them: conform's private-roll check, docs/cli.md)";

}  // namespace

// A private roll's values are the seats' of its seen_by only, until the rules show them
// (a challenge lifting every cup). Counterfactual, as CheckOwnBotIgnoresUnseenCards is
// for cards: the moment is played again from the state just before it, once with every
// roll rigged (world A, the reference) and, for each seat t not shown some of A's dice,
// once with those values changed (world B: v -> v - 1, 1 -> 2, on any die; the rolls t
// saw, public ones included, keep theirs). Both worlds use rigged rolls, so the rules'
// other chance (g:random, shuffles) draws alike in both: A, not the game played, is the
// reference. t's view, its new log entries, its legal actions when it acts next and
// (`own_bots`) its own bot's choice must be the same in both. Only the moment of the roll
// is checked: a later reveal is the rules' to make, and cannot be told apart from a leak.
//
// Rigged rolls draw nothing from the generator, so in A the rules' g:random draws
// otherwise than in the game played. Where such a draw decides a later roll of the
// moment (how many dice, of how many sides, whose, seen by whom), A rolls otherwise than
// the game played: A's own rolls, not the game's, say which values t was not shown, and
// spare dice (kSpareDice) stand for the dice A rolls beyond the game's. A rigged value
// that A's (or B's, the changed values leading elsewhere) dice cannot show is no fault
// of the rules: both worlds are then played with every die 1 (2 for those t was not
// shown), values every die can show, and a note says so. A rules error in A or B is a
// failure, but not a leak: the values are ones a game can roll. docs/cli.md says it all.
std::string CheckPrivateRollsStayPrivate(const LoadedDefinition& loaded, const Config& config, uint64_t seed,
                                         const Game& game, size_t step, size_t log_from, bool own_bots,
                                         const Game* kept, bool& rolled_privately, Notes& notes) {
  bool any_private = false;
  const std::vector<LoggedRoll> played = RollsSince(game, log_from, any_private);
  if (!any_private) return "";
  rolled_privately = true;
  const int n = game.state().num_seats;
  const auto& history = game.state().history;
  // The state just before the moment (a saved game is its seed and its actions).
  std::optional<Game> replayed;
  const Game* before = kept;
  if (step > 0 && !kept) {
    replayed.emplace(loaded.NewGame(config.num_seats, seed, config.options));
    for (size_t k = 0; k + 1 < step; ++k) replayed->Apply(history[k]);
    before = &*replayed;
  }
  const auto play = [&](const std::vector<int>& rigged) {
    if (step == 0) return Game(loaded.def, loaded.rules, config.num_seats, seed, config.options, rigged);
    Game g = *before;
    g.RigRolls(rigged);
    g.Apply(history[step - 1]);
    return g;
  };
  const std::string moment =
      step == 0 ? std::string("in the set-up")
                : "in action " + std::to_string(step) + " ('" + history[step - 1].Text() + "' by seat " +
                      std::to_string(history[step - 1].actor) + ")";
  // A moment that cannot be checked: a note says why, and the game goes on.
  const auto skip = [&](const std::string& why) {
    // Counted, not written, once the game's few notes are kept.
    if (notes.full()) ++notes.notes_left_off;
    else notes.Add("the private-roll check skipped " + moment + ": " + why);
    return std::string();
  };
  // Why the dice as rolled could not be rigged again ("" : they could).
  std::string unriggable;
  for (const bool ones : {false, true}) {
    std::vector<int> dice;
    for (const auto& r : played)
      for (int i = 0; i < r.count; ++i)
        dice.push_back(ones || r.values.empty() ? 1 : r.values[static_cast<size_t>(i)]);
    const std::string worlds = ones ? " (played with every die 1, and 2 for the dice the seat was not shown: the dice "
                                      "as rolled could not be rigged again; " + unriggable + ")"
                                    : "";
    dice.insert(dice.end(), kSpareDice, 1);
    std::optional<Game> a;
    try {
      a.emplace(play(dice));
    } catch (const std::exception& e) {
      if (IsRiggedImpossible(e)) {
        if (ones) return skip("a die took a rigged value it cannot show (" + RiggedProblem(e) + ")");
        unriggable = RiggedProblem(e) + ": the rules rolled other dice than the game played did (rigged dice draw "
                     "nothing from the generator, so the rules' g:random drew otherwise)";
        continue;
      }
      return "the rules fail " + moment + " when it is played again with " +
             (ones ? std::string("every die 1") : "the dice as they rolled, " + ValuesText(std::vector<int>(dice.begin(), dice.end() - kSpareDice))) +
             " rigged (rigged dice draw nothing from the generator, so the rules' g:random draws otherwise than in the "
             "game played): " + e.what() + kNotALeak;
    }
    if (a->state().rigged_rolls.empty())
      return skip("played again, it rolled more than " + std::to_string(kSpareDice) +
                  " dice beyond the game's (the rules' g:random drew otherwise there and chose so)");
    // A's own rolls and the values rigged for them, in the order rolled.
    bool a_private = false;
    const std::vector<LoggedRoll> rolls = RollsSince(*a, log_from, a_private);
    if (!a_private)
      return skip("played again with rigged dice, it rolled nothing privately (the rules' g:random drew otherwise "
                  "there and chose so)");
    std::vector<std::vector<int>> values;
    size_t at = 0;
    for (const auto& r : rolls) {
      values.emplace_back(dice.begin() + static_cast<std::ptrdiff_t>(at),
                          dice.begin() + static_cast<std::ptrdiff_t>(at + static_cast<size_t>(r.count)));
      at += static_cast<size_t>(r.count);
    }
    bool retry = false;
    for (int t = 0; t < n && !retry; ++t) {
      std::vector<int> changed;
      std::string whose, as;
      for (size_t k = 0; k < rolls.size(); ++k) {
        const LoggedRoll& r = rolls[k];
        const bool unseen = (r.seen_by & SeatBit(t)) == 0;
        std::vector<int> mine;
        for (int v : values[k]) mine.push_back(!unseen ? v : v == 1 ? 2 : v - 1);
        if (unseen && whose.size() < 300) {
          const std::string roll = std::string("seat ") + std::to_string(r.seat) + "'s roll ";
          const std::string seen = ", seen by " + SeatsText(r.seen_by, n);
          whose += (whose.empty() ? "" : "; ") + roll +
                   (r.values.empty() ? std::to_string(r.count) + " dice (values logged to no seat)" : ValuesText(r.values)) +
                   seen;
          as += (as.empty() ? "" : "; ") + roll + ValuesText(values[k]) + " as " + ValuesText(mine) + seen;
        }
        changed.insert(changed.end(), mine.begin(), mine.end());
      }
      if (whose.empty()) continue;  // t saw every roll of the moment
      changed.insert(changed.end(), dice.begin() + static_cast<std::ptrdiff_t>(at), dice.end());
      const std::string what = " " + moment + " when the values of rolls seat " + std::to_string(t) +
                               " was not shown change (" + whose + ")" + worlds + ": the rules showed a private "
                               "roll's values to a seat outside its seen_by (g:roll, docs/hooks.md); keep them where "
                               "only those seats look (g:seat_set) until the rules reveal them";
      std::optional<Game> b;
      try {
        b.emplace(play(changed));
      } catch (const std::exception& e) {
        if (IsRiggedImpossible(e)) {
          if (ones) return skip("a die took a rigged value it cannot show (" + RiggedProblem(e) + ")");
          unriggable = RiggedProblem(e) + ": with other values for the dice seat " + std::to_string(t) +
                       " was not shown, the rules rolled other dice";
          retry = true;
          break;
        }
        return "the rules fail " + moment + " when it is played again with other values for the dice seat " +
               std::to_string(t) + " was not shown (" + as + ")" + worlds + ": " + e.what() + kNotALeak;
      }
      const std::string who = "seat " + std::to_string(t) + "'s ";
      if (std::string d = FirstDifference(a->View(t, false), b->View(t, false), ""); !d.empty())
        return who + "view changes at " + d + what;
      const std::vector<Event> la = a->Log(t, log_from), lb = b->Log(t, log_from);
      for (size_t i = 0; i < std::max(la.size(), lb.size()); ++i) {
        if (i < la.size() && i < lb.size() && la[i] == lb[i]) continue;
        if (i >= la.size() || i >= lb.size() || la[i].type != lb[i].type)
          return who + "log changes at its entry " + std::to_string(i + 1) + " of the moment (" +
                 (i < la.size() ? "event '" + la[i].type + "'" : std::string("nothing")) + " as rolled, " +
                 (i < lb.size() ? "event '" + lb[i].type + "'" : std::string("nothing")) + " with other values)" + what;
        return who + "log changes in event #" + std::to_string(la[i].seq) + " (" + la[i].type + ") at " +
               FirstDifference(la[i].data(), lb[i].data(), "") + what;
      }
      if (a->over() || a->actor() != t) continue;
      if (a->LegalTexts() != b->LegalTexts()) {
        const auto& x = a->LegalTexts();
        const auto& y = b->LegalTexts();
        size_t i = 0;
        while (i < x.size() && i < y.size() && x[i] == y[i]) ++i;
        return who + "legal actions change (at number " + std::to_string(i + 1) + ": " +
               (i < x.size() ? "'" + x[i] + "'" : std::string("nothing")) + " as rolled, " +
               (i < y.size() ? "'" + y[i] + "'" : std::string("nothing")) + " with other values)" + what;
      }
      if (!own_bots || a->Legal().size() < 2) continue;
      Game mine = *a;
      Game other = *b;
      DefinitionBot mine_bot(loaded.rules, &mine, t), other_bot(loaded.rules, &other, t);
      std::string chose, other_chose;
      try {
        chose = mine.LegalTexts()[AskBot(mine, mine_bot)];
        other_chose = other.LegalTexts()[AskBot(other, other_bot)];
      } catch (const std::exception& e) {
        return who + "own bot (hooks.bot) fails " + moment + " played again, with the dice as rigged or with other "
               "values for the dice seat " + std::to_string(t) + " was not shown (" + as + ")" + worlds + ": " +
               e.what() + kNotALeak;
      }
      if (chose != other_chose)
        return who + "own bot (hooks.bot) chose '" + chose + "', but '" + other_chose + "' " + moment +
               " when the values of rolls seat " + std::to_string(t) + " was not shown change (" + whose + ")" +
               worlds + ", with the same view, log and legal actions: the bot read something its view does not "
               "show (a module variable the rules' hooks or another seat's bot wrote: the Lua state is shared; keep "
               "what a seat learns in the bot's memory, docs/hooks.md)";
    }
    if (retry) continue;
    if (ones) notes.Add("the private-roll check " + moment + " played with every die 1, and 2 for the dice a seat was "
                              "not shown: the dice as rolled could not be rigged again (" + unriggable + ")");
    return "";
  }
  return "";
}

}  // namespace parlor::conformance
