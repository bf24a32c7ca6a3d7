// A small dynamic value (null, bool, integer, number, string, array, object).
//
// Game-specific state that hooks keep (phases, flags, counters) is stored as Values so
// that a State stays a plain C++ value: copyable, comparable and serialisable, never
// pointing into Lua. Objects keep their keys sorted, so equality and JSON text are
// canonical.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace parlor {

// The object type of Value: string keys kept sorted in one vector. Game objects are
// small (an event's three or four fields, a game's variables), and a std::map
// allocated a node per key: events, views and state copies spent more time in the
// allocator than in the rules. The interface is the part of std::map the engine
// uses. Unlike std::map, inserting a key moves the others, so a reference to one
// entry must not be held across an insertion into the same object.
template <typename V>
class SortedMap {
 public:
  using value_type = std::pair<std::string, V>;
  using iterator = typename std::vector<value_type>::iterator;
  using const_iterator = typename std::vector<value_type>::const_iterator;

  iterator begin() { return items_.begin(); }
  iterator end() { return items_.end(); }
  const_iterator begin() const { return items_.begin(); }
  const_iterator end() const { return items_.end(); }
  size_t size() const { return items_.size(); }
  bool empty() const { return items_.empty(); }
  void clear() { items_.clear(); }
  void reserve(size_t n) { items_.reserve(n); }

  iterator find(std::string_view key) {
    auto it = LowerBound(key);
    return it != items_.end() && it->first == key ? it : items_.end();
  }
  const_iterator find(std::string_view key) const {
    auto it = const_cast<SortedMap*>(this)->LowerBound(key);
    return it != items_.end() && it->first == key ? const_iterator(it) : items_.end();
  }
  size_t count(std::string_view key) const { return find(key) == end() ? 0 : 1; }
  V& operator[](std::string_view key) {
    auto it = LowerBound(key);
    if (it == items_.end() || it->first != key) {
      if (items_.capacity() == 0) {  // most objects get a few fields: grow once, not three times
        items_.reserve(4);
        it = items_.begin();
      }
      it = items_.emplace(it, std::string(key), V());
    }
    return it->second;
  }
  std::pair<iterator, bool> emplace(std::string key, V value) {
    auto it = LowerBound(key);
    if (it != items_.end() && it->first == key) return {it, false};
    return {items_.emplace(it, std::move(key), std::move(value)), true};
  }
  // Adds a key that sorts after every key present (the caller knows the order):
  // the engine builds its events' fields this way, without searching.
  void AppendSorted(std::string key, V value) { items_.emplace_back(std::move(key), std::move(value)); }
  // The map of `items`, given in any order; of a key given twice, the last value
  // (as operator[] assigning each in turn). Sorts once: inserting keys one by one
  // out of order shifts the keys after each, n^2 / 2 moves for n keys (a view of a
  // game of 20,000 zones "pile0", "pile1", ... took seconds).
  static SortedMap FromPairs(std::vector<value_type> items) {
    SortedMap map;
    // Already in order and without repeats (a save's objects, written sorted): taken as they are.
    if (std::adjacent_find(items.begin(), items.end(), [](const value_type& a, const value_type& b) {
          return !KeyLess(a.first, b.first);
        }) == items.end()) {
      map.items_ = std::move(items);
      return map;
    }
    std::stable_sort(items.begin(), items.end(),
                     [](const value_type& a, const value_type& b) { return KeyLess(a.first, b.first); });
    map.items_.reserve(items.size());
    for (auto& item : items) {
      if (!map.items_.empty() && map.items_.back().first == item.first) {
        map.items_.back().second = std::move(item.second);  // a later one wins
      } else {
        map.items_.push_back(std::move(item));
      }
    }
    return map;
  }
  size_t erase(std::string_view key) {
    auto it = find(key);
    if (it == items_.end()) return 0;
    items_.erase(it);
    return 1;
  }
  iterator erase(const_iterator it) { return items_.erase(it); }

  // Written out, not defaulted: clang instantiates a defaulted comparison with the
  // class (SortedMap<Value> inside Value, still incomplete there) and refuses it;
  // a member function's body is instantiated only when called.
  bool operator==(const SortedMap& other) const { return items_ == other.items_; }

 private:
  // a < b as std::string_view orders them (bytes compared unsigned), deciding on the
  // first byte inline when it differs, as it does between most keys: the general
  // comparison calls memcmp, which cost more than the rest of a look-up.
  static bool KeyLess(std::string_view a, std::string_view b) {
    if (!a.empty() && !b.empty() && a[0] != b[0])
      return static_cast<unsigned char>(a[0]) < static_cast<unsigned char>(b[0]);
    return a < b;
  }
  iterator LowerBound(std::string_view key) {
    // Linear for the usual handful of keys (cheaper than branchy bisection).
    if (items_.size() <= 8) {
      auto it = items_.begin();
      while (it != items_.end() && KeyLess(it->first, key)) ++it;
      return it;
    }
    return std::lower_bound(items_.begin(), items_.end(), key,
                            [](const value_type& e, std::string_view k) { return KeyLess(e.first, k); });
  }
  std::vector<value_type> items_;
};

class Value {
 public:
  using Array = std::vector<Value>;
  using Object = SortedMap<Value>;
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
  const Value& Get(std::string_view key) const;
  bool Has(std::string_view key) const;
  Value& operator[](std::string_view key);  // turns null into an object

  bool operator==(const Value& other) const = default;
  void swap(Value& other) noexcept { v_.swap(other.v_); }

  // Canonical JSON text (sorted keys, no spaces unless indent > 0).
  std::string ToJson(int indent = 0) const;
  // ToJson(indent) of this value as the text of a value holding it `depth` levels
  // down writes it, appended to `out`; AppendJsonString a string (or an object's key)
  // as ToJson writes it. For a writer that makes a large text part by part, byte for
  // byte the ToJson of the whole, without building the whole as a Value (a long
  // game's save, scripting/save_writer.h).
  void AppendJson(std::string& out, int indent = 0, int depth = 0) const;
  static void AppendJsonString(std::string_view s, std::string& out);
  // Parses JSON text; throws StateError with the offset of the problem. A view, so
  // that a caller holding the text elsewhere (a Python str) need not copy it.
  static Value FromJson(std::string_view text);

 private:
  std::variant<std::nullptr_t, bool, int64_t, double, std::string, Array, Object> v_;
};

const char* KindName(Value::Kind kind);

}  // namespace parlor
