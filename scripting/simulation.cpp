#include "scripting/simulation.h"

#include <algorithm>
#include <map>

#include "core/errors.h"
#include "core/playout.h"
#include "scripting/definition_bot.h"

namespace parlor {

GameOutcome PlaySimulatedGame(const LoadedDefinition& loaded, int players, const Value& options,
                              const std::string& bots, uint64_t seed, size_t max_actions) {
  Game game = loaded.NewGame(players, seed, options);
  // The bots `play` makes for this seed (cli/play.cpp): the same game, action for action.
  auto seat_bots = MakeBots(bots, game, loaded.rules, game.state().seed);
  const PlayoutResult r = PlayOut(game, seat_bots, max_actions);
  GameOutcome o;
  o.seed = seed;
  o.ended = r.finished;
  o.actions = game.state().history.size();
  o.turns = game.state().turn_number;
  o.winners = game.winners();
  o.end_reason = game.state().end_reason;
  for (const Seat& s : game.state().seats) {
    o.scores.push_back(s.score);
    o.teams.push_back(s.team);
  }
  for (int seat = 0; seat < game.state().num_seats; ++seat) o.seat_names.push_back(game.SeatName(seat));
  return o;
}

std::vector<GameOutcome> Simulate(const LoadedDefinition& loaded, int players, const Value& options,
                                  const std::string& bots, uint64_t first_seed, int games, size_t max_actions,
                                  const std::function<void(const GameOutcome&)>& on_game) {
  std::vector<GameOutcome> out;
  out.reserve(static_cast<size_t>(games));
  for (int i = 0; i < games; ++i) {
    const uint64_t seed = first_seed + static_cast<uint64_t>(i);
    const std::string failed = "the game with seed " + std::to_string(seed) + " failed: ";
    // The same type again, so that a caller (Python) tells a rules error from a bad
    // set-up as it would for one game.
    try {
      out.push_back(PlaySimulatedGame(loaded, players, options, bots, seed, max_actions));
    } catch (const BoardError& e) {
      throw BoardError(failed + e.what());
    } catch (const DefinitionError& e) {
      throw DefinitionError(failed + e.what());
    } catch (const ScriptError& e) {
      throw ScriptError(failed + e.what());
    } catch (const IllegalAction& e) {
      throw IllegalAction(failed + e.what());
    } catch (const StateError& e) {
      throw StateError(failed + e.what());
    } catch (const Error& e) {
      throw Error(failed + e.what());
    }
    if (on_game) on_game(out.back());
  }
  return out;
}

namespace {

Value IntArray(const std::vector<int>& v) {
  Value::Array a;
  for (int x : v) a.push_back(Value(x));
  return Value(std::move(a));
}

// Mean, median, fewest and most of a count over the games that ended, with the seed
// of the first shortest and first longest game (the games worth a look with
// `play --seed`).
template <typename Get>
Value SpreadOf(const std::vector<const GameOutcome*>& ended, Get get) {
  Value s;
  if (ended.empty()) return Value(nullptr);
  std::vector<int64_t> v;
  double sum = 0;
  for (const GameOutcome* o : ended) {
    v.push_back(get(*o));
    sum += static_cast<double>(v.back());
  }
  const auto lo = std::min_element(v.begin(), v.end()), hi = std::max_element(v.begin(), v.end());
  s["mean"] = sum / static_cast<double>(v.size());
  s["min"] = *lo;
  s["min_seed"] = std::to_string(ended[static_cast<size_t>(lo - v.begin())]->seed);
  s["max"] = *hi;
  s["max_seed"] = std::to_string(ended[static_cast<size_t>(hi - v.begin())]->seed);
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  s["median"] = n % 2 == 1 ? static_cast<double>(v[n / 2])
                           : (static_cast<double>(v[n / 2 - 1]) + static_cast<double>(v[n / 2])) / 2;
  return s;
}

// A winner's team: the seats sharing its team number, or none without a team.
std::vector<int> TeamOf(const GameOutcome& o, int seat) {
  std::vector<int> seats;
  const int team = o.teams[static_cast<size_t>(seat)];
  if (team < 0) return seats;
  for (size_t s = 0; s < o.teams.size(); ++s)
    if (o.teams[s] == team) seats.push_back(static_cast<int>(s));
  return seats;
}

}  // namespace

Value OutcomeValue(const GameOutcome& o) {
  Value v;
  v["type"] = "game";
  v["seed"] = std::to_string(o.seed);
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

Value SummaryValue(const std::vector<GameOutcome>& games, int players) {
  std::vector<const GameOutcome*> ended;
  Value::Array unended;
  std::vector<int64_t> wins(static_cast<size_t>(players), 0);
  std::vector<double> score_sums(static_cast<size_t>(players), 0);
  int64_t no_winner = 0, shared = 0;
  bool scored = false;
  std::map<std::vector<int>, int64_t> team_wins;
  std::map<std::string, int64_t> endings;
  for (const auto& o : games) {
    if (!o.ended) {
      unended.push_back(Value(std::to_string(o.seed)));
      continue;
    }
    ended.push_back(&o);
    if (o.winners.empty()) ++no_winner;
    if (o.winners.size() > 1) ++shared;
    // A game counts once for each seat that won it, and once for each team.
    std::vector<std::vector<int>> teams_won;
    for (int w : o.winners) {
      ++wins[static_cast<size_t>(w)];
      std::vector<int> team = TeamOf(o, w);
      if (!team.empty() && std::find(teams_won.begin(), teams_won.end(), team) == teams_won.end())
        teams_won.push_back(std::move(team));
    }
    for (auto& t : teams_won) ++team_wins[t];
    ++endings[o.end_reason];
    for (size_t seat = 0; seat < o.scores.size() && seat < score_sums.size(); ++seat) {
      score_sums[seat] += static_cast<double>(o.scores[seat]);
      scored = scored || o.scores[seat] != 0;
    }
  }
  Value v;
  v["type"] = "summary";
  v["games"] = static_cast<int64_t>(games.size());
  v["ended"] = static_cast<int64_t>(ended.size());
  v["not_ended_seeds"] = Value(std::move(unended));
  v["actions"] = SpreadOf(ended, [](const GameOutcome& o) { return static_cast<int64_t>(o.actions); });
  v["turns"] = SpreadOf(ended, [](const GameOutcome& o) { return o.turns; });
  Value::Array by_seat;
  for (int64_t w : wins) by_seat.push_back(Value(w));
  v["wins"] = Value(std::move(by_seat));
  v["no_winner"] = no_winner;
  v["shared_wins"] = shared;
  Value::Array teams;
  for (const auto& [team, won] : team_wins) {
    Value t;
    t["seats"] = IntArray(team);
    t["wins"] = won;
    teams.push_back(std::move(t));
  }
  v["team_wins"] = Value(std::move(teams));
  Value reasons = Value(Value::Object{});
  for (const auto& [reason, count] : endings) reasons[reason] = count;
  v["endings"] = reasons;
  Value::Array means;
  for (double sum : score_sums) means.push_back(Value(ended.empty() ? 0.0 : sum / static_cast<double>(ended.size())));
  v["mean_scores"] = Value(std::move(means));
  v["scored"] = scored;
  return v;
}

}  // namespace parlor
