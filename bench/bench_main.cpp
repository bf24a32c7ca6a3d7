// Plays N games of a variant between bots and reports games/s, actions/s and
// hook calls/s. It prints numbers; it never fails on time.
#include <CLI/CLI.hpp>
#include <chrono>
#include <iostream>

#include "cli/game_start.h"
#include "core/errors.h"
#include "core/playout.h"
#include "scripting/definition_bot.h"
#include "scripting/engine.h"
#include "scripting/lua/lua_profiler.h"
#include "scripting/lua/lua_rules.h"

int main(int argc, char** argv) {
  using namespace parlor;
  CLI::App app{"parlor_bench: games/s, actions/s and hook calls/s of a variant"};
  std::string variant = "demo-sleuth";
  int players = 0, games = 200;
  uint64_t seed = 1;
  std::vector<std::string> mods;
  std::string bot_kind = "random";
  app.add_option("variant", variant, "Variant id or folder");
  app.add_option("--players,-n", players, "Seats (default: the variant's minimum)");
  app.add_option("--games,-g", games, "Games to play");
  app.add_option("--seed,-s", seed, "First seed");
  app.add_option("--mod", mods, "Mod folder (repeatable)");
  app.add_option("--bots", bot_kind, "random, or rules (the definition's hooks.bot)");
  std::vector<std::string> option_pairs;
  std::string mode;
  app.add_option("--option,-o", option_pairs, "NAME=VALUE (repeatable), as for `parlor play`");
  app.add_option("--mode", mode, "A named set of options the variant declares (see `parlor variants`)");
  int profile_ms = 0;
  app.add_option("--lua-profile", profile_ms,
                 "Sample the Lua every N ms and print the most sampled lines and functions (slows the run)");
  CLI11_PARSE(app, argc, argv);
  try {
    LoadedDefinition loaded = LoadPlayable(variant, mods);
    // The game `parlor play` starts from the same arguments (a mode's fewest seats
    // when --players is not given).
    const GameStart game_start = StartOf(*loaded.def, players, option_pairs, mode);
    players = game_start.players;
    size_t actions = 0;
    uint64_t hooks_before = loaded.rules->hook_calls();
    std::unique_ptr<lua::LuaProfiler> profiler;
    if (profile_ms > 0) {
      auto* rules = dynamic_cast<lua::LuaRules*>(loaded.rules.get());
      if (rules == nullptr) throw ScriptError("--lua-profile: this variant's rules are not in Lua");
      profiler = std::make_unique<lua::LuaProfiler>(rules->sandbox().L(), profile_ms);
    }
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < games; ++i) {
      Game game = loaded.NewGame(players, seed + static_cast<uint64_t>(i), game_start.options);
      auto bots = MakeBots(bot_kind, game, loaded.rules, seed + static_cast<uint64_t>(i));
      actions += PlayOut(game, bots, 1000000).actions;
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    uint64_t hooks = loaded.rules->hook_calls() - hooks_before;
    std::cout << "variant " << loaded.def->id << (mode.empty() ? "" : ", mode " + mode);
    for (const auto& pair : option_pairs) std::cout << ", " << pair;
    std::cout << ", " << players << " players, " << bot_kind << " bots\n"
              << games << " games in " << secs << " s\n"
              << "games/s: " << games / secs << "\n"
              << "actions/s: " << static_cast<double>(actions) / secs << "\n"
              << "hook calls/s: " << static_cast<double>(hooks) / secs << "\n";
    if (profiler) {
      profiler->Stop();
      std::cout << profiler->Report(25);
    }
  } catch (const Error& e) {
    std::cerr << "parlor_bench: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
