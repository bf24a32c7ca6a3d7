#include "cli/simulate.h"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <limits>

#include "cli/event_text.h"
#include "cli/game_start.h"
#include "core/errors.h"
#include "scripting/engine.h"
#include "scripting/simulation.h"

namespace parlor {

namespace {

// "12.5": one decimal, as a person reads a mean.
std::string OneDecimal(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.1f", x);
  return buf;
}

std::string Percent(int64_t part, int64_t whole) {
  return whole == 0 ? "-" : OneDecimal(100.0 * static_cast<double>(part) / static_cast<double>(whole)) + "%";
}

// A spread of SummaryValue as a line: "mean 12.5, median 12, fewest 3 (seed 7), most 30 (seed 2)".
std::string SpreadText(const Value& s) {
  const double median = s.Get("median").as_number();
  const std::string m = median == static_cast<double>(static_cast<int64_t>(median))
                            ? std::to_string(static_cast<int64_t>(median))
                            : OneDecimal(median);
  return "mean " + OneDecimal(s.Get("mean").as_number()) + ", median " + m + ", fewest " +
         std::to_string(s.Get("min").as_int()) + " (seed " + s.Get("min_seed").as_string() + "), most " +
         std::to_string(s.Get("max").as_int()) + " (seed " + s.Get("max_seed").as_string() + ")";
}

std::string TeamName(const Value& seats) {
  const auto& a = seats.as_array();
  std::string t = "seats";
  for (size_t i = 0; i < a.size(); ++i)
    t += (i == 0 ? " " : i + 1 == a.size() ? " and " : ", ") + std::to_string(a[i].as_int());
  return t;
}

// An argument as a POSIX shell reads it back: quoted when it holds more than
// letters, digits and ./_=:,+- (a folder with a space, an option value with a quote).
std::string ShellWord(const std::string& w) {
  const bool plain = !w.empty() && w.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                       "0123456789./_=:,+-") == std::string::npos;
  if (plain) return w;
  std::string q = "'";
  for (char c : w) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// What each seat plays, by its display name, when every game of the run ended
// telling the same (hook seat_name, asked at each game's end): Sorry!'s seat 0 is Red
// in every game. Empty when a game said otherwise (seats that choose their colour)
// or none names anything: the seats are then shown by number alone.
std::vector<std::string> CommonSeatNames(const Definition& def, const std::vector<GameOutcome>& games) {
  if (games.empty()) return {};
  for (const GameOutcome& g : games)
    if (g.seat_names != games.front().seat_names) return {};
  std::vector<std::string> names;
  bool any = false;
  for (const std::string& id : games.front().seat_names) {
    names.push_back(id.empty() ? id : def.Name(id, "en"));
    any = any || !id.empty();
  }
  return any ? names : std::vector<std::string>{};
}

void PrintText(const Value& s, const Definition& def, const SimulateArgs& a, int players, const Value& options,
               const std::string& bots, double seconds, const std::vector<std::string>& seat_names) {
  std::string title = def.Title("en");
  for (const auto& m : a.mods) title += " + " + m;
  std::cout << title << " — " << players << " players, " << a.games << (a.games == 1 ? " game" : " games")
            << ", seeds " << a.seed << "-" << a.seed + static_cast<uint64_t>(a.games - 1) << ", bots: " << bots;
  if (!options.as_object().empty()) std::cout << ", options " << options.ToJson();
  std::cout << "\n";
  const int64_t n = s.Get("ended").as_int();
  std::cout << "ended:         " << n << " of " << a.games << "\n";
  const auto& unended = s.Get("not_ended_seeds").as_array();
  if (!unended.empty()) {
    std::cout << "not ended:     " << unended.size() << " within " << a.max_actions << " actions (seeds";
    for (size_t i = 0; i < unended.size() && i < 20; ++i) std::cout << (i ? ", " : " ") << unended[i].as_string();
    std::cout << (unended.size() > 20 ? ", ...)\n" : ")\n");
  }
  if (n > 0) {
    std::cout << "actions:       " << SpreadText(s.Get("actions")) << "\n";
    std::cout << "turns:         " << SpreadText(s.Get("turns")) << "\n";
    std::cout << "wins by seat:  ";
    const auto& wins = s.Get("wins").as_array();
    for (size_t w = 0; w < wins.size(); ++w)
      std::cout << (w ? ", " : "") << SeatLabel(static_cast<int>(w), seat_names) << " " << wins[w].as_int() << " ("
                << Percent(wins[w].as_int(), n) << ")";
    std::cout << "\n";
    const auto& teams = s.Get("team_wins").as_array();
    if (!teams.empty()) {
      std::cout << "wins by team:  ";
      for (size_t i = 0; i < teams.size(); ++i) {
        const int64_t won = teams[i].Get("wins").as_int();
        std::cout << (i ? ", " : "") << TeamName(teams[i].Get("seats")) << " " << won << " (" << Percent(won, n)
                  << ")";
      }
      std::cout << "\n";
    }
    if (s.Get("shared_wins").as_int() > 0)
      std::cout << "shared wins:   " << s.Get("shared_wins").as_int() << " (each winner counted above)\n";
    std::cout << "no winner:     " << s.Get("no_winner").as_int() << " (" << Percent(s.Get("no_winner").as_int(), n)
              << ")\n";
    std::cout << "endings:       ";
    bool first = true;
    for (const auto& [reason, count] : s.Get("endings").as_object()) {
      // The reason's display name, as `play`'s "game over" line shows it (the id stays
      // in --json): Go Fish's "all_books" is "all 13 books made".
      std::cout << (first ? "" : ", ") << (reason.empty() ? "(no reason given)" : "\"" + def.Name(reason, "en") + "\"")
                << " " << count.as_int();
      first = false;
    }
    std::cout << "\n";
    if (s.Get("scored").as_bool()) {
      std::cout << "mean scores:   ";
      const auto& means = s.Get("mean_scores").as_array();
      for (size_t seat = 0; seat < means.size(); ++seat)
        std::cout << (seat ? ", " : "") << SeatLabel(static_cast<int>(seat), seat_names) << " "
                  << OneDecimal(means[seat].as_number());
      std::cout << "\n";
    }
  }
  std::cout << "time:          " << OneDecimal(seconds) << " s\n";
}

}  // namespace

int CmdSimulate(const SimulateArgs& a) {
  LoadedDefinition loaded = LoadPlayable(a.variant, a.mods);
  const Definition& def = *loaded.def;
  const GameStart start = StartOf(def, a.players, a.options, a.mode);
  if (a.bots != "random" && a.bots != "rules" && a.bots != "auto")
    throw StateError("--bots " + a.bots + ": expected random, rules or auto");
  if (a.bots == "rules" && !loaded.rules->HasHook("bot"))
    throw StateError("--bots rules: " + def.id + " has no bot of its own (hooks.bot); use random");
  if (static_cast<uint64_t>(a.games) - 1 > std::numeric_limits<uint64_t>::max() - a.seed)
    throw StateError("--seed " + std::to_string(a.seed) + " with --games " + std::to_string(a.games) +
                     ": the last game's seed would pass 18446744073709551615");
  const bool own_bots = a.bots == "rules" || (a.bots == "auto" && loaded.rules->HasHook("bot"));
  // A set-up the rules refuse (an option, the seat count) is said as itself, not as
  // the failure of the first game.
  loaded.NewGame(start.players, a.seed, start.options);
  // The command that plays one of these games again, as `play` shows it.
  std::string again = "parlor play " + ShellWord(a.variant);
  for (const auto& m : a.mods) again += " --mod " + ShellWord(m);
  if (!a.mode.empty()) again += " --mode " + ShellWord(a.mode);
  for (const auto& o : a.options) again += " -o " + ShellWord(o);
  again += " -n " + std::to_string(start.players) + " --bots " + ShellWord(a.bots);

  const auto began = std::chrono::steady_clock::now();
  uint64_t next_seed = a.seed;  // the seed of the game being played
  std::vector<GameOutcome> games;
  try {
    games = Simulate(loaded, start.players, start.options, a.bots, a.seed, a.games, a.max_actions,
                     [&](const GameOutcome& game) {
                       ++next_seed;
                       if (a.json) std::cout << OutcomeValue(game).ToJson() << "\n";
                     });
  } catch (const Error& e) {
    // The seed makes the failing game one command away.
    throw StateError(std::string(e.what()) + "\n(`" + again + " --seed " + std::to_string(next_seed) +
                     " --save FILE` plays it again and keeps it for `parlor replay`)");
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  Value s = SummaryValue(games, start.players);
  if (a.json) {
    s["variant"] = def.id;
    Value::Array mods(a.mods.begin(), a.mods.end());  // built in place: GCC 12 warned of a moved-from temporary
    s["mods"] = Value(std::move(mods));
    s["players"] = start.players;
    s["options"] = start.options;
    s["bots"] = own_bots ? "rules" : "random";
    s["first_seed"] = std::to_string(a.seed);
    s["seconds"] = seconds;
    std::cout << s.ToJson() << "\n";
  } else {
    PrintText(s, def, a, start.players, start.options, own_bots ? "the definition's own (hooks.bot)" : "random", seconds,
              CommonSeatNames(def, games));
  }
  const auto& unended = s.Get("not_ended_seeds").as_array();
  if (!unended.empty()) {
    std::cerr << "parlor: " << unended.size() << " of " << a.games << " games did not end within " << a.max_actions
              << " actions (the first: seed " << unended.front().as_string() << ")\n";
    return 3;
  }
  return 0;
}

}  // namespace parlor
