// Loading a playable game: a definition (YAML, bases, mods) plus its Lua rules.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "scripting/lua/lua_rules.h"
#include "scripting/yaml/loader.h"

namespace parlor {

struct LoadedDefinition {
  std::shared_ptr<const Definition> def;
  std::shared_ptr<lua::LuaRules> rules;

  // A new game: `options` is an object of option id -> value.
  Game NewGame(int num_seats, uint64_t seed, const Value& options = Value()) const {
    return Game(def, rules, num_seats, seed, options);
  }
};

// Loads `id_or_path` with `mods` layered on top. Throws DefinitionError.
LoadedDefinition LoadPlayable(const std::string& id_or_path, const std::vector<std::string>& mods = {},
                              const std::vector<std::string>& search_path = {});

}  // namespace parlor
