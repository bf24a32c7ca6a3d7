#include "checking/trial_games.h"

#include <algorithm>
#include <memory>
#include <tuple>

#include "checking/error_site.h"
#include "checking/mod_setter_notes.h"
#include "conformance/conformance.h"
#include "core/errors.h"
#include "core/game.h"
#include "core/legal_list.h"
#include "core/playout.h"
#include "scripting/definition_bot.h"
#include "scripting/engine.h"
#include "scripting/yaml/definition_files.h"
#include "scripting/yaml/deletion_notes.h"
#include "scripting/yaml/problems.h"

namespace parlor {
namespace {

// A promise of the engine's that a trial game broke (its copies go on otherwise, a
// seat is told a card, a notebook says what is not so), rather than a hook's error:
// its finding's kind, for parlor.check; the text is the same.
class PromiseBroken : public StateError {
 public:
  PromiseBroken(const char* kind, const std::string& message) : StateError(message), kind(kind) {}
  const char* kind;
};

}  // namespace

std::vector<CheckFinding> TrialGameProblems(const std::shared_ptr<const Definition>& def,
                                            const std::shared_ptr<lua::LuaRules>& rules,
                                            std::set<std::string>* variables) {
  struct Trial {
    int players;
    const ModeSpec* mode;
  };
  std::vector<Trial> trials;
  auto add = [&](int players, const ModeSpec* mode) {
    for (const Trial& t : trials)
      if (t.players == players && t.mode == mode) return;
    trials.push_back({players, mode});
  };
  add(def->min_players, nullptr);
  add(def->max_players, nullptr);
  for (const ModeSpec& m : def->modes) {
    add(m.min_players, &m);
    add(m.max_players, &m);
  }
  // The same failure in several trials (a zone every set-up deals to) is one
  // problem, naming every trial it happened in.
  struct Failure {
    bool in_play;       // set up, then failed in the first actions
    std::string kind;   // the finding's: "set-up", "play" or a broken promise's
    std::string bots;   // who played when it failed: "random bots" or "its own bots"
    std::string error;
    std::vector<std::string> trials;
  };
  std::vector<Failure> failures;
  const LoadedDefinition loaded{def, rules};
  // A copy and a saved-and-loaded game must go on as the game does: rules keeping
  // game state in Lua variables (docs/hooks.md) fail here at once, said with the
  // likely cause, rather than as a replay that goes wrong much later.
  auto copies_agree = [&](const Game& g) {
    const std::string problem = conformance::CheckCloneAndSaveRoundTrip(g, loaded);
    if (!problem.empty())
      throw PromiseBroken("copy-differs",
                          problem + " (after " + std::to_string(g.state().history.size()) + " actions)");
  };
  // No seat is told a card it may not know (in an event's card field, or in the words
  // of an action the seat sees: a `show` left out of `private_actions:`).
  auto tells_no_secrets = [&](const Game& g) {
    const std::string problem = conformance::CheckHiddenInformation(g);
    if (!problem.empty())
      throw PromiseBroken("hidden-info",
                          problem + " (in the first " + std::to_string(g.state().history.size()) + " actions)");
  };
  // A variable exists only once the rules set it, so its name is known only in play.
  auto note_variables = [&](const Game& g) {
    auto note = [&](const Value& vars) {
      if (!vars.is_object()) return;
      for (const auto& [key, value] : vars.as_object())
        if (!key.empty() && key[0] != '_') variables->insert(key);
    };
    note(g.state().vars);
    for (const Seat& seat : g.state().seats) note(seat.vars);
  };
  // Every seat's name (hook seat_name), as `parlor play` asks it at the start and at
  // every line about a seat: a hook that fails or answers wrongly (a number, "") was
  // otherwise found only by a person playing, since bots never ask.
  // So is every seat's detective notebook (hook notebook), which only a person asks
  // for; its claims must be true of the game (conformance::CheckNotebooks).
  auto names_seats = [&](const Game& g) {
    for (int s = 0; s < g.state().num_seats; ++s) g.SeatName(s);
    note_variables(g);
    const std::string problem = conformance::CheckNotebooks(g);
    if (!problem.empty())
      throw PromiseBroken("notebook",
                          problem + " (after " + std::to_string(g.state().history.size()) + " actions)");
  };
  // Each action type the rules list, applied once on a copy of the game at the first
  // position where it is listed (the start, or any position the trial's plays reach):
  // bots seldom pick a type listed beside hundreds of others (a mod's `fly hall`
  // beside Clue's 324 accusations), so a type that no `apply` rule handles passed
  // `check` and failed when a person chose it. A refusal (IllegalAction) is the
  // rules' answer, not a failure; any other error is. A trial whose set-up or plays
  // fail reports that failure alone: its types' failures most often have the same
  // cause (a listing that fails after any action), which the play's report names.
  struct TypeFailure {
    std::string type, error;
    std::vector<std::string> trials;  // "3 players: 'fly hall' after 4 actions of random bots"
  };
  std::vector<TypeFailure> type_failures;
  std::vector<TypeFailure> trial_types;  // the current trial's, one trial each
  std::set<std::string> tried;           // the types tried in the current trial
  std::string trial_name, playing;
  auto tries_each_type = [&](const Game& g) {
    if (g.over()) return;
    const LegalList& legal = g.Legal();
    size_t index = 0;
    for (const LegalList::Run& run : legal.runs()) {
      for (size_t i = 0; i < run.count; ++i) {
        const std::string& type = run.listed != nullptr ? run.listed[i].type : run.product->type;
        if (tried.insert(type).second) {
          Game copy = g;
          const std::string text = legal.at(index + i).Text();
          try {
            copy.ApplyLegal(index + i);
          } catch (const IllegalAction&) {
          } catch (const std::exception& e) {
            const size_t n = g.state().history.size();
            trial_types.push_back({type, e.what(), {trial_name + ": '" + text + "' " +
                                                    (n == 0 ? "at the start"
                                                            : "after " + std::to_string(n) + " action" +
                                                                  (n == 1 ? "" : "s") + " of " + playing)}});
          }
        }
        if (run.product != nullptr) break;  // a product is of one type
      }
      index += run.count;
    }
  };
  // Random bots first, then the definition's own (hooks.bot): in a deduction game
  // random bots accuse almost at once, so a broken suggestion rule (a `refuters`
  // hook, a listing filter) would only fail later, in `play`.
  const bool own_bots = rules->HasHook("bot");
  // After a hook ran out of its time budget (an endless loop), the other trials are
  // not run: each would most likely wait for the budget again, and `check` on a
  // definition with modes took half a minute (6 trials x 5 s) to say one thing.
  std::vector<std::string> not_tried;
  const std::string* out_of_time = nullptr;  // the error that ran out of time (in failures)
  for (const Trial& t : trials) {
    const std::string which = std::to_string(t.players) + " player" + (t.players == 1 ? "" : "s") +
                              (t.mode == nullptr ? "" : " in mode '" + t.mode->id + "'");
    if (out_of_time != nullptr) {
      not_tried.push_back(which);
      continue;
    }
    bool set_up = false;
    std::string bots_kind = "random bots";
    tried.clear();
    trial_types.clear();
    trial_name = which;
    playing = bots_kind;
    try {
      const Value options = t.mode == nullptr ? Value(Value::Object{}) : t.mode->options;
      Game game(def, rules, t.players, 1, options);
      set_up = true;
      tries_each_type(game);
      std::vector<std::unique_ptr<Bot>> bots = RandomBots(t.players, 1);
      // At the start and after 1, 2, 4, ... actions: a load replays the game, so a check
      // at every action would make `check` take seconds.
      copies_agree(game);
      names_seats(game);
      PlayOut(game, bots, kCheckActions, [&](const Game& g, const Action&) {
        // After every action: a variable may live only between two actions (a bid
        // deleted when the round ends), and the prompt shows it while it does.
        note_variables(g);
        tries_each_type(g);
        const size_t n = g.state().history.size();
        if ((n & (n - 1)) == 0) {
          copies_agree(g);
          // a variable shows what it holds now only (a card drawn face down and kept
          // in a public variable is in every zone's sight by the game's end)
          tells_no_secrets(g);
        }
      });
      tells_no_secrets(game);
      names_seats(game);
      if (own_bots) {
        bots_kind = "its own bots";
        playing = bots_kind;
        Game again(def, rules, t.players, 1, options);
        std::vector<std::unique_ptr<Bot>> own = MakeBots("rules", again, rules, 1);
        PlayOut(again, own, kCheckActions, [&](const Game& g, const Action&) {
          note_variables(g);
          tries_each_type(g);
        });
        tells_no_secrets(again);
      }
      for (TypeFailure& t : trial_types) {  // the same failure in several trials: one problem
        auto it = std::find_if(type_failures.begin(), type_failures.end(),
                               [&](const TypeFailure& f) { return f.type == t.type && f.error == t.error; });
        if (it == type_failures.end()) type_failures.push_back(std::move(t));
        else it->trials.push_back(t.trials.front());
      }
    } catch (const std::exception& e) {
      auto it = std::find_if(failures.begin(), failures.end(), [&](const Failure& f) {
        return f.in_play == set_up && f.bots == bots_kind && f.error == e.what();
      });
      if (it == failures.end()) {
        const auto* broken = dynamic_cast<const PromiseBroken*>(&e);
        const std::string kind = broken != nullptr ? broken->kind : set_up ? "play" : "set-up";
        it = failures.insert(failures.end(), {set_up, kind, bots_kind, e.what(), {}});
      }
      it->trials.push_back(which);
      if (it->error.find("exceeded its time budget") != std::string::npos) out_of_time = &it->error;
    }
  }
  std::vector<CheckFinding> problems;
  // g:data() is one table for every game of the loaded rules: a hook writing into it
  // changes later games and is saved nowhere (conform says the same after a game).
  if (const std::string written = rules->DataWritten(); !written.empty())
    problems.push_back({"data-written", "a hook wrote into g:data() in the trial games (seed 1): " + written +
                            "; g:data() is read-only, the definition's and shared by every game of the loaded "
                            "rules: keep what changes with g:set (docs/hooks.md)",
                        "", 0, ""});
  // The globals and g too: the engine puts them back when it turns to another game,
  // so a hook writing there plays one game with what it wrote and the next without.
  if (const std::string written = rules->SharedWritten(); !written.empty())
    problems.push_back({"shared-written", "a hook wrote into the globals or g in the trial games (seed 1): " + written +
                            "; they are shared by every game of the loaded rules, no part of a game's state, and "
                            "put back when the engine turns to another game: keep what changes with g:set "
                            "(docs/hooks.md, \"What a hook may change\")",
                        "", 0, ""});
  // A bot's view too: its tables are handed to every seat that sees them and to later
  // games; the engine hands one written into out no more, so the bot that wrote saw
  // its write and no other did.
  if (const std::string written = rules->BotViewWritten(); !written.empty())
    problems.push_back({"bot-view-written", written + " (in the trial games, seed 1); " + lua::kBotViewWrittenHint,
                        "", 0, ""});
  for (const TypeFailure& f : type_failures) {
    const size_t line_end = std::min(f.error.find('\n'), f.error.size());
    CheckFinding& found = problems.emplace_back();
    found.kind = "action-type";
    found.message = "action type '" + f.type + "' fails when applied (seed 1, default options or the mode's; " +
                    "tried once on a copy of the game where first listed, in " + yaml::JoinWords(f.trials) +
                    "): " + f.error.substr(0, line_end) +
                    yaml::DeletionNotes(f.error.substr(0, line_end), def->deleted_by) +
                    ModSetterNotes(f.error.substr(0, line_end), *def) + f.error.substr(line_end);
    std::tie(found.file, found.line) = ErrorSite(f.error.substr(0, line_end), *def);
  }
  for (const Failure& f : failures) {
    // A hook naming what a mod deleted (`unknown zone 'envelope'`): said on the
    // first line, before the traceback.
    const size_t line_end = std::min(f.error.find('\n'), f.error.size());
    std::string notes = yaml::DeletionNotes(f.error.substr(0, line_end), def->deleted_by) +
                        ModSetterNotes(f.error.substr(0, line_end), *def, f.trials);
    // The conformance check of a card told by an action names the key to add the
    // action to, but no file: where the list is set, or the definition's YAML.
    if (f.error.substr(0, line_end).find("`private_actions:`") != std::string::npos) {
      const std::vector<std::string> setters = def->SettersAt("private_actions");
      const std::string yaml = yaml::DefinitionYaml(def->folder);
      if (!setters.empty()) notes += " (private_actions is set by " + setters.back() + ")";
      else if (!yaml.empty()) notes += " (" + yaml + " has no private_actions:)";
    }
    CheckFinding& found = problems.emplace_back();
    found.kind = f.kind;
    found.message = std::string(f.in_play ? "play" : "set-up") + " fails for " + yaml::JoinWords(f.trials) +
                    " (seed 1, default options or the mode's" + (f.in_play ? ", " + f.bots : "") +
                    "): " + f.error.substr(0, line_end) + notes + f.error.substr(line_end);
    std::tie(found.file, found.line) = ErrorSite(f.error.substr(0, line_end), *def);
    if (&f.error == out_of_time && !not_tried.empty())
      found.message += "\n(not tried after the hook ran out of time, as each would most likely run out too: " +
                       yaml::JoinWords(not_tried) + ")";
  }
  return problems;
}

}  // namespace parlor
