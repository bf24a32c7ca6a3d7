// Sets an environment variable for a scope, then puts back what was there.
// CompilerScope sets PARLOR_LUA_JIT (it decides, when a definition loads, whether its
// Lua runs compiled, and with it whether the FFI forms of fast_calls.h are used).
#pragma once

#include <cstdlib>
#include <string>

namespace parlor {

class EnvScope {
 public:
  EnvScope(const char* name, const char* value) : name_(name) {
    if (const char* v = std::getenv(name)) saved_ = v, had_ = true;
    setenv(name, value, 1);
  }
  ~EnvScope() {
    if (had_) setenv(name_.c_str(), saved_.c_str(), 1);
    else unsetenv(name_.c_str());
  }
  EnvScope(const EnvScope&) = delete;
  EnvScope& operator=(const EnvScope&) = delete;

 private:
  std::string name_;
  std::string saved_;
  bool had_ = false;
};

class CompilerScope : public EnvScope {
 public:
  explicit CompilerScope(const char* value) : EnvScope("PARLOR_LUA_JIT", value) {}
};

}  // namespace parlor
