#include "scripting/yaml/deletion_notes.h"

#include <cctype>

namespace parlor::yaml {

namespace {

// Whether `word` stands in `text` as a word of its own ("zones" in "no zones are
// declared", not in "zones_of").
bool MentionsWord(const std::string& text, const std::string& word) {
  if (word.empty()) return false;
  auto in_word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; };
  for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
    const bool starts = at == 0 || !in_word(text[at - 1]);
    const bool ends = at + word.size() == text.size() || !in_word(text[at + word.size()]);
    if (starts && ends) return true;
  }
  return false;
}

// The last key of a path: "envelope" of "zones.envelope", "#" of `legend["#"]`.
std::string LastKey(const std::string& path) {
  if (!path.empty() && path.back() == ']') {
    const size_t open = path.rfind('[');
    std::string key = path.substr(open + 1, path.size() - open - 2);
    if (key.size() >= 2 && key.front() == '"' && key.back() == '"') key = key.substr(1, key.size() - 2);
    return key;
  }
  const size_t dot = path.rfind('.');
  return dot == std::string::npos ? path : path.substr(dot + 1);
}

}  // namespace

std::string DeletionNotes(const std::string& message, const std::map<std::string, std::string>& deleted_by,
                          const std::string& skip_file, const std::set<std::string>* empty) {
  std::string notes;
  for (const auto& [path, where] : deleted_by) {
    const std::string file = where.substr(0, where.rfind(':'));
    const bool by_nothing = empty != nullptr && empty->count(path) > 0;
    if (!by_nothing && !skip_file.empty() && file == skip_file) continue;
    if (!MentionsWord(message, LastKey(path))) continue;
    notes += " (" + path + " was deleted by " + where +
             (by_nothing ? ", a key with nothing after its colon, which deletes it like '~': to change "
                           "part of it, indent its keys under it"
                         : "") +
             ")";
  }
  return notes;
}

}  // namespace parlor::yaml
