#include "scripting/lua/compiler_choice.h"

#include <cstdlib>
#include <filesystem>
#include <string>

#include "scripting/yaml/loader.h"

namespace parlor::lua {

namespace {

namespace fs = std::filesystem;

// Whether `path` names something inside `dir` (both made absolute and normal, with
// symbolic links resolved, so "variants/../mods/x" is not inside variants/).
bool Inside(const std::string& path, const fs::path& dir) {
  std::error_code ec;
  const fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
  if (ec) return false;
  auto d = dir.begin(), q = p.begin();
  for (; d != dir.end(); ++d, ++q) {
    if (d->empty()) continue;  // a trailing separator
    if (q == p.end() || *q != *d) return false;
  }
  return true;
}

}  // namespace

bool ShipsUnder(const Definition& def, const std::string& variants_dir) {
  std::error_code ec;
  const fs::path dir = fs::weakly_canonical(fs::absolute(variants_dir, ec), ec);
  if (ec || dir.empty()) return false;
  for (const auto& script : def.scripts)
    if (!Inside(script.path, dir)) return false;
  for (const auto& folder : def.libraries)
    if (!Inside(folder, dir)) return false;
  return true;
}

bool CompilerWanted(const Definition& def) {
  if (const char* env = std::getenv("PARLOR_LUA_JIT"); env != nullptr && *env != '\0')
    return std::string(env) == "1";
  return ShipsUnder(def, DefaultVariantsDir());
}

}  // namespace parlor::lua
