#include "scripting/yaml/yaml_tree.h"

#include <yaml-cpp/depthguard.h>  // YAML::DeepRecursion
#include <yaml-cpp/yaml.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <unordered_map>
#include <vector>

#include "core/utf8.h"

namespace parlor::yaml {

int Node::IndexOf(std::string_view key) const {
  for (size_t i = 0; i < keys.size(); ++i) {
    if (keys[i].name == key) return static_cast<int>(i);
  }
  return -1;
}

const Node* Node::Find(std::string_view key) const {
  const int i = IndexOf(key);
  return i < 0 ? nullptr : &items[i];
}

const Key* Node::FindKey(std::string_view key) const {
  const int i = IndexOf(key);
  return i < 0 ? nullptr : &keys[i];
}

void Node::Erase(size_t index) {
  keys.erase(keys.begin() + static_cast<std::ptrdiff_t>(index));
  items.erase(items.begin() + static_cast<std::ptrdiff_t>(index));
}

namespace {

// Values a file may hold once its aliases are expanded. A definition of the size of
// Clue's holds a few thousand; a file of aliases each repeating the last ten times
// ("billion laughs") would otherwise be expanded into gigabytes.
constexpr size_t kMostValues = 100000;

class Converter {
 public:
  Converter(const std::string& text, const std::string& file, Problems* problems)
      : text_(text), file_(file), problems_(problems) {}

  // `fallback` locates nodes yaml-cpp gives no useful mark (empty values, whose
  // mark points at whatever follows them): the key they belong to.
  Node Convert(const YAML::Node& in, const Location& fallback, const std::string& path) {
    Node out;
    out.where = fallback;
    const YAML::Mark mark = in.Mark();
    if (!in.IsNull() && mark.line >= 0) out.where = At(mark);
    out.content = out.where;
    if (++values_ > kMostValues) {
      if (!too_many_reported_)
        problems_->Add(out.where, path,
                       "the file holds more than " + std::to_string(kMostValues) +
                           " values once its aliases (*name) are expanded: an alias repeating aliases?");
      too_many_reported_ = true;
      out.refused = true;
      return out;  // null
    }
    if (in.IsSequence() || in.IsMap()) {
      // `x: &a [*a]`: an alias inside the list or map it names would be an endless value.
      for (const YAML::Node& outer : open_)
        if (outer.is(in)) {
          problems_->Add(out.where, path,
                         "an alias (*name) inside the list or map its anchor (&name) names: the value "
                         "would contain itself without end");
          out.refused = true;
          return out;  // null
        }
      open_.push_back(in);
    }
    struct Close {
      std::vector<YAML::Node>* open;
      bool pushed;
      ~Close() {
        if (pushed) open->pop_back();
      }
    } close{&open_, in.IsSequence() || in.IsMap()};
    switch (in.Type()) {
      case YAML::NodeType::Undefined:
      case YAML::NodeType::Null:
        out.kind = Node::Kind::kNull;
        break;
      case YAML::NodeType::Scalar:
        out.kind = Node::Kind::kScalar;
        out.text = in.Scalar();
        // yaml-cpp tags plain scalars "?" and quoted or block scalars "!".
        out.plain = in.Tag() == "?";
        if (mark.pos >= 0) LocateBlockContent(mark, &out);
        break;
      case YAML::NodeType::Sequence: {
        out.kind = Node::Kind::kSequence;
        size_t i = 0;
        for (const YAML::Node& item : in) {
          out.items.push_back(Convert(item, out.where, JoinIndex(path, i++)));
        }
        break;
      }
      case YAML::NodeType::Map: {
        out.kind = Node::Kind::kMap;
        std::unordered_map<std::string, int> first_line;
        for (const auto& entry : in) {
          const Location key_where =
              entry.first.Mark().line >= 0 ? At(entry.first.Mark()) : out.where;
          if (!entry.first.IsScalar()) {
            problems_->Add(key_where, path,
                           "expected a plain key (a word or quoted text), got " +
                               std::string(entry.first.IsMap() ? "a map" : "a list"));
            continue;
          }
          const std::string name = entry.first.Scalar();
          const std::string key_path = JoinKey(path, name);
          const auto [it, fresh] = first_line.emplace(name, key_where.line);
          if (!fresh) {
            // YAML forbids this; yaml-cpp keeps both, which would silently pick one.
            problems_->Add(key_where, key_path,
                           "duplicate key '" + name + "' (first given on line " +
                               std::to_string(it->second) + ")");
            continue;
          }
          out.keys.push_back(Key{name, key_where});
          out.items.push_back(Convert(entry.second, key_where, key_path));
        }
        break;
      }
    }
    return out;
  }

