#include "scripting/yaml/yaml_tree.h"

#include <yaml-cpp/depthguard.h>  // YAML::DeepRecursion
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/utf8.h"
#include "scripting/yaml/control_chars.h"

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

// Values a file's aliases may repeat, all expansions together. A definition of the
// size of Clue's repeats none or a few dozen; a file of aliases each repeating the
// last ten times ("billion laughs") would otherwise be expanded into gigabytes.
// Only repeats count: the values written out in the file cost memory in proportion
// to its text, and a big game written plainly (40,000 cards, each a map with a
// category and data: 160,000 values) was refused as "an alias repeating aliases?".
constexpr size_t kMostValues = 100000;

// yaml-cpp writes two escapes of a text in double quotes, \_ (U+00A0, no-break
// space) and \N (U+0085, next line), as one byte each, 0xA0 and 0x85, not as UTF-8
// (C2 A0, C2 85): a key or value written "a\_b" held a byte that is no UTF-8, which
// Python and the JSON of a save refuse (libFuzzer, fuzz_yaml). The file was UTF-8
// (ReportedNotUtf8) and without a NUL byte (ReportedNul), so such a byte can only be
// one of these; each is written as its character's UTF-8.
std::string Utf8OfEscapes(std::string text) {
  if (IsUtf8(text)) return text;
  std::string out;
  std::string_view rest(text);
  while (true) {
    const size_t bad = FirstBadUtf8(rest);
    if (bad == std::string_view::npos) break;
    out.append(rest.substr(0, bad));
    const auto byte = static_cast<unsigned char>(rest[bad]);
    if (byte == 0xA0 || byte == 0x85) out += '\xC2';
    out += rest[bad];
    rest.remove_prefix(bad + 1);
  }
  return out.append(rest);
}

class Converter {
 public:
  Converter(const std::string& text, const std::string& file, RawControls* controls, Problems* problems)
      : text_(text), file_(file), controls_(controls), problems_(problems) {}

