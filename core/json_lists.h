// A saved state's log read from the text entry by entry, not parsed whole first.
//
// A long game's save is mostly its final state's log (three events an action in a
// plain game), and a Value of the whole text takes some four times its size: the
// peak of a load. ParseKeepingLogs parses the text as Value::FromJson does (the same
// Value, the same errors at the same offsets, each entry of the log parsed too) but
// keeps of each log only where its entries lie in the text; the state reader
// (StateFromValueKeepingLogs) parses each entry again when it comes to it, reads
// it and frees it. The text must outlive both calls. `parlor replay` and `--resume`
// keep a save's log so too, each entry parsed where it is compared with the replayed
// game's (scripting/save_file.h, ReadSavedGame and FirstDifferenceFromSaved).
#pragma once

#include <cstddef>
#include <string_view>
#include <utility>
#include <vector>

#include "core/value.h"

namespace parlor {

struct Definition;
struct State;

struct KeptLists {
  std::string_view text;
  // Each list kept: its entries' [offset, offset + size) in `text`.
  std::vector<std::vector<std::pair<size_t, size_t>>> lists;

  // The list `v` stands in for, or nullptr when `v` is no stand-in (the stand-in is a
  // text no JSON text makes: it starts with the byte 0xFF, never in UTF-8).
  const std::vector<std::pair<size_t, size_t>>* Of(const Value& v) const;
  // Entry `i` of `list`, as Value::FromJson reads its text (parsed whole once: it
  // does not fail).
  Value Entry(const std::vector<std::pair<size_t, size_t>>& list, size_t i) const;
};

// Value::FromJson(text), but the array under "log" of the top object, and under
// "log" of its "final_state" object, is a stand-in for a list kept in `kept`.
Value ParseKeepingLogs(std::string_view text, KeptLists& kept);

// State::FromValue(def, std::move(v)) of a `v` (or of its final state) parsed by
// ParseKeepingLogs: the log's entries read from the text one by one. Throws what
// State::FromValue throws, word for word.
State StateFromValueKeepingLogs(const Definition& def, Value&& v, const KeptLists& kept);

}  // namespace parlor
