#include "scripting/yaml/control_chars.h"

#include <algorithm>
#include <cstdio>

namespace parlor::yaml {

namespace {

// The length of the control character starting at `text[i]` (1, or 2 for a C1
// control's UTF-8), or 0 when none starts there. NUL counts: it is looked for in
// scalars, where only an escape can have made it.
size_t ControlAt(std::string_view text, size_t i) {
  const auto b = static_cast<unsigned char>(text[i]);
  if (b < 0x20) return b == '\t' || b == '\n' || b == '\r' ? 0 : 1;
  if (b == 0x7f) return 1;
  if (b == 0xc2 && i + 1 < text.size()) {
    const auto next = static_cast<unsigned char>(text[i + 1]);
    if (next >= 0x80 && next <= 0x9f) return 2;
  }
  return 0;
}

// The code point of the control character at `text[i]` (ControlAt > 0).
unsigned CodePoint(std::string_view text, size_t i) {
  const auto b = static_cast<unsigned char>(text[i]);
  return b == 0xc2 ? static_cast<unsigned char>(text[i + 1]) : b;
}

std::string Hex(const char* format, unsigned value) {
  char out[16];
  std::snprintf(out, sizeof out, format, value);
  return out;
}

// How much of a file's control characters outside keys and values are reported
// one by one: a file pasted from a terminal may hold thousands.
constexpr size_t kMostUnclaimed = 3;

constexpr const char* kExpected =
    "expected printable text (YAML text holds no control characters but tab and line breaks)";

}  // namespace

bool HasControl(std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i)
    if (ControlAt(text, i) > 0) return true;
  return false;
}

RawControls::RawControls(const std::string& text, const std::string& file) : text_(text), file_(file) {
  for (size_t i = 0; i < text.size(); ++i) {
    const size_t n = ControlAt(text, i);
    if (n == 0) continue;
    at_.push_back(i);
    i += n - 1;
  }
  claimed_.assign(at_.size(), false);
  if (at_.empty()) return;
  line_start_.push_back(0);
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') line_start_.push_back(i + 1);
}

Location RawControls::At(size_t offset) const {
  const auto line = std::upper_bound(line_start_.begin(), line_start_.end(), offset) - 1;
  // Columns count bytes, as yaml-cpp's marks do (the other problems of the file).
  return Location{file_, static_cast<int>(line - line_start_.begin()) + 1, static_cast<int>(offset - *line) + 1};
}

size_t RawControls::ScalarStart(size_t pos) const {
  size_t i = pos;
  while (i < text_.size() && (text_[i] == '&' || text_[i] == '!')) {
    while (i < text_.size() && text_[i] != ' ' && text_[i] != '\t' && text_[i] != '\n' && text_[i] != '\r') ++i;
    while (i < text_.size()) {
      if (text_[i] == ' ' || text_[i] == '\t' || text_[i] == '\n' || text_[i] == '\r') {
        ++i;
      } else if (text_[i] == '#') {  // a comment after the anchor, the value on the next line
        while (i < text_.size() && text_[i] != '\n') ++i;
      } else {
        break;
      }
    }
  }
  return i;
}

size_t RawControls::DoubleQuotedEnd(size_t open) const {
  for (size_t i = open + 1; i < text_.size(); ++i) {
    if (text_[i] == '\\') ++i;  // the escaped character, a quote or a line break included
    else if (text_[i] == '"') return i + 1;
  }
  return text_.size();
}

void RawControls::Report(size_t index, const std::string& path, const std::string& where_said,
                         Problems* problems) const {
  const unsigned code = CodePoint(text_, at_[index]);
  const std::string escape = code >= 0x80 ? Hex("\\u%04X", code) : Hex("\\x%02X", code);
  problems->Add(At(at_[index]), path,
                "a control character " + Hex("U+%04X", code) + where_said + ": " + kExpected +
                    "; remove it, or, if it is meant, write it as the escape " + escape +
                    " in a text in double quotes");
}