  // `fallback` locates nodes yaml-cpp gives no useful mark (empty values, whose
  // mark points at whatever follows them): the key they belong to. `key` is the
  // key whose value this is (null for a list's item and the file's value).
  Node Convert(const YAML::Node& in, const Location& fallback, const std::string& path,
               const std::string* key = nullptr) {
    Node out;
    out.where = fallback;
    const YAML::Mark mark = in.Mark();
    if (!in.IsNull() && mark.line >= 0) out.where = At(mark);
    out.content = out.where;
    // A value met a second time is an alias's copy: yaml-cpp hands an alias the
    // anchored node itself, whose place in the text (mark.pos) is the anchor's.
    // Every value written out has a place of its own (an empty one may share the
    // next key's, which is no value; one without a place counts as written).
    const bool repeated = mark.pos >= 0 && !seen_.insert(mark.pos).second;
    if (repeated && ++repeated_ > kMostValues) {
      if (!too_many_reported_)
        problems_->Add(out.where, path,
                       "the file holds more than " + std::to_string(kMostValues) +
                           " values once its aliases (*name) are expanded (its aliases repeat more than " +
                           std::to_string(kMostValues) + " values: an alias repeating aliases?)");
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
        out.text = Utf8OfEscapes(in.Scalar());
        // yaml-cpp tags plain scalars "?" and quoted or block scalars "!".
        out.plain = in.Tag() == "?";
        if (mark.pos >= 0) LocateBlockContent(mark, &out);
        if (!repeated && HasControl(out.text))
          controls_->CheckScalar(mark.pos, out.text, out.where, path,
                                 key != nullptr  ? "the value of key '" + CutText(*key) + "'"
                                 : path.empty() ? std::string("the file's value")
                                                 : "the list item " + path,
                                 problems_);
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
          const std::string name = Utf8OfEscapes(entry.first.Scalar());
          const std::string key_path = JoinKey(path, name);
          if (HasControl(name))
            controls_->CheckScalar(entry.first.Mark().pos, name, key_where, key_path, "the key '" + CutText(name) + "'",
                                   problems_);
          const auto [it, fresh] = first_line.emplace(name, key_where.line);
          if (!fresh) {
            // YAML forbids this; yaml-cpp keeps both, which would silently pick one.
            problems_->Add(key_where, key_path,
                           "duplicate key '" + name + "' (first given on line " +
                               std::to_string(it->second) + ")");
            continue;
          }
          out.keys.push_back(Key{name, key_where});
          out.items.push_back(Convert(entry.second, key_where, key_path, &out.keys.back().name));
          if (out.items.back().is_null() && !out.items.back().refused)
            out.items.back().empty = NothingAfterColon(entry.first.Mark());
        }
        break;
      }
    }
    return out;
  }

 private:
  // Whether the line of the key at `mark` holds nothing after the key's colon but
  // blanks and a comment (`legend:`), rather than `~` or `null`.
  bool NothingAfterColon(const YAML::Mark& mark) const {
    if (mark.pos < 0 || static_cast<size_t>(mark.pos) >= text_.size()) return false;
    const size_t pos = static_cast<size_t>(mark.pos);
    const size_t eol = std::min(text_.find('\n', pos), text_.size());
    const std::string line = text_.substr(pos, eol - pos);
    // The colon ending the key: the first ": " or a ':' ending the line, outside quotes.
    char quote = 0;
    size_t colon = std::string::npos;
    for (size_t i = 0; i < line.size(); ++i) {
      const char c = line[i];
      if (quote != 0) {
        if (c == quote) quote = 0;
      } else if (i == 0 && (c == '"' || c == '\'')) {
        quote = c;
      } else if (c == ':' && (i + 1 == line.size() || line[i + 1] == ' ' || line[i + 1] == '\t' ||
                              line[i + 1] == '\r')) {
        colon = i;
        break;
      }
    }
    if (colon == std::string::npos) return false;
    for (size_t i = colon + 1; i < line.size(); ++i) {
      if (line[i] == '#') return true;
      if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r') return false;
    }
    return true;
  }

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
  RawControls* controls_;
  Problems* problems_;
  std::vector<YAML::Node> open_;  // the lists and maps being converted, outermost first
  std::unordered_set<int> seen_;  // mark.pos of every value converted
  size_t repeated_ = 0;            // values converted again, through an alias
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

// One line of YAML text as the hints below see it: its indentation, and whether it
// holds anything but blanks and a comment, ends with ':' (a key whose value is on
// the lines below), starts a block scalar (`|`, `>`), or leaves a flow collection
// (`{`, `[`) open.
struct LineShape {
  int indent = 0;
  bool significant = false;
  bool opens_block = false;  // ends with ':' (its value is indented below it)
  bool block_scalar = false; // ends with '|' or '>' (and chomping): text lines follow
  int flow_change = 0;       // brackets opened minus closed
};

// Scans `line` outside quotes and comments; `opened` collects the position (column,
// 1-based) of each '{' or '[' not closed on the line, and `closed_before` counts
// closings of brackets opened on earlier lines.
LineShape ShapeOf(const std::string& line, std::vector<int>* opened, int* closed_before) {
  LineShape shape;
  size_t i = 0;
  while (i < line.size() && line[i] == ' ') ++i;
  shape.indent = static_cast<int>(i);
  char quote = 0;
  std::string content;
  for (; i < line.size(); ++i) {
    const char c = line[i];
    if (quote != 0) {
      if (c == quote) quote = 0;
      content += c;
      continue;
    }
    if (c == '#' && (i == 0 || line[i - 1] == ' ' || line[i - 1] == '\t')) break;
    if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '{' || c == '[') {
      opened->push_back(static_cast<int>(i) + 1);
      ++shape.flow_change;
    } else if (c == '}' || c == ']') {
      if (!opened->empty()) opened->pop_back(); else ++*closed_before;
      --shape.flow_change;
    }
    content += c;
  }
  while (!content.empty() && (content.back() == ' ' || content.back() == '\t' || content.back() == '\r'))
    content.pop_back();
  shape.significant = !content.empty();
  if (!shape.significant) return shape;
  shape.opens_block = content.back() == ':';
  size_t end = content.size();
  while (end > 0 && (content[end - 1] == '-' || content[end - 1] == '+' ||
                     (content[end - 1] >= '0' && content[end - 1] <= '9')))
    --end;
  shape.block_scalar = end > 0 && (content[end - 1] == '|' || content[end - 1] == '>') &&
                       (end == 1 || content[end - 2] == ' ');
  return shape;
}

