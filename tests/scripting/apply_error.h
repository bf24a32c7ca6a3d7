// The message of the ScriptError an action raises, for tests of failing hooks.
#pragma once

#include <string>

#include "core/errors.h"
#include "core/game.h"

namespace parlor {

// Applies `text` and returns the ScriptError's message, or "" when it applied.
inline std::string ApplyError(Game& game, const std::string& text) {
  try {
    game.ApplyText(text);
  } catch (const ScriptError& e) {
    return e.what();
  }
  return "";
}

}  // namespace parlor
