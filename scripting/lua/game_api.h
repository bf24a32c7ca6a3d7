// The `g` object hooks receive: the Lua face of core::Table.
//
// Every method is a thin C function that converts arguments, calls Table (or the
// Board), and converts C++ exceptions into Lua errors that carry the caller's file
// and line, so no C++ exception ever crosses a Lua frame. The method reference is
// docs/hooks.md.
#pragma once

#include <lua.hpp>
#include <array>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/action.h"
#include "core/rules.h"
#include "core/table.h"
#include "scripting/lua/id_strings.h"
#include "scripting/lua/piece_mirror.h"
#include "scripting/lua/vars_mirror.h"

namespace parlor::lua {

class LuaRules;

// Both userdata types start with a tag, so the action list's methods can check
// their `self` by size and tag (luaL_checkudata looks the metatable up by name on
// every call, which cost more than many methods themselves). Scripts cannot make
// userdata. The handle is not a script's `self`: g is a table whose methods are
// bound to it (game_api.cpp, NewGameHandle); it keeps the tag so that every
// userdata in the sandbox starts with one.
// The registry key of the table hook name -> where it was defined, kept by LuaRules
// as it loads each script, read by g:hook_origin.
inline constexpr const char* kHookOriginsKey = "parlor.hook_origins";

struct GameHandle {
  static constexpr uint64_t kTag = 0x7061726c6f722e67;  // "parlor.g"
  uint64_t tag = kTag;
  Table* table = nullptr;     // null outside a hook call: using g then is an error
  const void* g = nullptr;    // the g table (lua_topointer), to recognise `self` cheaply
  bool read_only = false;     // true while listing actions or explaining illegality
  const char* hook = "";      // the hook running, for error messages
  int data_ref = LUA_NOREF;   // g:data()
  IdStrings* ids = nullptr;   // the definition's ids as Lua strings (made on first use,
                              // freed by the handle's __gc)
  // The options of the game with Game::serial() options_serial, as a Lua table
  // (registry reference): options never change within a game, and g:option is
  // called several times per action.
  uint64_t options_serial = 0;
  int options_ref = LUA_NOREF;
  PieceMirror* mirror = nullptr;  // g.place_of and g.occupant (freed by the handle's __gc)
  VarsMirror* vars = nullptr;     // g.vars (freed by the handle's __gc)
  // g.options: a read-only face whose metatable (registry reference) reads through
  // to the options table of the game with Game::serial() options_face_serial.
  int options_face_meta_ref = LUA_NOREF;
  uint64_t options_face_serial = 0;
  // The g table itself (registry reference), whose plain field num_seats is written
  // when g is pointed at another game, with g.options (see SyncGameFields).
  int g_ref = LUA_NOREF;
  // Where the ids of the options hooks read (g:option, g.options) are noted, or null
  // (the usual case: nothing noted). `parlor check` notes them in its trial games to
  // warn of an option no hook reads (LuaRules::NoteOptionReads).
  std::set<std::string>* option_reads = nullptr;
};

// Binds g to `t` for one hook call (and puts the previous binding back after it:
// hooks may call the engine, which calls hooks). While it lasts, g's methods find
// their handle without reading their upvalues.
class HandleScope {
 public:
  HandleScope(GameHandle* h, Table* t, bool read_only, const char* hook);
  ~HandleScope();
  HandleScope(const HandleScope&) = delete;
  HandleScope& operator=(const HandleScope&) = delete;

 private:
  GameHandle* h_;
  Table* table_;
  bool read_only_;
  const char* hook_;
  GameHandle* current_;
};

// Lists that out:add_product was given before, remembered by their strings: a
// deduction game passes the same card lists at every decision, and checking that a
// list holds the same Lua strings (by address) costs a fraction of converting and
// sorting it again. The strings are kept alive in a Lua table of the memo's own (in
// the registry of the runtime the memo belongs to: one memo per runtime), so no
// other string can take their address while the memo holds them.
class ProductListMemo {
 public:
  // The list at stack index i, checked, sorted and without repeats; `type` (the
  // action type) names the call in an error.
  const ArgList& Get(lua_State* L, int i, std::string_view type);

 private:
  struct Entry {
    int ref = LUA_NOREF;             // a Lua array holding the strings below
    std::vector<const char*> chars;  // the list's strings, in order
    ArgList list;                    // sorted, without repeats
  };
  static bool Same(lua_State* L, int i, const std::vector<const char*>& chars);
  static void Remember(lua_State* L, int i, Entry& e, std::vector<std::string> list);

  std::array<Entry, 8> entries_;
  size_t next_ = 0;
};

struct ActionCollector {
  static constexpr uint64_t kTag = 0x7061726c6f722e61;  // "parlor.a"
  uint64_t tag = kTag;
  std::vector<Action>* out = nullptr;
  std::vector<SortedSpan>* sorted = nullptr;  // where add_product notes its spans (may be null)
  std::vector<Action>* spare = nullptr;       // actions whose memory new ones reuse (may be null)
  std::vector<ActionProduct>* products = nullptr;  // where add_product keeps products whole (may be null)
  ProductListMemo* memo = nullptr;            // this runtime's (may be null)
  int seat = -1;

  // Appends a new action of this seat to `out` and returns it: a spare one moved
  // over (keeping its memory) when there is one. Its type and arguments are the
  // caller's to set.
  Action& Add() {
    if (spare == nullptr || spare->empty()) {
      out->emplace_back();
    } else {
      out->push_back(std::move(spare->back()));
      spare->pop_back();
    }
    Action& a = out->back();
    a.actor = seat;
    return a;
  }
};

// Pushes a __newindex function that refuses every new field with `format` (one %s:
// the field's name) as the error.
void PushFieldRefuser(lua_State* L, const char* format);
// Pushes an empty table that reads through to the table at stack index `real` and
// refuses writes with `refusal` (as PushFieldRefuser); its metatable is locked.
// The read-only fields of g (g.place_of, g.vars, g.options) are such faces.
void PushReadOnlyFace(lua_State* L, int real, const char* refusal);

// Creates the metatables and returns (pushing nothing) after registering them.
void RegisterGameApi(lua_State* L);
// Pushes a new g (a table of methods bound to the returned handle, and the
// read-only fields place_of, occupant (piece_mirror.h), vars (vars_mirror.h) and
// options) / action collector.
GameHandle* NewGameHandle(lua_State* L, const Definition& def);
// Makes g.place_of, g.occupant, g.vars, g.options and g.num_seats those of the game h is bound
// to (a hook call starting). Throws ScriptError when there is no memory left for them.
void SyncGameFields(lua_State* L, GameHandle* h);
ActionCollector* NewActionCollector(lua_State* L);

}  // namespace parlor::lua