std::string Spaces(int n) { return std::to_string(n) + (n == 1 ? " space" : " spaces"); }

// yaml-cpp says "illegal map value" or "end of map not found" for a line indented
// unlike the lines it belongs with: say which line and how. `error_line` is the line
// yaml-cpp points at (1-based); the line it blames, or the one before, is looked at.
std::string IndentHint(const std::string& text, int error_line) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t end = text.find('\n', start);
    lines.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  // The significant lines, with their indentation, outside block scalars and flow
  // collections spread over several lines.
  struct Seen {
    int number;
    LineShape shape;
  };
  std::vector<Seen> seen;
  int flow_depth = 0;
  int block_indent = -1;  // inside a block scalar: the indentation of its key
  for (size_t n = 0; n < lines.size() && static_cast<int>(n) < error_line; ++n) {
    const std::string& line = lines[n];
    std::vector<int> opened;
    int closed_before = 0;
    const LineShape shape = ShapeOf(line, &opened, &closed_before);
    if (block_indent >= 0) {
      if (!shape.significant || shape.indent > block_indent) continue;
      block_indent = -1;
    }
    const bool continuation = flow_depth > 0;
    flow_depth = std::max(0, flow_depth + shape.flow_change);
    if (!shape.significant || continuation) continue;
    if (shape.block_scalar) block_indent = shape.indent;
    seen.push_back({static_cast<int>(n) + 1, shape});
  }
  for (int k = static_cast<int>(seen.size()) - 1; k >= 1 && k >= static_cast<int>(seen.size()) - 2; --k) {
    const Seen& line = seen[k];
    if (line.number < error_line - 1) break;
    const Seen& above = seen[k - 1];
    const int ci = line.shape.indent;
    const int pi = above.shape.indent;
    const std::string l = std::to_string(line.number);
    const std::string a = std::to_string(above.number);
    if (ci > pi && !above.shape.opens_block) {
      return " (line " + l + " is indented by " + Spaces(ci) + ", more than line " + a + " above it (" +
             std::to_string(pi) + "), which already has its value: a key of the same map, or an item of the same "
             "list, lines up with line " + a + "; only the value of a key ending with ':' is indented further)";
    }
    if (ci < pi) {
      // The lines it may line up with: line `above` and each earlier line indented
      // less than every line after it (the maps and lists it is inside).
      std::vector<int> levels{pi};
      for (int j = k - 2; j >= 0; --j)
        if (seen[j].shape.indent < levels.back()) levels.push_back(seen[j].shape.indent);
      if (std::find(levels.begin(), levels.end(), ci) != levels.end()) continue;
      std::string list;
      for (size_t j = 0; j < levels.size(); ++j) list += (j == 0 ? "" : ", ") + std::to_string(levels[j]);
      return " (line " + l + " is indented by " + Spaces(ci) + ", which lines up with none of the " +
             "lines above it (indented by " + list + "): the keys of one map, and the items of one list, line up)";
    }
  }
  return "";
}

