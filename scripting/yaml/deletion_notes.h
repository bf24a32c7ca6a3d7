// Saying which deletion explains a problem.
//
// A mod that deletes a key (`zones: ~`, `board: ~`) leaves problems at the base's
// lines (its cards need a zone, its pieces start on places of no board) or in its
// hooks (`unknown zone 'envelope'`), none of which name a file of the mod. A problem
// that names a deleted key is told where it was deleted.
#pragma once

#include <map>
#include <set>
#include <string>

namespace parlor::yaml {

// " (zones was deleted by mod.yaml:3)" for each key path of `deleted_by` (path ->
// "file:line") whose last key stands in `message` as a word of its own, skipping
// deletions made in `skip_file` (a problem there is seen beside them already); ""
// when none does. A path of `empty` (deleted by a key with nothing after its colon,
// which a modder seldom means as a deletion) is named in `skip_file` too, saying so.
std::string DeletionNotes(const std::string& message, const std::map<std::string, std::string>& deleted_by,
                          const std::string& skip_file = "", const std::set<std::string>* empty = nullptr);

}  // namespace parlor::yaml
