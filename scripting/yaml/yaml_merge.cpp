#include "scripting/yaml/yaml_merge.h"

#include <algorithm>
#include <unordered_map>

#include "scripting/yaml/suggest.h"

namespace parlor::yaml {
namespace {

std::string Setter(const Location& where) { return where.file + ":" + std::to_string(where.line); }

// A copy of `node` without null map values: null means "absent" everywhere.
// Lists keep their nulls; they are data, not keys.
Node WithoutNulls(const Node& node) {
  if (!node.is_map()) return node;
  Node out = node;
  out.keys.clear();
  out.items.clear();
  for (size_t i = 0; i < node.keys.size(); ++i) {
    if (node.items[i].is_null()) continue;
    out.keys.push_back(node.keys[i]);
    out.items.push_back(WithoutNulls(node.items[i]));
  }
  return out;
}

// Maps replaced whole instead of merged key by key. A definition's `title` names that
// definition: an extension that sets its own title in English only must not keep
// its base's title in Spanish, which names the base.
bool ReplacedWhole(const std::string& path, const std::string& key) {
  return path.empty() && key == "title";
}

// Whether `path` is a `data:` map (or inside one): the definition's own, or a
// card's or piece's ("cards.four.data.x").
bool InData(const std::string& path) {
  return path == "data" || path.rfind("data.", 0) == 0 || path.find(".data.") != std::string::npos ||
         (path.size() >= 5 && path.compare(path.size() - 5, 5, ".data") == 0);
}

// A key close enough to `key` to be taken for it misspelt: one edit for keys of 3
// to 6 characters, two for longer ones (shorter keys, `x` beside `y`, are too
// often meant).
bool Misspells(const std::string& key, const std::string& other) {
  const size_t shorter = std::min(key.size(), other.size());
  if (shorter < 3 || key == other) return false;
  const int distance = EditDistance(key, other);
  return distance <= (shorter >= 7 ? 2 : 1);
}

class Merger {
 public:
  // Maps of up to this many keys are searched key by key (MergeMap).
  static constexpr size_t kScannedKeys = 16;

  Merger(Provenance* provenance, Problems* problems) : p_(provenance), problems_(problems) {}

  void MergeMap(Node* base, const Node& overlay, const std::string& path) {
    // The base's keys by name, once the map has more than a few: Node::IndexOf goes
    // through every key, so a mod adding 20,000 cards to a base of 20,000 made
    // 4 * 10^8 comparisons (3 s). Kept up to date as keys are added; rebuilt after
    // one is deleted (a `~`, rare), which shifts the positions after it.
    std::unordered_map<std::string, size_t> index;
    bool indexed = false;
    const auto find = [&](const std::string& name) -> int {
      if (!indexed && base->keys.size() <= kScannedKeys) return base->IndexOf(name);
      if (!indexed) {
        index.clear();
        for (size_t k = 0; k < base->keys.size(); ++k) index.emplace(base->keys[k].name, k);
        indexed = true;
      }
      const auto it = index.find(name);
      return it == index.end() ? -1 : static_cast<int>(it->second);
    };
    for (size_t i = 0; i < overlay.keys.size(); ++i) {
      const Key& key = overlay.keys[i];
      const Node& value = overlay.items[i];
      const std::string key_path = JoinKey(path, key.name);
      const int at = find(key.name);
      if (value.is_null()) {
        if (at >= 0) {
          Override(key_path);
          p_->deleted_by[key_path] = Setter(key.where);
          if (value.empty) p_->deleted_empty.insert(key_path);
          base->Erase(static_cast<size_t>(at));
          indexed = false;
        } else if (!value.refused) {
          ReportNothingDeleted(*base, path, key);
        }
        continue;
      }
      if (at < 0) {
        if (problems_ != nullptr) {
          ReportDataMisspelling(*base, overlay, path, key);
          ReportNullsIn(value, key_path, key_path);
        }
        base->keys.push_back(key);
        base->items.push_back(WithoutNulls(value));
        if (indexed) index.emplace(key.name, base->keys.size() - 1);
        RecordLeaves(key_path, key, base->items.back());
        continue;
      }
      Node& old = base->items[at];
      if (old.is_map() && value.is_map() && !ReplacedWhole(path, key.name)) {
        // An empty map was a leaf; now its keys are.
        if (old.keys.empty() && !value.keys.empty()) p_->set_by.erase(key_path);
        // A problem of the merged map as a whole (`players` min above max, a board
        // both grid and track) is the last changer's: it is located at its map, so
        // that the message names the mod rather than only the base it left alone.
        old.where = value.where;
        old.content = value.content;
        MergeMap(&old, value, key_path);
        continue;
      }
      if (old.is_map() && value.is_map()) {
        // Each earlier leaf on its own, so that `parlor check` pairs a language's
        // title with the one it replaced (and shows a language dropped as deleted).
        OverrideLeaves(key_path);
      } else {
        Override(key_path);
      }
      base->keys[at].where = key.where;
      old = WithoutNulls(value);
      RecordLeaves(key_path, key, old);
    }
  }

