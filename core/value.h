// A small dynamic value (null, bool, integer, number, string, array, object).
//
// Game-specific state that hooks keep (phases, flags, counters) is stored as Values so
// that a State stays a plain C++ value: copyable, comparable and serialisable, never
// pointing into Lua. Objects keep their keys sorted, so equality and JSON text are
// canonical.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

namespace parlor {

class Value {
 public:
  using Array = std::vector<Value>;
  using Object = std::map<std::string, Value>;
  enum class Kind { kNull, kBool, kInt, kNumber, kString, kArray, kObject };

  Value() = default;
  Value(std::nullptr_t) {}
  Value(bool b) : v_(b) {}
  Value(int i) : v_(static_cast<int64_t>(i)) {}
  Value(int64_t i) : v_(i) {}
  Value(double d) : v_(d) {}
  Value(const char* s) : v_(std::string(s)) {}
  Value(std::string s) : v_(std::move(s)) {}
  Value(Array a) : v_(std::move(a)) {}
  Value(Object o) : v_(std::move(o)) {}

  Kind kind() const { return static_cast<Kind>(v_.index()); }
  bool is_null() const { return kind() == Kind::kNull; }
  bool is_bool() const { return kind() == Kind::kBool; }
  bool is_int() const { return kind() == Kind::kInt; }
  bool is_number() const { return kind() == Kind::kNumber || kind() == Kind::kInt; }
  bool is_string() const { return kind() == Kind::kString; }
  bool is_array() const { return kind() == Kind::kArray; }
  bool is_object() const { return kind() == Kind::kObject; }

  // Accessors throw StateError on a kind mismatch, naming the expected kind.
  bool as_bool() const;
  int64_t as_int() const;
  double as_number() const;
  const std::string& as_string() const;
  const Array& as_array() const;
  Array& as_array();
  const Object& as_object() const;
  Object& as_object();

  // Object helpers: Get returns a shared null Value when the key is absent.
  const Value& Get(const std::string& key) const;
  bool Has(const std::string& key) const;
  Value& operator[](const std::string& key);  // turns null into an object

  bool operator==(const Value& other) const = default;

  // Canonical JSON text (sorted keys, no spaces unless indent > 0).
  std::string ToJson(int indent = 0) const;
  // Parses JSON text; throws StateError with the offset of the problem.
  static Value FromJson(const std::string& text);

 private:
  std::variant<std::nullptr_t, bool, int64_t, double, std::string, Array, Object> v_;
};

const char* KindName(Value::Kind kind);

}  // namespace parlor
