#include "scripting/yaml/yaml_tree.h"

#include <yaml-cpp/yaml.h>

#include <fstream>
#include <sstream>
#include <unordered_map>

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

}  // namespace

std::optional<Node> ParseYaml(const std::string& text, const std::string& file,
                              Problems* problems) {
  YAML::Node doc;
  try {
    doc = YAML::Load(text);
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