void RawControls::CheckScalar(int pos, const std::string& scalar, const Location& where, const std::string& path,
                              const std::string& what, Problems* problems) {
  if (scalar.find('\0') != std::string::npos)
    problems->Add(where, path,
                  "a NUL character (U+0000) in " + what + ", made by an escape (\\0, \\x00 or \\u0000): expected text "
                  "without one (a definition's texts hold no NUL, as its files hold no NUL byte); remove the escape");
  if (at_.empty() || pos < 0 || static_cast<size_t>(pos) >= text_.size()) return;
  // The control characters of the scalar's text, NUL aside (no NUL is written in the file).
  size_t count = 0;
  for (size_t i = 0; i < scalar.size(); ++i)
    if (const size_t n = ControlAt(scalar, i); n > 0) {
      if (scalar[i] != '\0') ++count;
      i += n - 1;
    }
  if (count == 0) return;
  const size_t start = ScalarStart(static_cast<size_t>(pos));
  if (start >= text_.size()) return;
  // The raw control characters inside the scalar: [first, last) of at_.
  size_t first = static_cast<size_t>(std::lower_bound(at_.begin(), at_.end(), start) - at_.begin());
  size_t last = first;
  if (text_[start] == '"') {
    // In double quotes an escape may have made some of them: only those written
    // between the quotes are the file's.
    const size_t end = DoubleQuotedEnd(start);
    while (last < at_.size() && at_[last] < end) ++last;
  } else {
    // No escapes outside double quotes, and no comment inside a plain, single-quoted
    // or block text: its control characters are the next `count` of the file. A block
    // text's (`|`, `>`) start on the line after its indicator, which may end with a
    // comment.
    if (text_[start] == '|' || text_[start] == '>') {
      const size_t eol = text_.find('\n', start);
      if (eol == std::string::npos) return;
      first = static_cast<size_t>(std::lower_bound(at_.begin(), at_.end(), eol) - at_.begin());
    }
    last = std::min(at_.size(), first + count);
  }
  bool reported = false;
  for (size_t k = first; k < last; ++k) {
    // An alias's copy, or a key met again, was checked at its first reading.
    if (!claimed_[k] && !reported) {
      Report(k, path, " in " + what, problems);
      reported = true;
    }
    claimed_[k] = true;
  }
}

void RawControls::ReportUnclaimed(Problems* problems) const {
  size_t reported = 0, more = 0;
  int last_line = 0;
  for (size_t k = 0; k < at_.size(); ++k) {
    if (claimed_[k]) continue;
    const Location where = At(at_[k]);
    if (where.line == last_line) continue;
    last_line = where.line;
    if (reported == kMostUnclaimed) {
      ++more;
      continue;
    }
    // In a comment: after a '#' that starts one (at the line's start or after a
    // blank), outside quotes. A quote opened on an earlier line is not seen: then
    // "where no key or value was read" is said, which is still true of a comment.
    const size_t from = static_cast<size_t>(at_[k] - static_cast<size_t>(where.column - 1));
    bool comment = false;
    char quote = 0;
    for (size_t i = from; i < at_[k]; ++i) {
      const char c = text_[i];
      if (quote != 0) {
        if (c == quote) quote = 0;
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '#' && (i == from || text_[i - 1] == ' ' || text_[i - 1] == '\t')) {
        comment = true;
        break;
      }
    }
    Report(k, "", comment ? " in a comment" : " where no key or value was read", problems);
    ++reported;
  }
  if (more > 0 && reported > 0) {
    Problem& last = problems->at(problems->size() - 1);
    last.message += " (and control characters on " + std::to_string(more) + " more line" + (more == 1 ? "" : "s") +
                    " after it)";
  }
}

void RawControls::ReportFirst(Problems* problems) const {
  if (!at_.empty()) Report(0, "", "", problems);
}

}  // namespace parlor::yaml
