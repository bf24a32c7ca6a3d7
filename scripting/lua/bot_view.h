// The view a definition bot gets, built as a Lua table straight from the state.
//
// Why: building Game::View as a Value tree, adding the log and converting the tree
// with PushValue made a decision cost several times the bot's own Lua. The table
// built here has the same content as PushValue of Game::View(seat, false) with
// "log" added (the events of log[log_from, log.size()) the seat may see, each its
// data plus "type"), and it is built by the same sequence of Lua calls (table
// sizes, keys in Value's sorted order, nil-valued keys set too), so even the order
// in which `pairs` visits it is the same. tests/scripting/bot_view_test.cc keeps
// the two from drifting apart: a field added to Game::View must be added here.
#pragma once

#include <lua.hpp>

#include "core/game.h"
#include "scripting/lua/bot_strings.h"

namespace parlor::lua {

// Pushes the view; `strings` must have been prepared for game.definition().
void PushBotView(lua_State* L, const Game& game, int seat, size_t log_from, BotStrings& strings);

// PushValue with strings (keys and values) taken from `strings`.
void PushValueInterned(lua_State* L, const Value& v, BotStrings& strings);

}  // namespace parlor::lua
