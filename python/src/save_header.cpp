// parlor._parlor.save_header: the few keys of a save's top object that
// parlor.load_game(None, text) reads before it loads the rules the save names
// ("format", "definition", "mods"), without Python's json.loads of the whole save. That
// parse, a Python object for every event of a long game's log, was the peak of the
// load (bench/README.md, "Save memory").
//
// The values are given as their JSON text, which python/parlor/_api.py reads with
// json.loads: the objects (and their repr in an error message) are then those a
// json.loads of the whole save held. A text the engine's reader refuses, or that it
// cannot be given (not UTF-8, not a str or bytes), gives None: _api.py then parses it
// whole with json.loads as before, so that the error said is the one said before.
#include "python/src/save_header.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/json_lists.h"
#include "core/value.h"
#include "scripting/save_file.h"

namespace py = pybind11;

namespace parlor {

namespace {

// Reading past a part of `text` at `pos`, a text the engine's reader took whole (valid
// JSON): a value is skipped by its brackets and strings, not read.
size_t SkipString(std::string_view text, size_t pos) {
  for (++pos; pos < text.size() && text[pos] != '"'; ++pos)
    if (text[pos] == '\\') ++pos;
  return pos + 1;
}

size_t SkipSpace(std::string_view text, size_t pos) {
  while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\n' || text[pos] == '\r' || text[pos] == '\t')) ++pos;
  return pos;
}

size_t SkipValue(std::string_view text, size_t pos) {
  if (text[pos] == '"') return SkipString(text, pos);
  if (text[pos] == '{' || text[pos] == '[') {
    size_t depth = 0;
    while (pos < text.size()) {
      const char c = text[pos];
      if (c == '"') {
        pos = SkipString(text, pos);
        continue;
      }
      if (c == '{' || c == '[') ++depth;
      if (c == '}' || c == ']') {
        if (--depth == 0) return pos + 1;
      }
      ++pos;
    }
    return pos;
  }
  while (pos < text.size() && text[pos] != ',' && text[pos] != '}' && text[pos] != ']' && text[pos] != ' ' &&
         text[pos] != '\n' && text[pos] != '\r' && text[pos] != '\t')
    ++pos;
  return pos;
}

// The top object's values under `wanted` keys, as JSON texts (of a key given twice,
// the last, as every JSON reader here takes it); the text is valid JSON and an object.
std::vector<std::pair<std::string, std::string_view>> TopValues(std::string_view text,
                                                                const std::vector<std::string>& wanted) {
  std::vector<std::pair<std::string, std::string_view>> out;
  size_t pos = SkipSpace(text, 0) + 1;  // past '{'
  while (true) {
    pos = SkipSpace(text, pos);
    if (pos >= text.size() || text[pos] == '}') break;
    const size_t key_end = SkipString(text, pos);
    // Written with escapes or not ("\u0066ormat" is "format"), as the readers read it.
    const std::string key = Value::FromJson(text.substr(pos, key_end - pos)).as_string();
    pos = SkipSpace(text, SkipSpace(text, key_end) + 1);  // past ':'
    const size_t end = SkipValue(text, pos);
    if (std::find(wanted.begin(), wanted.end(), key) != wanted.end()) {
      auto it = std::find_if(out.begin(), out.end(), [&](const auto& kv) { return kv.first == key; });
      if (it == out.end()) out.emplace_back(key, text.substr(pos, end - pos));
      else it->second = text.substr(pos, end - pos);
    }
    pos = SkipSpace(text, end);
    if (pos < text.size() && text[pos] == ',') ++pos;
  }
  return out;
}

}  // namespace

void BindSaveHeader(py::module_& m) {
  m.def(
      "save_header",
      [](py::object text) -> py::object {
        py::detail::make_caster<std::string_view> caster;
        // A str with a lone surrogate, another type: json.loads says what it says of it.
        if (!(PyUnicode_Check(text.ptr()) || PyBytes_Check(text.ptr()) || PyByteArray_Check(text.ptr())) ||
            !caster.load(text, true)) {
          PyErr_Clear();
          return py::none();
        }
        const std::string_view json = py::detail::cast_op<std::string_view>(caster);
        if (json.size() > kMaxSaveBytes) return py::none();  // refused later, as before
        bool is_object = false;
        try {
          // The whole text through the engine's reader (its logs kept in the text, not
          // made into values): what it refuses, json.loads is given as before.
          KeptLists kept;
          is_object = ParseKeepingLogs(json, kept).is_object();
        } catch (const std::exception&) {
          return py::none();
        }
        py::dict values;
        if (is_object)
          for (const auto& [key, value] : TopValues(json, {"format", "definition", "mods"}))
            values[py::str(key)] = py::str(value.data(), value.size());
        return py::make_tuple(is_object, values);
      },
      py::arg("json"),
      "(is the top value an object, {key: its value's JSON text}) of the save's \"format\", \"definition\" and "
      "\"mods\"; None when the engine's reader refuses the text.");
}

}  // namespace parlor
