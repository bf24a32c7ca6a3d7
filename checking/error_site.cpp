#include "checking/error_site.h"

#include <filesystem>
#include <regex>

namespace parlor {
namespace {

// A path ending in ".lua", then ":" and a line: no blank, quote, parenthesis or comma
// in it (a path holding one is not found: the finding then has no place).
const std::regex& LuaPlace() {
  static const std::regex place(R"(([^\s(),'"]+\.lua):([0-9]+))");
  return place;
}

// `shown` as Lua shows it, whole again when Lua cut its start ("..." then the end).
std::string WholePath(const std::string& shown, const Definition& def) {
  if (shown.rfind("...", 0) != 0) return shown;
  const std::string tail = shown.substr(3);
  auto ends_with_tail = [&](const std::string& path) {
    return path.size() >= tail.size() && path.compare(path.size() - tail.size(), tail.size(), tail) == 0;
  };
  for (const ScriptSource& script : def.scripts)
    if (ends_with_tail(script.path)) return script.path;
  for (const std::string& folder : def.libraries) {
    std::error_code ec;
    for (std::filesystem::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
      if (ends_with_tail(it->path().string())) return it->path().string();
  }
  return shown;
}

std::pair<std::string, int> PlaceOf(const std::smatch& m, const Definition& def) {
  try {
    return {WholePath(m[1].str(), def), std::stoi(m[2].str())};
  } catch (const std::exception&) {
    return {"", 0};  // a line number past an int: no place rather than a wrong one
  }
}

}  // namespace

std::pair<std::string, int> FirstLuaPlace(const std::string& text, const Definition& def) {
  std::smatch m;
  if (!std::regex_search(text, m, LuaPlace())) return {"", 0};
  return PlaceOf(m, def);
}

std::pair<std::string, int> ErrorSite(const std::string& first_line, const Definition& def) {
  const size_t failed = first_line.rfind("failed: ");
  if (failed == std::string::npos) return FirstLuaPlace(first_line, def);
  const std::string message = first_line.substr(failed + 8);
  std::smatch m;
  // Lua's own "file:line: " before the message: where the error was raised.
  if (std::regex_search(message, m, LuaPlace(), std::regex_constants::match_continuous) &&
      m.suffix().str().rfind(": ", 0) == 0)
    return PlaceOf(m, def);
  if (auto in_message = FirstLuaPlace(message, def); !in_message.first.empty()) return in_message;
  return FirstLuaPlace(first_line.substr(0, failed), def);
}

}  // namespace parlor
