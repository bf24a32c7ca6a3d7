#include "checking/unread_hooks.h"

#include <algorithm>
#include <iterator>
#include <regex>
#include <tuple>

#include "checking/error_site.h"
#include "checking/unread_options.h"

namespace parlor {

std::vector<CheckFinding> UnreadHookWarnings(const Definition& def, const lua::LuaRules& rules) {
  const std::vector<std::string> texts = ChainLuaTexts(def);
  const std::vector<std::string>& engine = lua::LuaRules::AllEngineHookNames();
  std::vector<CheckFinding> warnings;
  for (const auto& [name, origin] : rules.hook_origins()) {
    if (std::find(engine.begin(), engine.end(), name) != engine.end()) continue;
    if (rules.hook_overrides().count(name) > 0) continue;  // replaces a hook of its base
    if (def.chain.empty() || origin.rfind(def.chain.front() + " (", 0) == 0) continue;  // the root's own
    // Every occurrence of the name as a word, less those that define it.
    const std::regex word("(^|[^A-Za-z0-9_])" + name + "($|[^A-Za-z0-9_])");
    const std::regex defines("function\\s+hooks\\s*\\.\\s*" + name + "\\b|hooks\\s*\\.\\s*" + name +
                             "\\s*=[^=]");
    long uses = 0;
    for (const std::string& text : texts) {
      uses += std::distance(std::sregex_iterator(text.begin(), text.end(), word), std::sregex_iterator());
      uses -= std::distance(std::sregex_iterator(text.begin(), text.end(), defines), std::sregex_iterator());
    }
    if (uses > 0) continue;
    CheckFinding& found = warnings.emplace_back();
    found.kind = "unread-hook";
    found.key = "hooks." + name;
    found.message = "hooks." + name + " of " + origin +
                    " is new, and no Lua file of the chain reads it: the rules never call it (a house rule "
                    "replaces a hook they call: see 'hooks:' below, and the game's docs/variants page)";
    std::tie(found.file, found.line) = FirstLuaPlace(origin, def);  // "my-mod (my-mod/rules.lua:3)"
  }
  return warnings;
}

}  // namespace parlor
