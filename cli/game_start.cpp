#include "cli/game_start.h"

#include "core/errors.h"

namespace parlor {

Value ParseOptions(const std::vector<std::string>& pairs) {
  Value out = Value(Value::Object{});
  for (const auto& p : pairs) {
    auto eq = p.find('=');
    if (eq == std::string::npos || eq == 0) throw StateError("--option expects NAME=VALUE, got '" + p + "'");
    const std::string name = p.substr(0, eq);
    // The same option twice: the last one was played, the first one dropped unsaid.
    if (out.Has(name))
      throw StateError("--option " + name + " is given twice (" + name + "=" + out.Get(name).as_string() + ", " + p +
                       "): give it once");
    out[name] = p.substr(eq + 1);  // NewState coerces text to the option's type
  }
  return out;
}

GameStart StartOf(const Definition& def, int players, const std::vector<std::string>& option_pairs,
                  const std::string& mode) {
  GameStart s{players > 0 ? players : def.min_players, ParseOptions(option_pairs)};
  if (!mode.empty()) {
    // A mode is a named set of options; --option values given with it win.
    if (const ModeSpec* m = def.Mode(mode); m != nullptr && players <= 0) s.players = m->min_players;
    s.options = def.OptionsInMode(mode, s.players, s.options);
  }
  return s;
}

}  // namespace parlor