 private:
  // `key: ~` (or `key:` with nothing after it) where the base has no such key.
  void ReportNothingDeleted(const Node& base, const std::string& path, const Key& key) {
    if (problems_ == nullptr) return;
    std::vector<std::string> names;
    for (const Key& k : base.keys) names.push_back(k.name);
    std::string mean = DidYouMean(key.name, names);
    if (mean.empty()) {
      // `billiard` for `billiard_room`: a key the name begins, or one beginning it.
      std::vector<std::string> starts;
      for (const std::string& name : names)
        if (key.name.size() >= 3 && (name.rfind(key.name, 0) == 0 || key.name.rfind(name, 0) == 0))
          starts.push_back(name);
      if (starts.size() == 1) mean = "; did you mean '" + starts[0] + "'?";
    }
    problems_->Add(key.where, JoinKey(path, key.name),
                   "deletes '" + key.name + "' (a key set to ~, or with no value, is deleted), but the " +
                       "definitions this one extends have no " + JoinKey(path, key.name) +
                       ": nothing is deleted" + mean);
  }

  // Nulls inside a map the base does not have at all (`zones: {envelope: ~}` on a
  // base without zones): each deletes nothing.
  void ReportNullsIn(const Node& value, const std::string& path, const std::string& absent) {
    if (!value.is_map()) return;
    for (size_t i = 0; i < value.keys.size(); ++i) {
      const std::string key_path = JoinKey(path, value.keys[i].name);
      if (value.items[i].is_null()) {
        if (value.items[i].refused) continue;
        problems_->Add(value.keys[i].where, key_path,
                       "deletes '" + value.keys[i].name + "' (a key set to ~, or with no value, is deleted), " +
                           "but the definitions this one extends have no " + absent + ": nothing is deleted");
      } else {
        ReportNullsIn(value.items[i], key_path, absent);
      }
    }
  }

  // A key added under `data:` one typo from a key the base has in that map (and the
  // extension does not set as well); likewise an event type added under `events:`
  // one typo from a type the base declares (`challange` beside `challenge` declared
  // seat fields for an event nobody emits, and left the base's as they were).
  void ReportDataMisspelling(const Node& base, const Node& overlay, const std::string& path, const Key& key) {
    const bool events = path == "events";
    if (!InData(path) && !events) return;
    for (size_t i = 0; i < base.keys.size(); ++i) {
      const Key& known = base.keys[i];
      if (!Misspells(key.name, known.name) || overlay.IndexOf(known.name) >= 0) continue;
      const std::string setter = Setter(known.where);
      if (events) {
        problems_->Add(key.where, JoinKey(path, key.name),
                       "new event type '" + key.name + "' beside '" + known.name + "' of the base (" + setter +
                           "); did you mean '" + known.name + "'? (the rules emit '" + known.name +
                           "', and a type this close to it is taken for a misspelling: a new event type needs a "
                           "name further from the base's)");
        return;
      }
      problems_->Add(key.where, JoinKey(path, key.name),
                     "new key '" + key.name + "' beside '" + known.name + "' of the base (" + setter +
                         "); did you mean '" + known.name + "'? (the rules read '" + known.name +
                         "', and a key this close to it is taken for a misspelling: a new key of " +
                         path + " needs a name further from the base's)");
      return;
    }
  }

  // Moves the setters of `path` and of every path below it to overridden[path].
  void Override(const std::string& path) {
    std::vector<std::string> earlier;
    auto it = p_->set_by.lower_bound(path);
    while (it != p_->set_by.end() && it->first.compare(0, path.size(), path) == 0) {
      const std::string& name = it->first;
      const bool below =
          name.size() == path.size() || name[path.size()] == '.' || name[path.size()] == '[';
      if (!below) {  // a sibling that merely shares the prefix ("dice2" after "dice")
        ++it;
        continue;
      }
      earlier.push_back(it->second);
      it = p_->set_by.erase(it);
    }
    if (earlier.empty()) return;
    std::vector<std::string>& list = p_->overridden[path];
    list.insert(list.end(), earlier.begin(), earlier.end());
  }

  // Override(leaf) for every leaf strictly below `path`.
  void OverrideLeaves(const std::string& path) {
    std::vector<std::string> leaves;
    for (auto it = p_->set_by.lower_bound(path + "."); it != p_->set_by.end(); ++it) {
      if (it->first.compare(0, path.size() + 1, path + ".") != 0) break;
      leaves.push_back(it->first);
    }
    for (const std::string& leaf : leaves) Override(leaf);
  }

  void RecordLeaves(const std::string& path, const Key& key, const Node& value) {
    if (!value.is_map() || value.keys.empty()) {
      p_->set_by[path] = Setter(key.where);
      return;
    }
    for (size_t i = 0; i < value.keys.size(); ++i) {
      RecordLeaves(JoinKey(path, value.keys[i].name), value.keys[i], value.items[i]);
    }
  }

  Provenance* p_;
  Problems* problems_;
};

}  // namespace

void MergeInto(Node* base, const Node& overlay, Provenance* provenance, Problems* problems) {
  if (!base->is_map()) {
    *base = Node{};
    base->kind = Node::Kind::kMap;
    base->where = overlay.where;
  }
  Merger(provenance, problems).MergeMap(base, overlay, "");
}

}  // namespace parlor::yaml
