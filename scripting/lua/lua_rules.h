// Rules implemented by a definition's Lua hooks.
//
// One LuaRules per loaded definition (with its bases and mods). All scripts run
// once, at load, in one sandbox; the hooks they leave in the global `hooks` table
// are then frozen and referenced. Each engine call hands the hook a `g` object (the
// Lua face of core::Table, documented in docs/hooks.md) valid for that call only.
// A hook failure becomes a ScriptError naming the definition, file, line, hook and
// the traceback; Game then restores the state.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/definition.h"
#include "core/game.h"
#include "core/rules.h"
#include "core/table.h"
#include "scripting/lua/action_tables.h"
#include "scripting/lua/bot_strings.h"
#include "scripting/lua/bot_view.h"
#include "scripting/lua/game_api.h"
#include "scripting/lua/hook_sites.h"
#include "scripting/lua/kept_bot_tables.h"
#include "scripting/lua/sandbox.h"
#include "scripting/lua/shared_tables.h"

namespace parlor::lua {

struct GameHandle;

// What `parlor conform` and `parlor check` add to BotViewWritten's text.
inline constexpr const char* kBotViewWrittenHint =
    "a view's tables are the engine's, handed to every seat that sees them and to later games of the loaded "
    "rules, as are `cards`, `board` and a shared `legal`, and one written into is handed out no more (the bot "
    "that wrote sees its write, no other seat or game does): treat them as read-only and keep what a bot works "
    "out in its memory (docs/hooks.md, \"The bot hook\")";

class LuaRules : public Rules {
 public:
  // Runs every script of `def` in order. Throws DefinitionError for syntax errors,
  // errors while loading, or a missing required hook.
  explicit LuaRules(std::shared_ptr<const Definition> def);
  ~LuaRules() override;

  // hooks.check_options(options, num_seats), when the definition has it.
  std::string CheckOptions(const Table& t, const Value& options, int num_seats) override;
  // hooks.seat_name(g, seat), when the definition has it (g read-only): a text, or
  // nil for "" (no name). Anything else, an empty text, one that is not UTF-8, holds
  // a control character or is longer than kSeatNameBytes fails naming the hook.
  std::string SeatName(const Table& t, int seat) override;
  void Setup(Table& t) override;
  std::string WhereDefined(const std::string& hook) const override;
  // "" while g:data() holds the definition's data; else what a hook changed in it
  // ("data.colours[2] is 'x', was 'red'": data_difference.h). Conformance and `parlor
  // check` ask after their games.
  std::string DataWritten() const;
  // "" while no hook has written into the globals or g (a key they held when loading
  // ended: `tostring = f`, `g.where = nil`; shared_tables.h); else the first write
  // found ("g.where is nil, was a built-in function"), whether still there or put
  // back when the engine turned to another game. For the checks, as DataWritten.
  std::string SharedWritten() const;
  // "" while no bot (or notebook) hook has written into a table of its view that the
  // engine hands out again (an event's, `pieces`, `vars`, a zone's: bot_view.h;
  // `cards`, `board`, board:distances' tables, a shared `legal`: kept_bot_tables.h);
  // else the first write found ("view.pieces.rope is nil, was 'hall'"), with the
  // hooks that get a view and where they are defined. Such a table is handed out no
  // more once found written. For the checks, as SharedWritten.
  std::string BotViewWritten() const;
  void LegalActions(const Table& t, int seat, std::vector<Action>& out) override;
  // out:add_product notes the spans it adds (strictly increasing) in the scratch
  // space, and new actions reuse its spare ones.
  void LegalActions(const Table& t, int seat, std::vector<Action>& out, ListingScratch& scratch) override;
  void Apply(Table& t, const Action& action) override;
  std::string WhyIllegal(const Table& t, const Action& action) override;
  std::string SameAs(const Table& t, const Action& action) override;
  bool HasNextSeat() const override { return engine_refs_[kNextSeat] != LUA_NOREF; }
  int NextSeat(Table& t, int seat) override;
  void TurnStart(Table& t, int seat) override;
  void TurnEnd(Table& t, int seat) override;
  uint64_t hook_calls() const override { return hook_calls_; }
  // Mutes print, and first collects garbage: the failure may have been the memory
  // budget, which garbage not yet collected would make the replay hit too. Puts the
  // globals and g back as loading left them (shared_tables.h).
  void Replaying(bool on) override;

