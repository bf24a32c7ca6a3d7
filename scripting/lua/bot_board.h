// The board as a definition bot may read it: static geometry only (no tokens, no
// game), the fifth argument of hooks.bot.
//
//   board:distances(place)  -> {place id = steps}: the fewest steps (along step and
//                              door edges, as a walk counts them, tokens ignored)
//                              from `place` to every place it can reach
//   board:has_place(id)     -> whether the id names a place of the board (never an
//                              error for a string: a bot asks it of ids that may not)
//   board:advance, retreat, track_distance, place_kind, has_tag, place_tags: as g's
//                              methods of those names (docs/hooks.md); place_tags'
//                              lists are made once per place, as distances' tables
//
// Why: a bot sees its seat's view, which says where tokens are but not how places
// connect (it could only wander when no place it wants is in reach) nor which are
// safe (a race bot hoped for captures on safe squares). Distances are the same for
// every game of a definition, so each table is made once and handed out again
// (bots must not write into it; one written into is made again: bot_board.cpp).
#pragma once

#include <lua.hpp>

#include <string>

#include "core/board.h"

namespace parlor::lua {

// Pushes the board table for `board` (which must outlive the Lua state's use of it:
// the runtime's definition keeps it). `written`, when given (it must outlive the
// table too), receives what a bot changed in a table distances or place_tags handed
// out, the first time one is found changed; "" until then.
void PushBotBoard(lua_State* L, const Board* board, std::string* written = nullptr);

}  // namespace parlor::lua
