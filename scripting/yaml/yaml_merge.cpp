#include "scripting/yaml/yaml_merge.h"

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

class Merger {
 public:
  explicit Merger(Provenance* provenance) : p_(provenance) {}

  void MergeMap(Node* base, const Node& overlay, const std::string& path) {
    for (size_t i = 0; i < overlay.keys.size(); ++i) {
      const Key& key = overlay.keys[i];
      const Node& value = overlay.items[i];
      const std::string key_path = JoinKey(path, key.name);
      const int at = base->IndexOf(key.name);
      if (value.is_null()) {
        if (at >= 0) {
          Override(key_path);
          p_->deleted_by[key_path] = Setter(key.where);
          base->Erase(static_cast<size_t>(at));
        }
        continue;
      }
      if (at < 0) {
        base->keys.push_back(key);
        base->items.push_back(WithoutNulls(value));
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
};

}  // namespace

void MergeInto(Node* base, const Node& overlay, Provenance* provenance) {
  if (!base->is_map()) {
    *base = Node{};
    base->kind = Node::Kind::kMap;
    base->where = overlay.where;
  }
  Merger(provenance).MergeMap(base, overlay, "");
}

}  // namespace parlor::yaml
