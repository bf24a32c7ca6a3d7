// Sets PARLOR_LUA_JIT for a scope (it decides, when a definition loads, whether its
// Lua runs compiled, and with it whether the FFI forms of fast_calls.h are used),
// then puts back what was there.
#pragma once

#include <cstdlib>
#include <string>

namespace parlor {

class CompilerScope {
 public:
  explicit CompilerScope(const char* value) {
    if (const char* v = std::getenv("PARLOR_LUA_JIT")) saved_ = v, had_ = true;
    setenv("PARLOR_LUA_JIT", value, 1);
  }
  ~CompilerScope() {
    if (had_) setenv("PARLOR_LUA_JIT", saved_.c_str(), 1);
    else unsetenv("PARLOR_LUA_JIT");
  }
  CompilerScope(const CompilerScope&) = delete;
  CompilerScope& operator=(const CompilerScope&) = delete;

 private:
  std::string saved_;
  bool had_ = false;
};

}  // namespace parlor
