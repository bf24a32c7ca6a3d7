#include "scripting/engine.h"

namespace parlor {

LoadedDefinition LoadPlayable(const std::string& id_or_path, const std::vector<std::string>& mods,
                              const std::vector<std::string>& search_path) {
  LoadOptions opts;
  opts.mods = mods;
  opts.search_path = search_path;
  LoadedDefinition out;
  auto def = LoadDefinition(id_or_path, opts);
  out.def = def;
  out.rules = std::make_shared<lua::LuaRules>(def);
  return out;
}

}  // namespace parlor