  // Calls hooks.bot(view, legal, cards, memory) for the bot a definition ships. The
  // hook gets no `g`: like every bot it sees only `seat`'s view of `game` (as
  // Game::View(seat, false), with the events of game.state().log from `log_from` on
  // that the seat may see under "log"), `cards` (the cards of each category) and
  // `memory`, the value it returned last time (nil at first), which is kept by the
  // bot, never in the game. The hook's `legal` is the texts of `legal`, in order.
  // Returns the chosen index into `legal` (or -1 when the definition has no bot) and
  // keeps the returned memory in slot `memory_slot`.
  int ChooseWithBot(const Game& game, int seat, size_t log_from, const LegalList& legal,
                    int memory_slot);
  // hooks.notebook(view, cards, board), when the definition has it: what `seat`'s own
  // observations prove about who holds each card (docs/hooks.md). Like the bot hook it
  // gets the seat's view of `game` (with every event of the game the seat may see,
  // from the first, under "log": it keeps no memory, so it reads them all), `cards`
  // and `board`, and never g. Returns the answer as ToValue reads it (Value() for
  // nil), or nullopt when the definition has no notebook hook; an error in the hook,
  // or an answer ToValue cannot read, fails naming the hook. NotebookOf
  // (scripting/definition_bot.h) checks the answer.
  std::optional<Value> CallNotebook(const Game& game, int seat);
  // A bot's memory stays a Lua value between decisions (converting it to and from
  // C++ each time would cost more than most decisions): each bot holds a slot.
  int NewBotMemory();
  void ClearBotMemory(int slot);
  void ReleaseBotMemory(int slot) {
    ForgetKeptBotMemory(slot);
    ClearBotMemory(slot);
  }
  // Taking back a bot's decision (DefinitionBot::Keep, TakeBack): KeepBotMemory notes
  // slot `slot`'s memory as it is now (every table reachable from it, with its entries
  // and metatable, and a copy of any deduction notes in it), RestoreBotMemory puts that
  // back (the same tables, with the entries they had; the slot holds the value it held)
  // and DropKeptBotMemory says it will not be (what was kept stays, for the next
  // KeepBotMemory to reuse the lists of the tables that did not change);
  // ForgetKeptBotMemory lets it go. Functions' upvalues and the bot's module-level
  // tables are not kept. Both may throw ScriptError (no memory left under the cap).
  void KeepBotMemory(int slot);
  void RestoreBotMemory(int slot);
  void DropKeptBotMemory(int slot);
  void ForgetKeptBotMemory(int slot);
  bool HasHook(const std::string& name) const { return refs_.count(name) > 0; }
  // From now on, the id of each option a hook reads with g:option or g.options goes
  // into `into` (null: no longer), for `parlor check` to warn of an option no hook
  // reads. Off, it costs a test at each g:option; g.options reads its table directly.
  void NoteOptionReads(std::set<std::string>* into) {
    handle_->option_reads = into;
    handle_->options_face_serial = 0;  // g.options' __index is made again at the next hook
  }

  // Hook name -> "definition (file:line)" of the function in force, and for hooks
  // replaced by an extension, the ones they replaced.
  const std::map<std::string, std::string>& hook_origins() const { return hook_origins_; }
  const std::map<std::string, std::vector<std::string>>& hook_overrides() const { return hook_overrides_; }

  Sandbox& sandbox() { return *sandbox_; }
  const Definition& definition() const { return *def_; }

  // Engine hooks looked up after loading (the rest are the definitions' own).
  static const std::vector<std::string>& EngineHooks();
  // Every hook name the engine or a front end calls: EngineHooks() and those called
  // by name (bot, check_options, seat_name, notebook). A definition's own game hook must not
  // be one typo from them, and `parlor check` never calls them unread.
  static const std::vector<std::string>& AllEngineHookNames();
  // The longest seat name taken (bytes): a name is shown in every line about its seat.
  static constexpr size_t kSeatNameBytes = 100;

 private:
  // The engine hooks, in EngineHooks() order: called by index, not looked up by
  // name at every call.
  enum EngineHook { kSetup, kActions, kApply, kWhyIllegal, kNextSeat, kTurnStart, kTurnEnd, kSameAs, kEngineHookCount };
  // Pushes the hook and the g object bound to `t`; returns false (pushing nothing)
  // when the hook is absent.
  bool PushHook(EngineHook hook);
  // Calls `hook` (why_illegal, same_as) with the action's table: its text, "" for
  // nil; any other return fails naming what was `expected`.
  std::string CallTextHook(EngineHook hook, const Table& t, const Action& action, const char* expected);
  // A DefinitionError for a hook defined under a misspelt engine hook's name.
  void CheckMisspeltEngineHooks() const;
  void CallHook(EngineHook hook, Table& t, int nargs, int nresults);
  // Throws ScriptError naming `hook`, and, when the error happened inside another
  // hook it called through Lua (noted by the message handler), that hook first.
  [[noreturn]] void Fail(const std::string& hook, const std::string& message);
  // Fail's message, without throwing: "hook 'x' of origin failed: message", the
  // innermost other hook first when the error happened in one (error_site_, taken).
  std::string Failure(const std::string& hook, const std::string& message);
  void RecordHookOrigins(const std::string& definition_id);
  // After each script: every hook an earlier definition set to a function is still
  // one (or nil), else a DefinitionError naming the script and the hook.
  void CheckHooksStayFunctions(const std::string& script, const std::string& definition_id);
  // After each script: a hook every game needs (setup, actions, apply) that a script
  // before it defined is still defined, else a DefinitionError naming this script.
  void CheckRequiredHooksKept(const std::string& script, const std::string& definition_id);
  // After each script: notes it in bot_legal_script_ when it changed hooks.bot_legal.
  void NoteBotLegalScript(const std::string& script);
  void CheckMissedHooks(lua_State* L, int hooks);
  void ReadBotLegal(lua_State* L);
  // Makes, at the first bot decision or notebook, what both hand over: the `cards`
  // and `board` tables, the bots' memories, strings and view.
  void PrepareBotTables();
  // The bot's `legal` table, pushed: made afresh, or (hooks.bot_legal = "shared")
  // kept per list of texts (then `*kept` is set: KeptBotTables::Check hands out a
  // copy). Both fill `chars` (each text's characters, interned) and return false when
  // a text was not cached (its entry then null).
  bool PushLegalTexts(const LegalList& legal, BotStrings& strings, std::vector<const char*>& chars);
  bool PushSharedLegalTexts(const LegalList& legal, BotStrings& strings, std::vector<const char*>& chars,
                            bool* kept);

