// Whether g's fields (g.options and g.num_seats, g.place_of and g.occupant, g.vars)
// are those of the table g is bound to: the usual case at every hook call, three
// comparisons. Inline, so that CallHook calls SyncGameFields only when something is
// to be done: the call alone, out of line, cost ~28 instructions, three or four times
// an action in a Sorry!-shaped game (bench/README.md, session 43).
#pragma once

#include <cstdint>

#include "scripting/lua/game_api.h"
#include "scripting/lua/piece_mirror.h"
#include "scripting/lua/vars_mirror.h"

namespace parlor::lua {

inline bool GameFieldsCurrent(const GameHandle* h) {
  if (h->table == nullptr) return true;  // bound to no game: nothing to follow
  const Table& t = *h->table;
  const uint64_t serial = t.game_serial();
  return serial != 0 && serial == h->options_face_serial && h->mirror->Current(t) && h->vars->Current(t);
}

}  // namespace parlor::lua
