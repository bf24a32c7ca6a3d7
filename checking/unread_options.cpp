#include "checking/unread_options.h"

#include <filesystem>
#include <regex>

#include "scripting/yaml/definition_files.h"

namespace parlor {

std::vector<std::string> ChainLuaTexts(const Definition& def) {
  std::vector<std::string> texts;
  for (const ScriptSource& script : def.scripts) texts.push_back(script.text);
  for (const std::string& folder : def.libraries) {
    std::error_code ec;
    for (std::filesystem::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
      if (it->path().extension() != ".lua") continue;
      if (auto text = yaml::ReadText(it->path().string())) texts.push_back(*text);
    }
  }
  return texts;
}

namespace {

// `id` as a regular expression matching itself (an option id may hold '-' or '.').
std::string Literal(const std::string& id) {
  static const std::regex special(R"([.^$|()\[\]{}*+?\\-])");
  return std::regex_replace(id, special, R"(\$&)");
}

}  // namespace

std::vector<std::string> UnreadOptions(const Definition& def, const std::set<std::string>& read,
                                       const std::vector<std::string>& texts) {
  std::vector<std::string> unread;
  for (const OptionSpec& option : def.options) {
    if (read.count(option.id) > 0) continue;
    const std::string id = Literal(option.id);
    // g:option("id") (or g:option "id"), g.options.id, options["id"] (any table called
    // options: a bot's view.options, check_options' argument).
    const std::regex reads("option\\s*\\(?\\s*[\"']" + id + "[\"']|options\\s*\\.\\s*" + id +
                           "($|[^A-Za-z0-9_])|options\\s*\\[\\s*[\"']" + id + "[\"']");
    bool named = false;
    for (const std::string& text : texts)
      if (std::regex_search(text, reads)) {
        named = true;
        break;
      }
    if (!named) unread.push_back(option.id);
  }
  return unread;
}

}  // namespace parlor