  std::shared_ptr<const Definition> def_;
  std::unique_ptr<Sandbox> sandbox_;
  std::map<std::string, int> refs_;  // hook name -> registry reference
  int engine_refs_[kEngineHookCount];  // the same for the engine hooks (LUA_NOREF: absent)
  int bot_ref_ = LUA_NOREF;            // hooks.bot's (LUA_NOREF: absent)
  // The engine hooks' functions by address (what the message handler looks for on
  // the stack, see OuterHookScope), found once instead of at every call.
  const void* engine_functions_[kEngineHookCount];
  std::map<std::string, std::string> hook_origins_;
  std::map<std::string, std::vector<std::string>> hook_overrides_;
  std::map<std::string, const void*> hook_identity_;  // for provenance while loading
  // setup, actions, apply -> where the function last seen after a script was defined
  // ("rules.lua:200"): the one a later script took away (CheckRequiredHooksKept).
  std::map<std::string, std::string> required_hook_sites_;
  std::string bot_legal_script_;  // the last script that changed hooks.bot_legal
  // A hook an earlier definition made a function -> the script that set it to nil
  // ("house/rule.lua (definition house)"), while it stays nil: a call of it by the
  // rules then fails naming that script (Failure).
  std::map<std::string, std::string> removed_by_;
  // The position in the chain (0: the root) of the definition that first defined
  // each hook, and how many definitions have been recorded: a hook new in a mod
  // under a name close to one defined before it is a misspelt replacement.
  std::map<std::string, int> first_defined_in_;
  int definitions_recorded_ = 0;
  HookSites hook_sites_;                // every hook function seen while loading
  const void* outer_hook_ = nullptr;    // the function of the hook the engine is calling
  std::string error_site_;              // the innermost other hook of the last error, or ""
  int hook_depth_ = 0;                  // engine hooks running, one inside another (CallHook)
  std::string depth_error_;             // the error of hooks nested too deep, while it unwinds them
  EngineHook outermost_hook_ = kSetup;  // the first of the engine hooks running (CallHook)
  // The globals and g as loading left them, put back (TurnTo) when a hook call is
  // for another game than the last one (Game::serial; 0: no game, always put back).
  // Replaying (the undo of a failed action) puts them back too (PutBack alone).
  void TurnTo(uint64_t game);
  void PutBack();
  SharedTables shared_;
  uint64_t served_game_ = 0;
  std::string shared_written_;  // the first write TurnTo put back
  int g_ref_ = LUA_NOREF;    // the g object (reused; points at the current Table)
  GameHandle* handle_ = nullptr;  // g's handle (kept alive by g's methods)
  int out_ref_ = LUA_NOREF;  // the action collector userdata
  std::unique_ptr<ActionTables> action_tables_;  // the tables apply/why_illegal receive
  int data_ref_ = LUA_NOREF; // definition data as a Lua table (built once)
  int memories_ref_ = LUA_NOREF;  // slot -> a bot's memory
  std::unique_ptr<KeptBotTables> bot_tables_;  // cards, board, shared legal (made with the view)
  std::unique_ptr<BotStrings> bot_strings_;  // made at the first bot decision
  std::unique_ptr<LazyBotView> bot_view_;    // the same
  ProductListMemo product_lists_;      // out:add_product's lists seen before
  std::vector<const char*> bot_action_chars_;  // per legal action of a decision (kept: no allocation)
  bool shared_legal_ = false;  // hooks.bot_legal = "shared" (kept_bot_tables.h keeps the tables)
  int next_memory_slot_ = 1;
  struct KeptMemory {
    int ref = LUA_NOREF;   // what KeepBotMemory kept last (registry)
    bool pending = false;  // RestoreBotMemory may still put it back
  };
  std::map<int, KeptMemory> kept_memories_;  // by memory slot
  uint64_t hook_calls_ = 0;
};

}  // namespace parlor::lua
