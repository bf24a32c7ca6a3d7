#include "core/value.h"

#include <cerrno>
#include <charconv>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "core/errors.h"
#include "core/json_lists.h"
#include "core/utf8.h"

namespace parlor {

const char* KindName(Value::Kind kind) {
  switch (kind) {
    case Value::Kind::kNull: return "null";
    case Value::Kind::kBool: return "boolean";
    case Value::Kind::kInt: return "integer";
    case Value::Kind::kNumber: return "number";
    case Value::Kind::kString: return "string";
    case Value::Kind::kArray: return "array";
    case Value::Kind::kObject: return "object";
  }
  return "?";
}

namespace {
[[noreturn]] void Mismatch(const char* wanted, Value::Kind got) {
  const bool vowel = std::string("aeiou").find(wanted[0]) != std::string::npos;
  throw StateError(std::string(vowel ? "expected an " : "expected a ") + wanted + ", got " + KindName(got));
}
}  // namespace

bool Value::as_bool() const {
  if (!is_bool()) Mismatch("boolean", kind());
  return std::get<bool>(v_);
}
int64_t Value::as_int() const {
  if (kind() == Kind::kNumber) {
    double d = std::get<double>(v_);
    // Only a whole number of the 64-bit range is converted: converting 1e300 (or
    // inf) is undefined behaviour, and x86 made -9223372036854775808 of it, which a
    // save's 'turn_number': 1e300 then reported as "got -9223372036854775808".
    if (d == std::floor(d) && d >= -9223372036854775808.0 && d < 9223372036854775808.0)
      return static_cast<int64_t>(d);
    if (d == std::floor(d)) {
      char buf[32];
      *std::to_chars(buf, buf + sizeof buf - 1, d).ptr = '\0';  // shortest: 1e+300
      throw StateError(std::string("expected an integer, got ") + buf + ", outside the 64-bit range the engine keeps");
    }
  }
  if (!is_int()) Mismatch("integer", kind());
  return std::get<int64_t>(v_);
}
double Value::as_number() const {
  if (is_int()) return static_cast<double>(std::get<int64_t>(v_));
  if (kind() != Kind::kNumber) Mismatch("number", kind());
  return std::get<double>(v_);
}
const std::string& Value::as_string() const {
  if (!is_string()) Mismatch("string", kind());
  return std::get<std::string>(v_);
}
const Value::Array& Value::as_array() const {
  if (!is_array()) Mismatch("array", kind());
  return std::get<Array>(v_);
}
Value::Array& Value::as_array() {
  if (!is_array()) Mismatch("array", kind());
  return std::get<Array>(v_);
}
const Value::Object& Value::as_object() const {
  if (!is_object()) Mismatch("object", kind());
  return std::get<Object>(v_);
}
Value::Object& Value::as_object() {
  if (!is_object()) Mismatch("object", kind());
  return std::get<Object>(v_);
}

const Value& Value::Get(std::string_view key) const {
  static const Value kNullValue;
  if (!is_object()) return kNullValue;
  const auto& o = std::get<Object>(v_);
  auto it = o.find(key);
  return it == o.end() ? kNullValue : it->second;
}
bool Value::Has(std::string_view key) const {
  return is_object() && std::get<Object>(v_).count(key) > 0;
}
Value& Value::operator[](std::string_view key) {
  if (is_null()) v_ = Object{};
  return as_object()[key];
}

// ---- JSON text --------------------------------------------------------------

namespace {

void WriteString(std::string_view s, std::string& out) {
  out += '"';
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += '"';
}

void Write(const Value& v, int indent, int depth, std::string& out) {
  auto newline = [&](int d) {
    if (indent <= 0) return;
    out += '\n';
    out.append(static_cast<size_t>(indent * d), ' ');
  };
  switch (v.kind()) {
    case Value::Kind::kNull: out += "null"; break;
    case Value::Kind::kBool: out += v.as_bool() ? "true" : "false"; break;
    case Value::Kind::kInt: out += std::to_string(v.as_int()); break;
    case Value::Kind::kNumber: {
      // std::to_chars, not snprintf: printf follows the C locale's LC_NUMERIC, which a
      // program embedding the engine may set (Python's locale.setlocale(LC_ALL, "de_DE.UTF-8")),
      // and 2.5 was then saved as "2,5" (inside a list, two numbers). to_chars writes
      // what "%.17g" writes in the "C" locale, whatever the locale.
      char buf[32];
      *std::to_chars(buf, buf + sizeof buf - 1, v.as_number(), std::chars_format::general, 17).ptr = '\0';
      out += buf;
      // A double with no fraction ("2", "-0") would read back as an integer, a
      // different Value: ".0" keeps it a double (FromJson(ToJson(v)) == v).
      if (std::strpbrk(buf, ".e") == nullptr) out += ".0";
      break;
    }
    case Value::Kind::kString: WriteString(v.as_string(), out); break;
    case Value::Kind::kArray: {
      out += '[';
      bool first = true;
      for (const auto& e : v.as_array()) {
        if (!first) out += ',';
        first = false;
        newline(depth + 1);
        Write(e, indent, depth + 1, out);
      }
      if (!v.as_array().empty()) newline(depth);
      out += ']';
      break;
    }
    case Value::Kind::kObject: {
      out += '{';
      bool first = true;
      for (const auto& [k, e] : v.as_object()) {
        if (!first) out += ',';
        first = false;
        newline(depth + 1);
        WriteString(k, out);
        out += indent > 0 ? ": " : ":";
        Write(e, indent, depth + 1, out);
      }
      if (!v.as_object().empty()) newline(depth);
      out += '}';
      break;
    }
  }
}

// Whether a JSON number that std::from_chars found out of range is too large (its
// magnitude at least 1) rather than too small: from_chars says only "out of range",
// where strtod gave infinity or zero. The decimal exponent of its first nonzero digit
// decides: the digits before the point, or minus the zeros after it, plus the e part.
bool BeyondOne(const std::string& num) {
  size_t i = num[0] == '-' ? 1 : 0;
  long long exponent = 0;
  bool nonzero = false;
  for (; i < num.size() && num[i] >= '0' && num[i] <= '9'; ++i) {
    if (num[i] != '0') nonzero = true;
    if (nonzero) ++exponent;
  }
  if (i < num.size() && num[i] == '.') {
    for (++i; i < num.size() && num[i] >= '0' && num[i] <= '9'; ++i) {
      if (nonzero) continue;
      if (num[i] != '0') nonzero = true;
      else --exponent;
    }
  }
  if (i < num.size() && (num[i] == 'e' || num[i] == 'E')) {
    const long long e = std::strtoll(num.c_str() + i + 1, nullptr, 10);  // saturates at +-2^63
    exponent = e > 0 && exponent > 0 && e > LLONG_MAX - exponent ? LLONG_MAX
               : e < 0 && exponent < 0 && e < LLONG_MIN - exponent ? LLONG_MIN
                                                                    : exponent + e;
  }
  return exponent > 0;
}

class Parser {
 public:
  // With `kept`, the logs ParseKeepingLogs names are kept as lists of entries' places.
  explicit Parser(std::string_view text, KeptLists* kept = nullptr) : s_(text), kept_(kept) {}