 private:
  Location At(const YAML::Mark& mark) const {
    return Location{file_, mark.line + 1, mark.column + 1};
  }

  // A literal block scalar's text starts on the line after its `|` indicator, at
  // that line's indentation.
  void LocateBlockContent(const YAML::Mark& mark, Node* node) const {
    const size_t pos = static_cast<size_t>(mark.pos);
    if (pos >= text_.size() || text_[pos] != '|') return;
    const size_t eol = text_.find('\n', pos);
    if (eol == std::string::npos) return;
    size_t indent = 0;
    while (eol + 1 + indent < text_.size() && text_[eol + 1 + indent] == ' ') ++indent;
    node->content = Location{file_, mark.line + 2, static_cast<int>(indent) + 1};
  }

  const std::string& text_;
  const std::string& file_;
  Problems* problems_;
  std::vector<YAML::Node> open_;  // the lists and maps being converted, outermost first
  size_t values_ = 0;
  bool too_many_reported_ = false;
};

// YAML indents with spaces only; a tab in the indentation gives yaml-cpp's message
// about something else ("end of map not found"): say where the first such tab is.
std::string TabHint(const std::string& text) {
  int line = 1;
  bool at_indent = true;
  for (char c : text) {
    if (c == '\n') {
      ++line;
      at_indent = true;
    } else if (c == '\t' && at_indent) {
      return " (line " + std::to_string(line) + " is indented with a tab: YAML indents with spaces only)";
    } else if (c != ' ') {
      at_indent = false;
    }
  }
  return "";
}

// Reports a file of UTF-8 text with another byte in it (yaml-cpp takes any bytes,
// and a name or title holding them would reach Python, which reads UTF-8, and the
// JSON of a save). False when the text is UTF-8, or UTF-16/32 with a byte order
// mark, which yaml-cpp reads itself.
bool ReportedNotUtf8(const std::string& text, const std::string& file, Problems* problems) {
  const auto starts = [&](std::string_view bom) { return std::string_view(text).substr(0, bom.size()) == bom; };
  if (starts(std::string_view("\xff\xfe", 2)) || starts(std::string_view("\xfe\xff", 2)) ||
      starts(std::string_view("\0\0\xfe\xff", 4)))
    return false;
  const size_t bad = FirstBadUtf8(text);
  if (bad == std::string_view::npos) return false;
  int line = 1;
  size_t line_start = 0;
  for (size_t i = 0; i < bad; ++i)
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  char byte[8];
  std::snprintf(byte, sizeof byte, "0x%02x", static_cast<unsigned char>(text[bad]));
  problems->Add(Location{file, line, static_cast<int>(bad - line_start) + 1}, "",
                std::string("the file is not UTF-8 text: byte ") + byte +
                    " starts no character (YAML files are UTF-8; save it as UTF-8)");
  return true;
}

}  // namespace

std::optional<Node> ParseYaml(const std::string& text, const std::string& file,
                              Problems* problems) {
  if (ReportedNotUtf8(text, file, problems)) return std::nullopt;
  YAML::Node doc;
  try {
    doc = YAML::Load(text);
  } catch (const YAML::DeepRecursion& e) {
    // yaml-cpp's own message for it is "bad file".
    problems->Add(Location{file, e.mark.line + 1, e.mark.column + 1}, "",
                  "invalid YAML: lists and maps nested too deep (the YAML reader stops at " +
                      std::to_string(e.depth()) + " levels)");
    return std::nullopt;
  } catch (const YAML::ParserException& e) {
    problems->Add(Location{file, e.mark.line + 1, e.mark.column + 1}, "", "invalid YAML: " + e.msg + TabHint(text));
    return std::nullopt;
  } catch (const YAML::Exception& e) {
    problems->Add(Location{file, 0, 0}, "", std::string("invalid YAML: ") + e.what());
    return std::nullopt;
  }
  Converter converter(text, file, problems);
  return converter.Convert(doc, Location{file, 1, 1}, "");
}

std::optional<Node> ReadYamlFile(const std::string& path, Problems* problems) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    problems->AddFile(path, "cannot read the file");
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  return ParseYaml(text.str(), path, problems);
}

}  // namespace parlor::yaml
