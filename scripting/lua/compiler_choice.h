// Whether a definition's Lua runs with LuaJIT's compiler on.
//
// The compiler makes rules several times cheaper where they loop over plain Lua
// tables, but a loop that stays in compiled code never looks at hooks: the time
// budget (watchdog.h) could not stop it. So the compiler is on only for code that
// ships with parlor and is tested with it -- every script and every folder
// `require` may read under the installation's variants/ folder (DefaultVariantsDir:
// the editions and variants/lib) -- and off for anything else: a definition from
// another folder, or any definition with a mod layered on it, runs interpreted,
// where the budget always holds.
//
// PARLOR_LUA_JIT=1 switches the compiler on for every definition, PARLOR_LUA_JIT=0
// off for every one (measurements, or a modder's own trusted code).
#pragma once

#include "core/definition.h"

namespace parlor::lua {

bool CompilerWanted(const Definition& def);

// Whether every script and `require` folder of `def` lies under `variants_dir`.
bool ShipsUnder(const Definition& def, const std::string& variants_dir);

}  // namespace parlor::lua