// Inside {...}, `help: closed: no passages` is a key 'help' whose value starts a key
// of its own; yaml-cpp says "end of map flow not found" at the second ': '. Says which
// value of line `number` to quote, or "" when no entry there holds two ': '.
std::string ColonHint(const std::string& text, int number) {
  size_t start = 0;
  for (int n = 1; n < number && start != std::string::npos; ++n) {
    start = text.find('\n', start);
    if (start != std::string::npos) ++start;
  }
  if (start == std::string::npos) return "";
  const size_t end = text.find('\n', start);
  const std::string line = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
  std::string entry;
  char quote = 0;
  auto check = [&](const std::string& e) -> std::string {
    const size_t first = e.find(": ");
    if (first == std::string::npos || e.find(": ", first + 2) == std::string::npos) return "";
    size_t k = 0;
    while (k < e.size() && e[k] == ' ') ++k;
    const std::string key = e.substr(k, first - k);
    std::string value = e.substr(first + 2);
    while (!value.empty() && value.back() == ' ') value.pop_back();
    return " (line " + std::to_string(number) + ": the value of '" + key + "' holds ': ', which starts a key " +
           "inside {...}: put the value in quotes, \"" + value + "\")";
  };
  for (char c : line) {
    if (quote != 0) {
      if (c == quote) quote = 0;
      entry += c;
      continue;
    }
    if (c == '"' || c == '\'') {
      quote = c;
      entry += c;
    } else if (c == '{' || c == ',' || c == '}') {
      if (std::string hint = check(entry); !hint.empty()) return hint;
      entry.clear();
    } else {
      entry += c;
    }
  }
  return check(entry);
}

// yaml-cpp says "end of map flow not found" at the end of the file for a '{' never
// closed: say where it was opened.
std::string FlowHint(const std::string& text) {
  struct Open {
    int line, column;
    char bracket;
  };
  std::vector<Open> open;
  int number = 0;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t end = text.find('\n', start);
    const std::string line = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    ++number;
    std::vector<int> opened;
    int closed_before = 0;
    ShapeOf(line, &opened, &closed_before);
    for (int c = 0; c < closed_before && !open.empty(); ++c) open.pop_back();
    for (int column : opened) open.push_back({number, column, line[column - 1]});
    if (end == std::string::npos) break;
    start = end + 1;
  }
  if (open.empty()) return "";
  const Open& o = open.back();
  const char closing = o.bracket == '{' ? '}' : ']';
  return " (the '" + std::string(1, o.bracket) + "' at line " + std::to_string(o.line) + ", column " +
         std::to_string(o.column) + " is never closed: end the " + (o.bracket == '{' ? "map" : "list") +
         " with '" + std::string(1, closing) + "')";
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

// Reports a NUL byte in a UTF-8 file. yaml-cpp reads one in a plain text as the
// start of an escape (`k<NUL>n` was the key "k" and a newline), and a file starting
// with one as UTF-16 or UTF-32 without a byte order mark (text of other characters
// than were written). YAML text holds no NUL: a file with one is binary, or UTF-16
// saved without its mark. False when there is none.
bool ReportedNul(const std::string& text, const std::string& file, Problems* problems) {
  const size_t nul = text.find('\0');
  if (nul == std::string::npos) return false;
  int line = 1;
  size_t line_start = 0;
  for (size_t i = 0; i < nul; ++i)
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  problems->Add(Location{file, line, static_cast<int>(nul - line_start) + 1}, "",
                "the file holds a NUL byte (0x00), which no YAML text holds (a binary file, or UTF-16 or "
                "UTF-32 without a byte order mark?); YAML files are UTF-8: save it as UTF-8");
  return true;
}

// A `---` or `...` marker that ends the file's first YAML document while more
// content follows it: its line (1-based, 0 when there is none) and whether it is a
// `...`. yaml-cpp reads the first document alone, so a `---` pasted between two
// parts of a definition (or a `...`) dropped every key after it without a word: the
// problem reported was a consequence, such as "no hook 'setup' is defined" for the
// `scripts:` it dropped. A `---` before any content and a `...` with nothing after
// it are fine.
struct DocumentEnd {
  int line = 0;
  bool dots = false;
};
DocumentEnd SecondDocument(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  int number = 0;
  DocumentEnd end;
  bool content = false;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const bool dashes = line.rfind("---", 0) == 0, dots = line.rfind("...", 0) == 0;
    if ((dashes || dots) && (line.size() == 3 || line[3] == ' ' || line[3] == '\t')) {
      if (content && end.line == 0) end = {number, dots};
      continue;
    }
    const size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    if (end.line != 0) return end;
    content = true;
  }
  return {};
}

}  // namespace

