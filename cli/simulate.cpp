#include "cli/simulate.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <limits>
#include <map>
#include <sstream>

#include "cli/game_start.h"
#include "core/errors.h"
#include "core/playout.h"
#include "scripting/definition_bot.h"
#include "scripting/engine.h"

namespace parlor {

namespace {

// One game's outcome: what the summary is made of, and the JSON line of a game.
struct Outcome {
  uint64_t seed = 0;
  bool ended = false;
  size_t actions = 0;
  int64_t turns = 0;
  std::vector<int> winners;
  std::string end_reason;
  std::vector<int64_t> scores;  // by seat
  std::vector<int> teams;       // by seat, -1 for none (at the game's end)
};

Outcome PlayOne(const LoadedDefinition& loaded, const GameStart& start, uint64_t seed, const SimulateArgs& a) {
  Outcome o;
  o.seed = seed;
  Game game = loaded.NewGame(start.players, seed, start.options);
  // The bots `play` makes for this seed: `parlor play ... --seed S` shows the game.
  auto bots = MakeBots(a.bots, game, loaded.rules, game.state().seed);
  const PlayoutResult r = PlayOut(game, bots, a.max_actions);
  o.ended = r.finished;
  o.actions = game.state().history.size();
  o.turns = game.state().turn_number;
  o.winners = game.winners();
  o.end_reason = game.state().end_reason;
  for (const Seat& s : game.state().seats) {
    o.scores.push_back(s.score);
    o.teams.push_back(s.team);
  }
  return o;
}

// "12.5": one decimal, as a person reads a mean.
std::string OneDecimal(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.1f", x);
  return buf;
}

std::string Percent(size_t part, size_t whole) {
  return whole == 0 ? "-" : OneDecimal(100.0 * static_cast<double>(part) / static_cast<double>(whole)) + "%";
}

// Mean, median, fewest and most of a count over the games that ended, with the seed
// of the shortest and longest (the games worth a look with `play --seed`).
struct Spread {
  double mean = 0, median = 0;
  int64_t least = 0, most = 0;
  uint64_t least_seed = 0, most_seed = 0;
};

template <typename Get>
Spread SpreadOf(const std::vector<Outcome>& ended, Get get) {
  Spread s;
  if (ended.empty()) return s;
  std::vector<int64_t> v;
  for (const auto& o : ended) v.push_back(static_cast<int64_t>(get(o)));
  double sum = 0;
  for (int64_t x : v) sum += static_cast<double>(x);
  s.mean = sum / static_cast<double>(v.size());
  // The first game of the fewest and of the most: the lowest seed, for a stable answer.
  const auto lo = std::min_element(v.begin(), v.end()), hi = std::max_element(v.begin(), v.end());
  s.least = *lo;
  s.most = *hi;
  s.least_seed = ended[static_cast<size_t>(lo - v.begin())].seed;
  s.most_seed = ended[static_cast<size_t>(hi - v.begin())].seed;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  s.median = n % 2 == 1 ? static_cast<double>(v[n / 2]) : (static_cast<double>(v[n / 2 - 1]) + static_cast<double>(v[n / 2])) / 2;
  return s;
}

Value SpreadValue(const Spread& s) {
  Value v;
  v["mean"] = s.mean;
  v["median"] = s.median;
  v["min"] = s.least;
  v["min_seed"] = std::to_string(s.least_seed);
  v["max"] = s.most;
  v["max_seed"] = std::to_string(s.most_seed);
  return v;
}

std::string SpreadText(const Spread& s) {
  auto whole = [](double x) { return x == static_cast<double>(static_cast<int64_t>(x)) ? std::to_string(static_cast<int64_t>(x)) : OneDecimal(x); };
  return "mean " + OneDecimal(s.mean) + ", median " + whole(s.median) + ", fewest " + std::to_string(s.least) +
         " (seed " + std::to_string(s.least_seed) + "), most " + std::to_string(s.most) + " (seed " +
         std::to_string(s.most_seed) + ")";
}

// The summary of every game played.
struct Summary {
  std::vector<Outcome> ended;
  std::vector<uint64_t> unended_seeds;
  std::vector<size_t> wins;  // by seat: games won (a game won by several seats counts for each)
  size_t no_winner = 0, shared = 0;
  std::map<std::vector<int>, size_t> team_wins;  // a team's seats -> games it won
  std::map<std::string, size_t> endings;         // end_reason -> games
  std::vector<double> score_sums;                // by seat, over the games that ended
  bool scored = false;                           // any seat scored in any game
};

// A team's seats (those sharing its number), or none when `seat` has no team.
std::vector<int> TeamOf(const Outcome& o, int seat) {
  std::vector<int> seats;
  const int team = o.teams[static_cast<size_t>(seat)];
  if (team < 0) return seats;
  for (size_t s = 0; s < o.teams.size(); ++s)
    if (o.teams[s] == team) seats.push_back(static_cast<int>(s));
  return seats;
}

Summary Summed(const std::vector<Outcome>& games, int players) {
  Summary s;
  s.wins.assign(static_cast<size_t>(players), 0);
  s.score_sums.assign(static_cast<size_t>(players), 0);
  for (const auto& o : games) {
    if (!o.ended) {
      s.unended_seeds.push_back(o.seed);
      continue;
    }
    s.ended.push_back(o);
    if (o.winners.empty()) ++s.no_winner;
    if (o.winners.size() > 1) ++s.shared;
    std::vector<std::vector<int>> teams_won;
    for (int w : o.winners) {
      ++s.wins[static_cast<size_t>(w)];
      std::vector<int> team = TeamOf(o, w);
      if (!team.empty() && std::find(teams_won.begin(), teams_won.end(), team) == teams_won.end())
        teams_won.push_back(std::move(team));
    }
    for (auto& t : teams_won) ++s.team_wins[t];
    ++s.endings[o.end_reason];
    for (size_t seat = 0; seat < o.scores.size(); ++seat) {
      s.score_sums[seat] += static_cast<double>(o.scores[seat]);
      if (o.scores[seat] != 0) s.scored = true;
    }
  }
  return s;
}

Value IntArray(const std::vector<int>& v) {
  Value::Array a;
  for (int x : v) a.push_back(Value(x));
  return Value(std::move(a));
}

Value GameLine(const Outcome& o) {
  Value v;
  v["type"] = "game";
  v["seed"] = std::to_string(o.seed);  // a text, as saves write seeds: JSON numbers lose digits past 2^53
  v["ended"] = o.ended;
  v["actions"] = static_cast<int64_t>(o.actions);
  v["turns"] = o.turns;
  v["winners"] = IntArray(o.winners);
  v["end_reason"] = o.end_reason;
  Value::Array scores;
  for (int64_t x : o.scores) scores.push_back(Value(x));
  v["scores"] = Value(std::move(scores));
  return v;
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

std::string TeamName(const std::vector<int>& seats) {
  std::string t = "seats";
  for (size_t i = 0; i < seats.size(); ++i) t += (i == 0 ? " " : i + 1 == seats.size() ? " and " : ", ") + std::to_string(seats[i]);
  return t;
}

}  // namespace

int CmdSimulate(const SimulateArgs& a) {
  LoadedDefinition loaded = LoadPlayable(a.variant, a.mods);
  const Definition& def = *loaded.def;
  const GameStart start = StartOf(def, a.players, a.options, a.mode);
  if (a.bots == "rules" && !loaded.rules->HasHook("bot"))
    throw StateError("--bots rules: " + def.id + " has no bot of its own (hooks.bot); use random");
  const uint64_t last_seed_room = std::numeric_limits<uint64_t>::max() - a.seed;
  if (static_cast<uint64_t>(a.games) - 1 > last_seed_room)
    throw StateError("--seed " + std::to_string(a.seed) + " with --games " + std::to_string(a.games) +
                     ": the last game's seed would pass 18446744073709551615");
  const std::string bots =
      a.bots == "random" || (a.bots == "auto" && !loaded.rules->HasHook("bot")) ? "random" : "the definition's own (hooks.bot)";

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
  std::vector<Outcome> games;
  games.reserve(static_cast<size_t>(a.games));
  for (int i = 0; i < a.games; ++i) {
    const uint64_t seed = a.seed + static_cast<uint64_t>(i);
    try {
      games.push_back(PlayOne(loaded, start, seed, a));
    } catch (const Error& e) {
      // The seed makes the failing game one command away.
      throw StateError("the game with seed " + std::to_string(seed) + " failed: " + e.what() + "\n(`" + again +
                       " --seed " + std::to_string(seed) + " --save FILE` plays it again and keeps it for `parlor replay`)");
    }
    if (a.json) std::cout << GameLine(games.back()).ToJson() << "\n";
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  const Summary s = Summed(games, start.players);
  const Spread actions = SpreadOf(s.ended, [](const Outcome& o) { return static_cast<int64_t>(o.actions); });
  const Spread turns = SpreadOf(s.ended, [](const Outcome& o) { return o.turns; });
  const size_t n = s.ended.size();

  if (a.json) {
    Value v;
    v["type"] = "summary";
    v["variant"] = def.id;
    Value::Array mods;
    for (const auto& m : a.mods) mods.push_back(Value(m));
    v["mods"] = Value(std::move(mods));
    v["players"] = start.players;
    v["options"] = start.options;
    v["bots"] = bots == "random" ? "random" : "rules";
    v["games"] = a.games;
    v["first_seed"] = std::to_string(a.seed);
    v["ended"] = static_cast<int64_t>(n);
    Value::Array unended;
    for (uint64_t seed : s.unended_seeds) unended.push_back(Value(std::to_string(seed)));
    v["not_ended_seeds"] = Value(std::move(unended));
    v["actions"] = SpreadValue(actions);
    v["turns"] = SpreadValue(turns);
    Value::Array wins;
    for (size_t w : s.wins) wins.push_back(Value(static_cast<int64_t>(w)));
    v["wins"] = Value(std::move(wins));
    v["no_winner"] = static_cast<int64_t>(s.no_winner);
    v["shared_wins"] = static_cast<int64_t>(s.shared);
    Value::Array teams;
    for (const auto& [team, won] : s.team_wins) {
      Value t;
      t["seats"] = IntArray(team);
      t["wins"] = static_cast<int64_t>(won);
      teams.push_back(std::move(t));
    }
    v["team_wins"] = Value(std::move(teams));
    Value endings = Value(Value::Object{});
    for (const auto& [reason, count] : s.endings) endings[reason] = static_cast<int64_t>(count);
    v["endings"] = endings;
    Value::Array means;
    for (double sum : s.score_sums) means.push_back(Value(n == 0 ? 0.0 : sum / static_cast<double>(n)));
    v["mean_scores"] = Value(std::move(means));
    v["seconds"] = seconds;
    std::cout << v.ToJson() << "\n";
  } else {
    std::string title = def.Title("en");
    for (const auto& m : a.mods) title += " + " + m;
    std::cout << title << " — " << start.players << " players, " << a.games << (a.games == 1 ? " game" : " games")
              << ", seeds " << a.seed << "-" << a.seed + static_cast<uint64_t>(a.games - 1) << ", bots: " << bots;
    if (!start.options.as_object().empty()) std::cout << ", options " << start.options.ToJson();
    std::cout << "\n";
    std::cout << "ended:         " << n << " of " << a.games << "\n";
    if (!s.unended_seeds.empty()) {
      std::cout << "not ended:     " << s.unended_seeds.size() << " within " << a.max_actions << " actions (seeds";
      for (size_t i = 0; i < s.unended_seeds.size() && i < 20; ++i) std::cout << (i ? ", " : " ") << s.unended_seeds[i];
      if (s.unended_seeds.size() > 20) std::cout << ", ...";
      std::cout << ")\n";
    }
    if (n > 0) {
      std::cout << "actions:       " << SpreadText(actions) << "\n";
      std::cout << "turns:         " << SpreadText(turns) << "\n";
      std::cout << "wins by seat:  ";
      for (size_t w = 0; w < s.wins.size(); ++w)
        std::cout << (w ? ", " : "") << "seat " << w << " " << s.wins[w] << " (" << Percent(s.wins[w], n) << ")";
      std::cout << "\n";
      if (!s.team_wins.empty()) {
        std::cout << "wins by team:  ";
        bool first = true;
        for (const auto& [team, won] : s.team_wins) {
          std::cout << (first ? "" : ", ") << TeamName(team) << " " << won << " (" << Percent(won, n) << ")";
          first = false;
        }
        std::cout << "\n";
      }
      if (s.shared > 0) std::cout << "shared wins:   " << s.shared << " (each winner counted above)\n";
      std::cout << "no winner:     " << s.no_winner << " (" << Percent(s.no_winner, n) << ")\n";
      std::cout << "endings:       ";
      bool first = true;
      for (const auto& [reason, count] : s.endings) {
        std::cout << (first ? "" : ", ") << (reason.empty() ? "(no reason given)" : "\"" + reason + "\"") << " "
                  << count;
        first = false;
      }
      std::cout << "\n";
      if (s.scored) {
        std::cout << "mean scores:   ";
        for (size_t seat = 0; seat < s.score_sums.size(); ++seat)
          std::cout << (seat ? ", " : "") << "seat " << seat << " " << OneDecimal(s.score_sums[seat] / static_cast<double>(n));
        std::cout << "\n";
      }
    }
    std::cout << "time:          " << OneDecimal(seconds) << " s\n";
  }
  if (!s.unended_seeds.empty()) {
    std::cerr << "parlor: " << s.unended_seeds.size() << " of " << a.games << " games did not end within "
              << a.max_actions << " actions (the first: seed " << s.unended_seeds.front() << ")\n";
    return 3;
  }
  return 0;
}

}  // namespace parlor
