// Times exact-count movement queries (Board::Reachable) on a variant's board from a
// busy position: several tokens on corridor squares, queries from many start places.
// Prints microseconds per query; never fails on time.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <iostream>

#include "core/errors.h"
#include "scripting/engine.h"

// Batches per start (see the loop below).
constexpr int kBatches = 5;

int main(int argc, char** argv) {
  using namespace parlor;
  CLI::App app{"reach_bench: microseconds per exact-count movement query"};
  std::string variant = "clue-1949";
  std::vector<std::string> blocked_ids = {"7,6", "8,12", "16,9", "17,14", "13,19", "5,17"};
  int repeats = 2000;
  app.add_option("variant", variant, "Variant whose board is used");
  app.add_option("--blocked", blocked_ids, "Occupied squares (the busy position)");
  app.add_option("--repeats", repeats, "Queries per start place and roll");
  std::vector<int> rolls = {6, 12};
  app.add_option("--rolls", rolls, "Rolls to time (default: 6 and 12)");
  std::vector<std::string> from_ids;
  app.add_option("--from", from_ids, "Start places to time (default: every free square and every area)");
  CLI11_PARSE(app, argc, argv);
  try {
    LoadedDefinition loaded = LoadPlayable(variant);
    const Board& board = *loaded.def->board;
    std::vector<uint8_t> blocked(static_cast<size_t>(board.size()), 0);
    for (const auto& id : blocked_ids) {
      PlaceIndex p = board.Find(id);
      if (p == kNoPlace) throw StateError("no place '" + id + "' on " + variant + "'s board");
      blocked[static_cast<size_t>(p)] = 1;
    }
    // Start from every free square and every area: the average over the board.
    std::vector<PlaceIndex> starts;
    for (PlaceIndex p = 0; p < board.size(); ++p)
      if (!blocked[static_cast<size_t>(p)] && (board.place(p).area || board.place(p).kind == "square"))
        starts.push_back(p);
    if (!from_ids.empty()) {
      starts.clear();
      for (const auto& id : from_ids) {
        PlaceIndex p = board.Find(id);
        if (p == kNoPlace) throw StateError("--from: no place '" + id + "' on " + variant + "'s board");
        starts.push_back(p);
      }
    }
    ReachOptions opts;
    opts.blocked = &blocked;
    std::cout << "board of " << variant << ": " << board.size() << " places, " << blocked_ids.size()
              << " occupied, " << starts.size() << " start places\n";
    for (int steps : rolls) {
      size_t found = 0, queries = 0;
      double worst = 0;
      PlaceIndex slowest = kNoPlace;
      auto start = std::chrono::steady_clock::now();
      for (PlaceIndex from : starts) {
        // A start's time is its fastest batch of repeats/kBatches queries: a noisy
        // neighbour on a shared machine slows some batches, never speeds one up, so
        // the slowest start is not merely the one that was interrupted.
        double us = 0;
        for (int batch = 0; batch < kBatches; ++batch) {
          const int n = std::max(1, repeats / kBatches);
          auto t0 = std::chrono::steady_clock::now();
          for (int i = 0; i < n; ++i) found += board.Reachable(from, steps, opts).size();
          const double batch_us =
              std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / n;
          if (batch == 0 || batch_us < us) us = batch_us;
          queries += static_cast<size_t>(n);
        }
        if (us > worst) {
          worst = us;
          slowest = from;
        }
      }
      double total = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
      std::cout << "roll " << steps << ": " << total / static_cast<double>(queries)
                << " us per query on average, " << worst << " us from the slowest start, " << board.place(slowest).id << " ("
                << found / queries << " places reachable on average)\n";
    }
  } catch (const Error& e) {
    std::cerr << "reach_bench: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
