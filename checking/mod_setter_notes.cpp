#include "checking/mod_setter_notes.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "scripting/yaml/loader.h"

namespace fs = std::filesystem;

namespace parlor {

std::string ModSetterNotes(const std::string& message, const Definition& def,
                           const std::vector<std::string>& trials) {
  std::string notes;
  std::error_code ec;
  const fs::path data = fs::weakly_canonical(DataDir(), ec);
  // A file of the installation's own variants/ or mods/: not what the modder changed.
  auto shipped = [&](const std::string& file) {
    std::error_code e;
    const fs::path at = fs::weakly_canonical(file, e);
    if (e || ec) return false;
    for (const char* sub : {"variants", "mods"}) {
      const fs::path root = data / sub;
      auto [r, a] = std::mismatch(root.begin(), root.end(), at.begin(), at.end());
      if (r == root.end()) return true;
    }
    return false;
  };
  for (const auto& [path, setter] : def.provenance) {
    // An option's default, or its value in a mode, is named by the option ("option
    // weapon_rooms: 'hal' is not one of ...", as check_options and the engine word it).
    const bool option_default = path.rfind("options.", 0) == 0 && path.size() > 16 &&
                                path.compare(path.size() - 8, 8, ".default") == 0;
    const size_t mode_options = path.rfind("modes.", 0) == 0 ? path.find(".options.") : std::string::npos;
    const bool mode_option = mode_options != std::string::npos &&
                             path.find('.', mode_options + 9) == std::string::npos && path.size() > mode_options + 9;
    const std::string named = option_default ? "option " + path.substr(8, path.size() - 16)
                              : mode_option  ? "option " + path.substr(mode_options + 9)
                                             : path;
    if (!option_default && path.find('.') == std::string::npos) continue;  // a word, not a path
    if (mode_option) {
      const std::string in_mode = "in mode '" + path.substr(6, mode_options - 6) + "'";
      if (std::none_of(trials.begin(), trials.end(),
                       [&](const std::string& t) { return t.find(in_mode) != std::string::npos; }))
        continue;
    }
    if (message.find(named) == std::string::npos) continue;
    const size_t at = message.find(named);
    const size_t end = at + named.size();
    const auto in_word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; };
    if ((at > 0 && (in_word(message[at - 1]) || message[at - 1] == '.')) ||
        (end < message.size() && (in_word(message[end]) || (message[end] == '.' && end + 1 < message.size() &&
                                                            in_word(message[end + 1])))))
      continue;
    const std::string file = setter.substr(0, setter.rfind(':'));
    const bool mod = file.size() >= 9 && file.compare(file.size() - 9, 9, "/mod.yaml") == 0;
    if (!mod && shipped(file)) continue;
    notes += " (" + path + " is set by " + setter + ")";
  }
  return notes;
}

}  // namespace parlor