  Value ParseAll() {
    Value v = Parse(0, kept_ ? Where::kTop : Where::kElsewhere);
    SkipSpace();
    if (pos_ != s_.size()) Fail("trailing characters after the JSON value");
    return v;
  }

 private:
  [[noreturn]] void Fail(const std::string& what) {
    throw StateError("invalid JSON at offset " + std::to_string(pos_) + ": " + what);
  }
  void SkipSpace() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\n' || s_[pos_] == '\r' ||
                                s_[pos_] == '\t'))
      ++pos_;
  }
  bool Consume(const char* word) {
    size_t n = std::char_traits<char>::length(word);
    if (s_.substr(pos_, n) == std::string_view(word, n)) {
      pos_ += n;
      return true;
    }
    return false;
  }
  // Where a value is, for ParseKeepingLogs: the top object, a final state (the top
  // object's "final_state"), a log (the "log" of either), or anywhere else.
  enum class Where { kElsewhere, kTop, kFinalState, kLog };

  Value Parse(int depth, Where where = Where::kElsewhere) {
    SkipSpace();
    if (pos_ >= s_.size()) Fail("unexpected end of text");
    char c = s_[pos_];
    // The top value is at depth 0: an array or object at depth 200 is the 201st.
    if (depth >= 200 && (c == '{' || c == '[')) Fail("nesting too deep (at most 200 arrays and objects one in another)");
    if (c == '{') {
      ++pos_;
      // Keys in the file's order, sorted once (Value::Object::FromPairs): a big
      // object with its keys out of order (written by another program) cost
      // keys x keys put in one by one. Of a key given twice the last value wins.
      std::vector<Value::Object::value_type> items;
      SkipSpace();
      if (pos_ < s_.size() && s_[pos_] == '}') {
        ++pos_;
        return Value(Value::Object{});
      }
      while (true) {
        SkipSpace();
        if (pos_ >= s_.size() || s_[pos_] != '"') Fail("expected a string key");
        std::string key = ParseString();
        SkipSpace();
        if (pos_ >= s_.size() || s_[pos_] != ':') Fail("expected ':'");
        ++pos_;
        const Where inside = where == Where::kTop && key == "final_state" ? Where::kFinalState
                             : (where == Where::kTop || where == Where::kFinalState) && key == "log" ? Where::kLog
                                                                                                      : Where::kElsewhere;
        Value item = Parse(depth + 1, inside);
        items.emplace_back(std::move(key), std::move(item));
        SkipSpace();
        if (pos_ < s_.size() && s_[pos_] == ',') { ++pos_; continue; }
        if (pos_ < s_.size() && s_[pos_] == '}') { ++pos_; break; }
        Fail("expected ',' or '}'");
      }
      return Value(Value::Object::FromPairs(std::move(items)));
    }
    if (c == '[' && where == Where::kLog) return ParseKeptList(depth);
    if (c == '[') {
      ++pos_;
      Value::Array a;
      SkipSpace();
      if (pos_ < s_.size() && s_[pos_] == ']') {
        ++pos_;
        return Value(std::move(a));
      }
      while (true) {
        a.push_back(Parse(depth + 1));
        SkipSpace();
        if (pos_ < s_.size() && s_[pos_] == ',') { ++pos_; continue; }
        if (pos_ < s_.size() && s_[pos_] == ']') { ++pos_; break; }
        Fail("expected ',' or ']'");
      }
      return Value(std::move(a));
    }
    if (c == '"') return Value(ParseString());
    if (Consume("true")) return Value(true);
    if (Consume("false")) return Value(false);
    if (Consume("null")) return Value();
    return ParseNumber();
  }
  // A log's array, at '[': each entry parsed as any (the same errors) and dropped, its
  // place kept; the stand-in KeptLists::Of knows.
  Value ParseKeptList(int depth) {
    ++pos_;
    std::vector<std::pair<size_t, size_t>> places;
    SkipSpace();
    if (pos_ < s_.size() && s_[pos_] == ']') {
      ++pos_;
    } else {
      while (true) {
        SkipSpace();
        const size_t start = pos_;
        Skip(depth + 1);
        places.emplace_back(start, pos_ - start);
        SkipSpace();
        if (pos_ < s_.size() && s_[pos_] == ',') { ++pos_; continue; }
        if (pos_ < s_.size() && s_[pos_] == ']') { ++pos_; break; }
        Fail("expected ',' or ']'");
      }
    }
    kept_->lists.push_back(std::move(places));
    return Value("\xff" + std::to_string(kept_->lists.size() - 1));
  }
  // A value read past as Parse reads it, with the same errors at the same offsets,
  // and nothing built: a kept log's entries are only checked here (they are read
  // again, one by one, where they are used), so building each one's Value to drop it
  // at once cost a replay of a big save a third of its time.
  void Skip(int depth) {
    SkipSpace();
    if (pos_ >= s_.size()) Fail("unexpected end of text");
    const char c = s_[pos_];
    if (depth >= 200 && (c == '{' || c == '[')) Fail("nesting too deep (at most 200 arrays and objects one in another)");
    if (c == '{' || c == '[') {
      const bool object = c == '{';
      const char close = object ? '}' : ']';
      ++pos_;
      SkipSpace();
      if (pos_ < s_.size() && s_[pos_] == close) {
        ++pos_;
        return;
      }
      while (true) {
        if (object) {
          SkipSpace();
          if (pos_ >= s_.size() || s_[pos_] != '"') Fail("expected a string key");
          StringInto(nullptr);
          SkipSpace();
          if (pos_ >= s_.size() || s_[pos_] != ':') Fail("expected ':'");
          ++pos_;
        }
        Skip(depth + 1);
        SkipSpace();
        if (pos_ < s_.size() && s_[pos_] == ',') { ++pos_; continue; }
        if (pos_ < s_.size() && s_[pos_] == close) { ++pos_; break; }
        Fail(object ? "expected ',' or '}'" : "expected ',' or ']'");
      }
      return;
    }
    if (c == '"') return StringInto(nullptr);
    if (Consume("true") || Consume("false") || Consume("null")) return;
    ParseNumber();
  }
  std::string ParseString() {
    std::string out;
    StringInto(&out);
    return out;
  }
  // A string at its opening quote, read past; its text appended to `out` unless null
  // (Skip).
  void StringInto(std::string* out) {
    ++pos_;  // opening quote
    while (true) {
      // A run of plain characters, copied at once: it must be well-formed UTF-8
      // and hold no control character (JSON wants those escaped, as ToJson does).
      const size_t run = pos_;
      while (pos_ < s_.size() && s_[pos_] != '"' && s_[pos_] != '\\' &&
             static_cast<unsigned char>(s_[pos_]) >= 0x20)
        ++pos_;
      if (const size_t bad = FirstBadUtf8(s_.substr(run, pos_ - run));
          bad != std::string_view::npos) {
        pos_ = run + bad;
        Fail("a string holds a byte that is not UTF-8 (JSON text is UTF-8)");
      }
      if (out) out->append(s_.substr(run, pos_ - run));
      if (pos_ >= s_.size()) Fail("unterminated string");
      const char c = s_[pos_++];
      if (c == '"') break;
      if (c != '\\') {
        --pos_;
        Fail("a control character in a string (JSON writes it as an escape such as \\n or \\u0001)");
      }
      if (pos_ >= s_.size()) Fail("unterminated escape");
      char e = s_[pos_++];
      switch (e) {
        case '"': if (out) *out += '"'; break;
        case '\\': if (out) *out += '\\'; break;
        case '/': if (out) *out += '/'; break;
        case 'b': if (out) *out += '\b'; break;
        case 'f': if (out) *out += '\f'; break;
        case 'n': if (out) *out += '\n'; break;
        case 'r': if (out) *out += '\r'; break;
        case 't': if (out) *out += '\t'; break;
        case 'u': {
          // Encoded as UTF-8. A character beyond U+FFFF comes as a surrogate pair
          // (\ud83d\ude00, as Python's json writes one): the two make one character.
          unsigned cp = HexQuad();
          if (cp >= 0xDC00 && cp <= 0xDFFF) Fail("a \\u escape of a lone low surrogate");
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            if (s_.substr(pos_, 2) != "\\u") Fail("a \\u escape of a high surrogate with no low one after it");
            pos_ += 2;
            const unsigned low = HexQuad();
            if (low < 0xDC00 || low > 0xDFFF) Fail("a \\u escape of a high surrogate with no low one after it");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          if (!out) break;
          if (cp < 0x80) {
            *out += static_cast<char>(cp);
          } else if (cp < 0x800) {
            *out += static_cast<char>(0xC0 | (cp >> 6));
            *out += static_cast<char>(0x80 | (cp & 0x3F));
          } else if (cp < 0x10000) {
            *out += static_cast<char>(0xE0 | (cp >> 12));
            *out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            *out += static_cast<char>(0x80 | (cp & 0x3F));
          } else {
            *out += static_cast<char>(0xF0 | (cp >> 18));
            *out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            *out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            *out += static_cast<char>(0x80 | (cp & 0x3F));
          }
          break;
        }
        default: Fail(std::string("bad escape \\") + e);
      }
    }
  }
  // The four hex digits of a \u escape, read past.
  unsigned HexQuad() {
    if (pos_ + 4 > s_.size()) Fail("short \\u escape");
    unsigned cp = 0;
    for (int i = 0; i < 4; ++i) {
      const char c = s_[pos_++];
      const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
      if (d < 0) Fail(std::string("bad hex digit '") + c + "' in a \\u escape");
      cp = cp * 16 + static_cast<unsigned>(d);
    }
    return cp;
  }
  bool DigitAt(size_t i) const { return i < s_.size() && s_[i] >= '0' && s_[i] <= '9'; }
  void SkipDigits() {
    while (DigitAt(pos_)) ++pos_;
  }
  // A number as RFC 8259 writes one: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?.
  // An integer is kept as one when it fits 64 bits (the engine's integers all do);
  // one that does not, or a number beyond a double, is refused rather than kept as
  // a different number.
  Value ParseNumber() {
    const size_t start = pos_;
    if (pos_ < s_.size() && s_[pos_] == '-') ++pos_;
    if (!DigitAt(pos_)) {
      if (pos_ == start) Fail("expected a value (a number, a string, true, false, null, [ or {)");
      Fail("expected a digit after '-'");
    }
    if (s_[pos_] == '0') {
      ++pos_;
      if (DigitAt(pos_)) {
        pos_ = start;
        Fail("a number with a leading zero");
      }
    } else {
      SkipDigits();
    }
    bool is_float = false;
    if (pos_ < s_.size() && s_[pos_] == '.') {
      ++pos_;
      is_float = true;
      if (!DigitAt(pos_)) Fail("expected a digit after the decimal point");
      SkipDigits();
    }
    if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
      ++pos_;
      is_float = true;
      if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) ++pos_;
      if (!DigitAt(pos_)) Fail("expected a digit in the exponent");
      SkipDigits();
    }
    const std::string num(s_.substr(start, pos_ - start));
    errno = 0;
    if (!is_float) {
      const long long v = std::strtoll(num.c_str(), nullptr, 10);
      if (errno == ERANGE) {
        pos_ = start;
        // Cut: a number of a megabyte was quoted whole (libFuzzer, fuzz_json).
        Fail("the integer " + CutText(num) + " is outside the 64-bit range the engine keeps");
      }
      return Value(static_cast<int64_t>(v));
    }
    // std::from_chars, not strtod: strtod reads the C locale's decimal point, so with
    // a comma-decimal LC_NUMERIC (set by a program embedding the engine) "2.5" was
    // read as 2 and a saved game loaded as another one.
    double d = 0;
    const auto [end, ec] = std::from_chars(num.data(), num.data() + num.size(), d);
    if (ec == std::errc::result_out_of_range) {
      // strtod's answers: too small is (signed) zero, too large is refused below.
      if (!BeyondOne(num)) return Value(num[0] == '-' ? -0.0 : 0.0);
      d = HUGE_VAL;
    } else if (ec != std::errc() || end != num.data() + num.size()) {
      pos_ = start;
      Fail("expected a number");
    }
    if (!std::isfinite(d)) {
      pos_ = start;
      Fail("the number " + CutText(num) + " is beyond the range of a double");
    }
    return Value(d);
  }

  const std::string_view s_;
  KeptLists* kept_ = nullptr;
  size_t pos_ = 0;
};

}  // namespace

std::string Value::ToJson(int indent) const {
  std::string out;
  Write(*this, indent, 0, out);
  return out;
}

void Value::AppendJson(std::string& out, int indent, int depth) const { Write(*this, indent, depth, out); }

void Value::AppendJsonString(std::string_view s, std::string& out) { WriteString(s, out); }

Value Value::FromJson(std::string_view text) { return Parser(text).ParseAll(); }

Value ParseKeepingLogs(std::string_view text, KeptLists& kept) {
  kept.text = text;
  kept.lists.clear();
  return Parser(text, &kept).ParseAll();
}

const std::vector<std::pair<size_t, size_t>>* KeptLists::Of(const Value& v) const {
  if (!v.is_string() || v.as_string().empty() || v.as_string()[0] != '\xff') return nullptr;
  const size_t i = std::strtoull(v.as_string().c_str() + 1, nullptr, 10);
  return i < lists.size() ? &lists[i] : nullptr;
}

Value KeptLists::Entry(const std::vector<std::pair<size_t, size_t>>& list, size_t i) const {
  return Value::FromJson(text.substr(list[i].first, list[i].second));
}

}  // namespace parlor
