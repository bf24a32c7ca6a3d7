#include "cli/play.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <system_error>

#include <unistd.h>

#include "cli/board_render.h"
#include "cli/error_file.h"
#include "cli/event_text.h"
#include "cli/game_start.h"
#include "cli/human_seat.h"
#include "core/errors.h"
#include "core/playout.h"
#include "core/utf8.h"
#include "scripting/definition_bot.h"
#include "scripting/engine.h"
#include "scripting/save_file.h"
#include "scripting/save_to_file.h"

namespace parlor {

namespace {

// Names in a language the definition lacks fall back to English one by one, so a
// mistyped or untranslated --lang would show English without a word. It is a
// warning, not an error: the game is still playable, and a mod may add names.
void WarnOfAnUnknownLanguage(const Definition& def, const std::string& lang) {
  if (lang == "en") return;  // the fallback itself
  const std::vector<std::string> langs = def.Languages();
  if (std::find(langs.begin(), langs.end(), lang) != langs.end()) return;
  std::string known;
  for (const auto& l : langs) known += (known.empty() ? "" : ", ") + l;
  std::cerr << "parlor: warning: --lang " << lang << ": " << def.id << " has no display names in '" << lang
            << "' (it has: " << (known.empty() ? "none" : known) << "); showing English names\n";
}

// The line Ctrl-C prints, made before the game starts: a signal handler may only
// write what is ready.
std::string interrupt_note;

extern "C" void SayInterrupted(int sig) {
  const ssize_t ignored = write(STDOUT_FILENO, interrupt_note.data(), interrupt_note.size());
  (void)ignored;
  // Ended by the signal as before (the shell's 130), only with the line said first.
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

void SayWhatCtrlCKeeps(const std::string& save) {
  interrupt_note = save.empty()
                       ? "\ninterrupted: the game is not saved (--save FILE saves it after every action; `save FILE` at "
                         "a prompt saves it once)\n"
                       : "\ninterrupted: the game up to its last action is saved to " + save + " (parlor play --resume " +
                             save + " goes on)\n";
  std::signal(SIGINT, SayInterrupted);
}

// What a game is started from: the definition and its set-up, as a save records them.
struct Start {
  std::string variant;  // as given (a save's is SaveName'd already)
  std::vector<std::string> mods;
  int players = 0;
  uint64_t seed = 1;
  Value options;
};

// A new game's start, from the command line (--mode and its fewest seats included).
Start StartFromArgs(const PlayArgs& a, const Definition& def) {
  GameStart g = StartOf(def, a.players, a.options, a.mode);
  return Start{a.variant, a.mods, g.players, a.seed, std::move(g.options)};
}

// What `parlor play --human` tells the people at the terminal of an error whose whole
// message may show what only some seats saw (docs/cli.md, "A rules error"): `told`,
// what they may read, is thrown; `whole` goes to FILE.error.txt beside `beside` (the
// save, or the save being resumed), or is lost without one, which is said.
// `left_out` says what is left out of `told`, and why.
[[noreturn]] void TellTheTable(ErrorFiles& files, const std::string& beside, const std::string& told,
                               const std::string& left_out, const std::string& whole) {
  const std::string where = beside.empty() ? "with --save FILE it is written to FILE.error.txt"
                                           : "the whole message " + files.Keep(beside, whole);
  throw StateError(told + "\n(" + left_out + ": " + where + ")");
}
// A hook's error raised while a played action's events were printed (the action stands).
struct FailedShowing : ScriptError {
  using ScriptError::ScriptError;
};

constexpr const char* kMessageLeftOut = "the rules' message is left out, as it may show what only some seats saw";

// The saved game replayed to where it stopped, checked against the state it saved:
// a game whose rules changed since would go on as another game than the one saved.
// `at_table`: people play at the terminal, who are told where it failed, not the
// action (a card shown in a refutation) nor the rules' message nor the state (its
// whole message beside the save, TellTheTable).
// Random bots draw from generators of their own (core/bot.h), which a save does not
// hold: made afresh, they drew the game's first draws again, and the resumed game went
// another way than the game played in one go. `random_bot(seat)` (the seat's random
// bot, or nullptr) is asked at each of its seat's decisions of the replay, before the
// saved action is applied, so that it has drawn what it drew then. (The definitions'
// own bots need nothing: they read the seat's whole log at their first decision.)
// Until session 38 the bots were caught up on a second game replayed beside this one.
void ReplaySaved(Game& game, const SavedGame& save, const std::string& file, bool at_table, ErrorFiles& files,
                 const std::function<RandomBot*(int seat)>& random_bot) {
  // Which rules files changed since the save (or that none did), when it says.
  auto why = [&] {
    const std::string changed = RulesChangedSince(save, game.definition());
    return changed.empty() ? std::string() : "\n" + changed;
  };
  const std::string of_n = std::to_string(save.actions.size());
  for (size_t i = 0; i < save.actions.size(); ++i) {
    try {
      // Asked where Apply lists the legal actions anyway (the list is kept for it): the
      // seat that must act is the action's, and the game goes on. Elsewhere Apply
      // refuses the action without a listing, as it did before the bots were asked here.
      const Action& action = save.actions[i];
      if (RandomBot* bot = random_bot(game.actor());
          bot != nullptr && !game.over() && action.actor == game.actor() && !game.Legal().empty())
        AskBot(game, *bot);
      game.Apply(action);
    } catch (const Error& e) {
      const std::string whole = "cannot resume " + file + ": its action " + std::to_string(i + 1) + " of " + of_n +
                                " ('" + ShowControls(CutText(save.actions[i].Text())) + "') no longer applies (" +
                                e.what() + "); `parlor replay " + file + "` says more" + why();
      if (!at_table) throw StateError(whole);
      const int seat = save.actions[i].actor;
      const bool rules = dynamic_cast<const ScriptError*>(&e) != nullptr;
      TellTheTable(files, file,
                   "cannot resume " + file + ": its action " + std::to_string(i + 1) + " of " + of_n +
                       " no longer applies: " +
                       (rules ? ErrorForTheTable(e.what(), seat, i + 1)
                              : "seat " + std::to_string(seat) + "'s action is not legal there now") +
                       why(),
                   "the action and the rules' message are left out, as they may show what only some seats saw", whole);
    }
  }
  const std::string difference = FirstDifferenceFromSaved(game, save);
  if (!difference.empty()) {
    const std::string told = "cannot resume " + file + ": its " + of_n +
                             " actions no longer lead to the state it saved (the definition or a mod changed since, "
                             "or the save was edited)";
    const std::string whole = told + "; the first difference, replayed vs saved: final_state" + difference + why();
    if (!at_table) throw StateError(whole);
    TellTheTable(files, file, told + why(), "the first difference is left out, as it may show what only some seats saw",
                 whole);
  }
}

// The --human seats as a mask, each checked to be a seat of the game.
SeatMask HumanSeats(const PlayArgs& a, int num_seats) {
  SeatMask humans = 0;
  for (int seat : a.humans) {
    if (seat < 0 || seat >= num_seats)
      throw StateError("--human " + std::to_string(seat) + ": the seats are 0.." + std::to_string(num_seats - 1));
    if ((humans & SeatBit(seat)) != 0)
      throw StateError("--human " + std::to_string(seat) + " is given twice: name each seat once");
    humans |= SeatBit(seat);
  }
  return humans;
}

// `bots` (MakeBots': one for every seat) with people at the terminal on the --human
// seats (`humans`) instead.
std::vector<std::unique_ptr<Bot>> SeatPlayers(const PlayArgs& a, std::vector<std::unique_ptr<Bot>> bots,
                                              SeatMask humans, const Game& game,
                                              const std::function<void(const std::string&)>& save_to,
                                              const std::function<std::string(const std::string&)>& keep_error) {
  auto at_terminal = std::make_shared<int>(-1);  // nobody yet: the first one takes it too
  for (int seat : a.humans) {
    HumanSeat::Io io{std::cin, std::cout, a.lang, isatty(STDOUT_FILENO) != 0, humans, at_terminal, save_to,
                     a.board_every_turn, keep_error};
    bots[static_cast<size_t>(seat)] = std::make_unique<HumanSeat>(game, seat, std::move(io));
  }
  return bots;
}

// At the start, who plays what: "seats: seat 0 (Miss Scarlet), seat 1 (Col. Mustard)",
// the teams when the rules made some ("teams: seat 0 (Red) with seat 2 (Yellow), ..."),
// and to a person at the terminal "you play seat 2 (Mrs. White)". The log and the
// prompts go by seat numbers, which the person otherwise had to match to a token
// or a colour by reading the rules. A definition without the seat_name hook and
// without teams shows only "you play seat 2".
void SayWhoPlaysWhat(const Game& game, const std::string& lang, const std::vector<int>& humans) {
  const std::vector<std::string> names = SeatDisplayNames(game, lang);
  const auto& seats = game.state().seats;
  const int n = game.state().num_seats;
  if (std::any_of(names.begin(), names.end(), [](const std::string& s) { return !s.empty(); })) {
    std::cout << "seats:";
    for (int s = 0; s < n; ++s) std::cout << (s ? ", " : " ") << SeatLabel(s, names);
    std::cout << "\n";
  }
  // Teams by the core's team numbers (g:set_team): seats of one team, in seat order.
  std::string teams;
  std::vector<bool> said(static_cast<size_t>(n), false);
  for (int s = 0; s < n; ++s) {
    const int team = seats[static_cast<size_t>(s)].team;
    if (team < 0 || said[static_cast<size_t>(s)]) continue;
    std::string members;
    for (int o = s; o < n; ++o)
      if (seats[static_cast<size_t>(o)].team == team) {
        members += (members.empty() ? "" : " with ") + SeatLabel(o, names);
        said[static_cast<size_t>(o)] = true;
      }
    teams += (teams.empty() ? "" : ", ") + members;
  }
  if (!teams.empty()) std::cout << "teams: " << teams << "\n";
  for (int seat : humans) std::cout << "you play " << SeatLabel(seat, names) << "\n";
}

// `parlor play`; `dealt` is set once the game is made (its set-up run), from when a
// hook's error may show what only some seats saw (CmdPlay).
int PlayGame(const PlayArgs& a, ErrorFiles& error_files, bool& dealt) {
  if (!a.humans.empty() && (a.json || a.quiet))
    throw StateError(std::string("--human plays at the terminal, showing the game as it goes: not with ") +
                     (a.json ? "--json" : "-q"));
  SavedGame resumed;
  if (!a.resume.empty()) {
    try {
      resumed = ReadSavedGame(a.resume);
    } catch (const StateError& e) {
      // A field refused ("FILE: saved game, field 'final_state.history': entry 2 is
      // ..."): its value may be an action only some seats saw or the seed, which tells
      // the deal. With people at the terminal only the field is named (TellTheTable).
      const std::string what = e.what();
      const std::string field = a.resume + ": saved game, field '";
      const size_t end = what.rfind(field, 0) == 0 ? what.find("': ", field.size()) : std::string::npos;
      if (a.humans.empty() || end == std::string::npos) throw;
      TellTheTable(error_files, a.resume, what.substr(0, end + 1) + " is not as `parlor play --save` wrote it",
                   "its value is left out, as it may show what only some seats saw", what);
    }
  }
  LoadedDefinition loaded = a.resume.empty() ? LoadPlayable(a.variant, a.mods) : LoadRulesOfSave(resumed, a.resume);
  const Definition& def = *loaded.def;
  const Start start = a.resume.empty() ? StartFromArgs(a, def)
                                       : Start{resumed.definition, resumed.mods, resumed.num_seats, resumed.seed,
                                               resumed.options};
  const int players = start.players;
  // People play at the terminal (their seats are checked below, HumanSeats): an error
  // is told them without what it may show of the deal (TellTheTable).
  const bool at_table = !a.humans.empty();
  Game game = [&] {
    try {
      return loaded.NewGame(players, start.seed, start.options);
    } catch (const Error& e) {
      const bool rules = dynamic_cast<const ScriptError*>(&e) != nullptr;
      if (a.resume.empty()) {
        // The set-up hook's message may show the deal.
        if (!at_table || !rules) throw;
        TellTheTable(error_files, a.save, "the game's set-up fails" + WhereTheRulesFailed(e.what()), kMessageLeftOut,
                     e.what());
      }
      // The save's seats, seed or options (an edited save, or rules changed since).
      std::string options = start.options.ToJson();
      if (options.size() > 200) options = options.substr(0, 200) + "...";
      const std::string changed = [&] {
        const std::string files = RulesChangedSince(resumed, def);
        return files.empty() ? std::string() : "\n" + files;
      }();
      const std::string whole = "cannot resume " + a.resume + ": its set-up (" + std::to_string(players) +
                                " seats, seed " + std::to_string(start.seed) + ", options " + options +
                                ") fails: " + e.what() + changed;
      if (!at_table) throw StateError(whole);
      // The seed tells the deal, which the first line does not show either ("seed not shown").
      TellTheTable(error_files, a.resume,
                   "cannot resume " + a.resume + ": its set-up fails" +
                       (rules ? WhereTheRulesFailed(e.what()) : ": " + std::string(e.what())) + changed,
                   rules ? "the seed and the rules' message are left out, as they may show the deal"
                         : "the seed is left out, as it tells the deal",
                   whole);
    }
  }();
  dealt = true;
  // --bots, else the bots the save was played with (a game of random bots resumed
  // with the definition's own), else auto.
  const std::string bot_kind = !a.bots.empty() ? a.bots : !resumed.bots.empty() ? resumed.bots : "auto";
  // The bots are made before a resumed game is replayed, for its random ones to be
  // asked along the replay (ReplaySaved); bots that cannot be made are said where
  // they were before, after the replay and the --human seats are checked.
  std::vector<std::unique_ptr<Bot>> made;
  std::exception_ptr not_made;
  try {
    made = MakeBots(bot_kind, game, loaded.rules, game.state().seed);
  } catch (...) {
    not_made = std::current_exception();
  }
  if (!a.resume.empty()) {
    // A --human seat's bot is replaced by the person (SeatPlayers): not asked.
    auto random_bot = [&](int seat) -> RandomBot* {
      if (seat < 0 || static_cast<size_t>(seat) >= made.size()) return nullptr;
      if (std::find(a.humans.begin(), a.humans.end(), seat) != a.humans.end()) return nullptr;
      return dynamic_cast<RandomBot*>(made[static_cast<size_t>(seat)].get());
    };
    ReplaySaved(game, resumed, a.resume, at_table, error_files, random_bot);
    // Checked: the final state and the text its log was kept in are not read again
    // (a long game's save is mostly these).
    resumed.final_state = Value();
    resumed.kept = KeptLists();
    resumed.text.reset();
    resumed.history_is_actions = false;
  }
  WarnOfAnUnknownLanguage(def, a.lang);
  // The save names folders absolutely (SaveName), so that it replays from anywhere.
  auto save_to = [&](const std::string& path) {
    WriteSaveFile(path, SaveHeader{start.variant, start.mods, players, start.seed, start.options, bot_kind}, game, 1);
    // An error file beside it, of an earlier game (or of this one before it was
    // resumed), is not this game's: read with it, it misled.
    if (const std::string stale = error_files.RemoveStale(path); !stale.empty())
      std::cerr << "parlor: warning: " << stale << "\n";
  };
  auto write_save = [&] {
    if (!a.save.empty()) save_to(a.save);
  };
  // With people at the table the log shows only what all of them may see (each
  // one's own cards are shown at its decisions, HumanSeat). Checked before a save
  // is written: a refused --human leaves an existing save alone.
  const SeatMask humans = HumanSeats(a, players);
  auto bots = [&] {
    try {
      if (not_made) std::rethrow_exception(not_made);
      return SeatPlayers(a, std::move(made), humans, game, save_to, [&](const std::string& whole) {
        return a.save.empty() ? std::string("it may show what only some seats saw; with --save FILE it is written "
                                            "to FILE.error.txt")
                              : "the whole message, which may show what only some seats saw, " +
                                    error_files.Keep(a.save, whole);
      });
    } catch (const StateError& e) {
      // Bots the save names (not --bots) that cannot play these rules, `rules` for a
      // definition without hooks.bot (the save edited, or the hook removed since):
      // the error said only "demo-race has no bot hook", naming neither the save nor
      // its field, as though --bots had been given.
      if (!a.bots.empty() || resumed.bots.empty()) throw;
      throw StateError("cannot resume " + a.resume + ": its field 'bots' says the game was played with --bots " +
                       resumed.bots + ", but " + e.what() + "; give --bots random or --bots auto to go on");
    }
  }();
  // A save that cannot be written is said before the game is played, not after.
  write_save();
  // A person who presses Ctrl-C is told what became of the game (the command ended
  // without a word, the save's existence left to be guessed).
  if (humans != 0) SayWhatCtrlCKeeps(a.save);
  // A resumed game prints again from its current turn's start: what led to the
  // decision at hand (a suggestion being refuted, say).
  size_t printed = 0;
  if (!a.resume.empty()) {
    const auto& log = game.state().log;
    printed = log.size();
    while (printed > 0 && log[printed - 1].type != "turn") --printed;
    if (printed > 0) --printed;
  }
  const bool colour = isatty(STDOUT_FILENO) != 0;  // plain text when piped
  // Runs of the same line (a deck dealt face down, say) are printed once with "xN".
  std::string last_line;
  int repeats = 0;
  auto end_run = [&] {
    if (repeats > 0) std::cout << last_line << (repeats > 1 ? "  x" + std::to_string(repeats) : "") << "\n";
    repeats = 0;
  };
  // What each seat plays (hook seat_name), asked again at every flush: rules may
  // name a seat by the game as it stands. Never with --json: its lines are the log's.
  std::vector<std::string> seat_names;
  auto flush = [&](const Game& g) {
    const auto& log = g.state().log;
    if (!a.json && !a.quiet && printed < log.size()) seat_names = SeatDisplayNames(g, a.lang);
    for (; printed < log.size(); ++printed) {
      const Event e = log[printed];
      // Quiet, only the result: with --json the game_over event, else the summary below.
      if (a.quiet && !(a.json && e.type == "game_over")) continue;
      if ((e.visible & humans) != humans) continue;  // hidden from a person at the table
      if (a.json) {
        Value v;
        v["seq"] = e.seq;
        v["type"] = e.type;
        v["data"] = e.data();
        Value::Array seats;
        for (int s = 0; s < players; ++s)
          if (e.VisibleTo(s)) seats.push_back(s);
        if (static_cast<int>(seats.size()) != players) v["visible_to"] = std::move(seats);
        std::cout << v.ToJson() << "\n";
      } else {
        if (humans == 0 && printed > 0 && IsHiddenTwin(e, log[printed - 1])) continue;
        if (a.board_every_turn && e.type == "turn") {
          end_run();
          std::cout << RenderBoard(def, g.state(), a.lang, colour);
        }
        std::string line = DescribeEvent(def, e, a.lang, players, seat_names, humans == 0);
        // Named cards moved one after another between the same two zones in
        // everyone's sight (Sorry!'s discard pile shuffled back into the draw pile)
        // are one line: 44 lines of "10: discard pile -> draw pile" scrolled the
        // board a person was playing on off the screen.
        const SeatMask every_seat = players >= 64 ? kAllSeats : (SeatMask{1} << players) - 1;
        auto public_card_move = [&](const Event& m) {
          return m.type == "card_moved" && (m.visible & every_seat) == every_seat && m.data().Has("card");
        };
        if (public_card_move(e)) {
          std::string cards = def.Name(e.data().Get("card").as_string(), a.lang);
          size_t end = printed + 1;
          for (; end < log.size(); ++end) {
            const Event next = log[end];
            if (!public_card_move(next) || !(next.data().Get("from") == e.data().Get("from")) || !(next.data().Get("to") == e.data().Get("to")))
              break;
            cards += ", " + def.Name(next.data().Get("card").as_string(), a.lang);
          }
          if (end - printed >= 3) {
            line = std::to_string(end - printed) + " cards: " +
                   ZoneDisplayName(def, e.data().Get("from").as_string(), a.lang) + " -> " +
                   ZoneDisplayName(def, e.data().Get("to").as_string(), a.lang) + " (" + cards + ")";
            printed = end - 1;
          }
        }
        if (repeats > 0 && line == last_line) {
          ++repeats;
          continue;
        }
        end_run();
        last_line = std::move(line);
        repeats = 1;
      }
    }
    end_run();
  };
  if (!a.json && !a.quiet) {
    // With people at the table, a seed none of them chose is not printed: every hidden
    // card follows from it (`--seed random`; a resumed game's, which may be one).
    // The mods as given (or as the save has them), as `simulate` shows them: a house
    // rule in play is said at the top.
    std::cout << def.Title(a.lang);
    for (const auto& m : start.mods) std::cout << " + " << m;
    std::cout << " — " << players << " players, ";
    if (humans != 0 && a.seed_random) std::cout << "seed drawn at random, not shown";
    else if (humans != 0 && !a.resume.empty()) std::cout << "seed not shown";
    else std::cout << "seed " << start.seed;
    if (!a.resume.empty()) std::cout << ", resumed from " << a.resume << " after " << game.state().history.size() << " actions";
    std::cout << "\n";
    SayWhoPlaysWhat(game, a.lang, a.humans);
    if (!a.resume.empty() && game.over()) std::cout << "the saved game is over\n";
    // The board as the game stands, unless --board draws it at the turn printed again
    // next (it was drawn twice, one copy under the other).
    else if (!a.resume.empty() && humans == 0 && !(a.board_every_turn && printed < game.state().log.size() &&
                                                   game.state().log[printed].type == "turn"))
      std::cout << RenderBoard(def, game.state(), a.lang, colour);
  }
  flush(game);
  PlayoutResult r;
  try {
    r = PlayOut(game, bots, a.max_actions, [&](const Game& g, const Action&) {
      // A hook failing as the action's events are printed (seat_name) failed after
      // the action, which stands: not said as the action's failure (FailedShowing).
      try {
        flush(g);
      } catch (const ScriptError& e) {
        throw FailedShowing(e.what());
      }
      // With people playing, the save follows every action: a game broken off (Ctrl-C)
      // is not lost.
      if (humans != 0) write_save();
    });
  } catch (const HumanQuit&) {
    // Left by a person: the game stays as it is, saved when asked, to be resumed.
    std::string saved;
    if (!a.save.empty()) {
      write_save();
      saved = "; saved to " + a.save + " (parlor play --resume " + a.save + " goes on)";
    }
    std::cout << "left after " << game.state().history.size() << " actions" << saved << "\n";
    return 4;
  } catch (const Error& e) {
    // A failed action leaves the game as it was before it (Game::Apply), so the
    // game so far is saved too: the save a modder replays to find the failure.
    // People at the terminal are told where the rules failed, not the message, which
    // may show an action or a card only some of them saw: it goes beside the save.
    const bool rules = humans != 0 && dynamic_cast<const ScriptError*>(&e) != nullptr;
    const bool after = dynamic_cast<const FailedShowing*>(&e) != nullptr;
    const size_t played = game.state().history.size();
    const std::string told =
        !rules  ? e.what()
        : after ? "the rules failed showing action " + std::to_string(played) + " of the game" +
                      WhereTheRulesFailed(e.what())
                : ErrorForTheTable(e.what(), game.state().actor, played + 1);
    if (a.save.empty()) {
      if (!rules) throw;
      TellTheTable(error_files, a.save, told, kMessageLeftOut, e.what());
    }
    std::string note;
    try {
      write_save();
      note = "the game so far, " + std::to_string(played) +
             (after ? " actions, is saved to " : " actions before the one that failed, is saved to ") + a.save;
    } catch (const Error& w) {
      note = std::string("the game so far could not be saved: ") + w.what();
    }
    if (rules)
      note += "; the whole message, which may show what only some seats saw, " + error_files.Keep(a.save, e.what());
    throw StateError(told + "\n(" + note + ")");
  }
  if (!r.finished) {
    // A game stopped here is the one a user wants to look at: save it as it stands
    // (`replay` re-runs its actions and verifies it like any other).
    std::string saved;
    if (!a.save.empty()) {
      try {
        write_save();
        saved = "; the game so far is saved to " + a.save;
      } catch (const Error& w) {
        saved = std::string("; the game so far could not be saved: ") + w.what();  // still exit code 3
      }
    }
    // A resumed game's --max-actions are those played after the save's: "within 4
    // actions" of a game "resumed from FILE after 10 actions", which stops at 14, read
    // as if it held 4.
    std::cerr << "parlor: the game did not end within " << a.max_actions << " actions"
              << (a.resume.empty() ? ""
                                   : " more (" + std::to_string(game.state().history.size()) +
                                         " in all, the save's " + std::to_string(resumed.actions.size()) + " included)")
              << saved << "\n";
    return 3;
  }
  if (!a.json) {
    if (!a.quiet) std::cout << RenderBoard(def, game.state(), a.lang, colour);
    // Each seat with what it plays ("seat 0 (Red), seat 2 (Yellow)"): a seat number
    // alone sent the reader back to the rules to learn who had won.
    const std::vector<std::string> names = SeatDisplayNames(game, a.lang);
    std::cout << game.state().history.size() << " actions; winners:";
    if (game.winners().empty()) std::cout << " none";
    for (size_t i = 0; i < game.winners().size(); ++i)
      std::cout << (i ? ", " : " ") << SeatLabel(game.winners()[i], names);
    std::cout << "\n";
    // The people at the terminal are told how they did, by their seat.
    for (int seat : a.humans) {
      const auto& w = game.winners();
      std::cout << SeatLabel(seat, names, "you") << ": "
                << (std::find(w.begin(), w.end(), seat) != w.end() ? "won" : "did not win") << "\n";
    }
    // Games that keep score (any seat scored) print every seat's score.
    const auto& seats = game.state().seats;
    if (std::any_of(seats.begin(), seats.end(), [](const Seat& s) { return s.score != 0; })) {
      std::cout << "scores:";
      for (size_t s = 0; s < seats.size(); ++s)
        std::cout << (s ? "; " : " ") << SeatLabel(static_cast<int>(s), names) << " " << seats[s].score;
      std::cout << "\n";
    }
  }
  write_save();
  return 0;
}

}  // namespace

int CmdPlay(const PlayArgs& a) {
  ErrorFiles error_files;
  bool dealt = false;
  int status = 0;
  try {
    status = PlayGame(a, error_files, dealt);
  } catch (const ScriptError& e) {
    // A hook failing outside an action, once the game is dealt: naming the seats at
    // the start (seat_name), describing an event, the board. Before (a rules file
    // that does not load) there is nothing to hide.
    if (a.humans.empty() || !dealt) throw;
    TellTheTable(error_files, a.save, "the rules failed" + WhereTheRulesFailed(e.what()), kMessageLeftOut, e.what());
  }
  // A resumed game that went on without failing (ended, left, or stopped at
  // --max-actions): an error its save's file says, of a resume that failed or of the
  // action after the saved ones, no longer applies.
  if (!a.resume.empty())
    if (const std::string stale = error_files.RemoveStale(a.resume); !stale.empty())
      std::cerr << "parlor: warning: " << stale << "\n";
  return status;
}


}  // namespace parlor