std::optional<Node> ParseYaml(const std::string& text, const std::string& file,
                              Problems* problems) {
  if (ReportedNotUtf8(text, file, problems)) return std::nullopt;
  // After the UTF-8 check, which lets UTF-16 and UTF-32 with a byte order mark through.
  const auto starts = [&](std::string_view bom) { return std::string_view(text).substr(0, bom.size()) == bom; };
  const bool utf16_or_32 = starts(std::string_view("\xff\xfe", 2)) || starts(std::string_view("\xfe\xff", 2)) ||
                           starts(std::string_view("\0\0\xfe\xff", 4));
  if (!utf16_or_32 && ReportedNul(text, file, problems)) return std::nullopt;
  // Control characters written in the text, where yaml-cpp's marks are byte offsets:
  // not looked for in UTF-16 or UTF-32 (a NUL made by an escape still is).
  static const std::string kNoText;
  RawControls controls(utf16_or_32 ? kNoText : text, file);
  YAML::Node doc;
  try {
    doc = YAML::Load(text);
  } catch (const YAML::DeepRecursion& e) {
    controls.ReportFirst(problems);
    // yaml-cpp's own message for it is "bad file".
    problems->Add(Location{file, e.mark.line + 1, e.mark.column + 1}, "",
                  "invalid YAML: lists and maps nested too deep (the YAML reader stops at " +
                      std::to_string(e.depth()) + " levels)");
    return std::nullopt;
  } catch (const YAML::ParserException& e) {
    // A control character may be why (a form feed alone on a line is read as a key
    // without its colon): said first, at its place.
    controls.ReportFirst(problems);
    std::string hint = TabHint(text);
    // A '{' or '[' never closed is found at the end of the text; a flow error in
    // the middle of it (a ': ' in an unquoted value inside {...}) is something else.
    const size_t last = text.find_last_not_of(" \t\r\n");
    const bool at_end = e.mark.pos < 0 || last == std::string::npos || static_cast<size_t>(e.mark.pos) > last;
    if (hint.empty() && at_end && e.msg.find("flow") != std::string::npos) hint = FlowHint(text);
    if (hint.empty() && !at_end && e.msg.find("flow") != std::string::npos) hint = ColonHint(text, e.mark.line + 1);
    if (hint.empty()) hint = IndentHint(text, e.mark.line + 1);
    // yaml-cpp quotes the one byte after a backslash: of `"caf\é"` the first byte of
    // the é, and the message was no UTF-8 text (found by libFuzzer, fuzz_yaml).
    // ShowUtf8 writes such a byte as \xc3; the hint says what the backslash does.
    if (e.msg.rfind("unknown escape character", 0) == 0)
      hint = " (in a text in double quotes a backslash starts an escape such as \\n or \\\"; write \\\\ for a "
             "backslash itself, or put the text in single quotes)" + hint;
    problems->Add(Location{file, e.mark.line + 1, e.mark.column + 1}, "", "invalid YAML: " + ShowUtf8(e.msg) + hint);
    return std::nullopt;
  } catch (const YAML::Exception& e) {
    controls.ReportFirst(problems);
    problems->Add(Location{file, 0, 0}, "", "invalid YAML: " + ShowUtf8(e.what()));
    return std::nullopt;
  }
  if (const DocumentEnd end = SecondDocument(text); end.line != 0) {
    problems->Add(Location{file, end.line, 1}, "",
                  end.dots ? "'...' ends the YAML document, and the lines after it would be ignored: a definition "
                             "file is one document (remove this line)"
                           : "'---' starts a second YAML document, and the lines from here on would be ignored: a "
                             "definition file is one document (remove this line)");
    return std::nullopt;
  }
  Converter converter(text, file, &controls, problems);
  Node tree = converter.Convert(doc, Location{file, 1, 1}, "");
  controls.ReportUnclaimed(problems);
  return tree;
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
