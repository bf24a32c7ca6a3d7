// Exception types that cross layer boundaries. Each carries a message written for
// the person who caused it (a modder, a test author, a player).
#pragma once

#include <stdexcept>
#include <string>

namespace parlor {

// Base of every error parlor raises on purpose.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A board description that cannot be built (bad map, door into a wall...).
class BoardError : public Error {
 public:
  using Error::Error;
};

// A definition (YAML + Lua files) that is invalid. The message names file, line,
// column and key path.
class DefinitionError : public Error {
 public:
  using Error::Error;
};

// A Lua hook failed at run time. The message names definition, file, line, hook
// and carries a traceback. The game state is left as it was before the call.
class ScriptError : public Error {
 public:
  using Error::Error;
};

// An action that is not legal now. `reason` says why in words.
class IllegalAction : public Error {
 public:
  using Error::Error;
};

// A malformed saved state, replay or scenario set-up.
class StateError : public Error {
 public:
  using Error::Error;
};

}  // namespace parlor
