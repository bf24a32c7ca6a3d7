#include "checking/check_run.h"

#include <set>
#include <tuple>

#include "checking/error_site.h"
#include "checking/setter_names.h"
#include "checking/trial_games.h"
#include "checking/unread_hooks.h"
#include "checking/unread_options.h"
#include "core/errors.h"
#include "scripting/lua/lua_rules.h"
#include "scripting/yaml/definition_files.h"
#include "scripting/yaml/loader.h"
#include "scripting/yaml/name_keys.h"
#include "scripting/yaml/problems.h"

namespace parlor {
namespace {

// A name that finds nothing to load (an unknown id, a folder that does not exist or
// holds no variant.yaml or mod.yaml) is no definition with problems but a command
// line naming none: an error, exit code 2, said as `play` and `conform` say it (it
// was "1 problem(s) found", exit code 1). An id that several folders of the search
// path declare is left to CheckDefinition: a problem of those definitions.
void RequireFound(const std::string& name, const std::vector<std::string>& search_path, const std::string& what) {
  std::string why;
  if (yaml::LocateDefinition(name, search_path, &why)) return;
  if (!yaml::IsDefinitionPath(name)) {
    std::string conflict;
    yaml::SearchDefinition(name, search_path, &conflict);
    if (!conflict.empty()) return;
  }
  throw DefinitionError(name + ": " + what + why);
}

// A `names:` warning (name_keys.h: "<file:line or id>: names.<lang>.<key>: '...")
// as a finding: its key path, and the file and line that set the key.
CheckFinding NameKeyFinding(const std::string& kind, std::string warning) {
  CheckFinding found;
  found.kind = kind;
  const size_t at = warning.find(": names.");
  if (at != std::string::npos) {
    const size_t end = warning.find(": '", at + 2);
    found.key = warning.substr(at + 2, end == std::string::npos ? std::string::npos : end - at - 2);
    std::tie(found.file, found.line) = SplitSetter(warning.substr(0, at));
    if (found.line == 0) found.file.clear();  // the definition's id: no setter recorded
  }
  found.message = std::move(warning);
  return found;
}

// A problem that stops the check once the definition loaded (its Lua rules fail to
// load): printed alone, as the one problem found.
void StopAt(const Error& e, const Definition& def, CheckReport& report, std::ostream& out) {
  out << e.what() << "\n1 problem(s) found\n";
  CheckFinding& found = report.problems.emplace_back();
  found.kind = "rules";
  found.message = e.what();
  std::tie(found.file, found.line) = FirstLuaPlace(found.message.substr(0, found.message.find('\n')), def);
}

}  // namespace

CheckReport RunCheck(const std::string& path, const std::vector<std::string>& mods, std::ostream& out) {
  std::vector<std::string> search_path = DefaultSearchPath();
  RequireFound(path, search_path, "");
  search_path.push_back(DataDir() + "/mods");  // where the loader looks for mods given by id
  for (const std::string& mod : mods) RequireFound(mod, search_path, "mod: ");
  LoadOptions opts;
  opts.mods = mods;
  std::shared_ptr<Definition> loaded;
  const std::vector<Problem> problems = CheckDefinition(path, opts, &loaded);
  if (problems.empty()) return RunCheckOn(loaded, out);
  CheckReport report;
  for (const Problem& p : problems) {
    out << p.ToString() << "\n";
    report.problems.push_back({"definition", p.ToString(), p.file, p.line, p.key});
  }
  out << problems.size() << " problem(s) found\n";
  return report;
}

CheckReport RunCheckOn(const std::shared_ptr<const Definition>& def, std::ostream& out) {
  CheckReport report;
  report.id = def->id;
  report.chain = def->chain;
  try {
    auto rules = std::make_shared<lua::LuaRules>(def);
    std::set<std::string> variables;
    std::set<std::string> options_read;  // by the hooks of the trial games
    rules->NoteOptionReads(&options_read);
    std::vector<CheckFinding> setup = TrialGameProblems(def, rules, &variables);
    rules->NoteOptionReads(nullptr);
    if (!setup.empty()) {
      for (CheckFinding& p : setup) {
        p.message = def->id + ": " + p.message;
        out << p.message << "\n";
      }
      out << setup.size() << " problem(s) found\n";
      report.problems = std::move(setup);
      return report;
    }
    out << def->id << ": OK (" << def->chain.size() << " definition(s) in the chain: ";
    for (size_t i = 0; i < def->chain.size(); ++i) out << (i ? " <- " : "") << def->chain[i];
    out << ")\n";
    // Not problems: a `names:` key may name a word of an event too (name_keys.h).
    std::vector<CheckFinding> warnings;
    for (std::string& w : yaml::NameKeyWarnings(*def)) warnings.push_back(NameKeyFinding("name-typo", std::move(w)));
    for (std::string& w : yaml::NameKeyVariableWarnings(*def, variables))
      warnings.push_back(NameKeyFinding("name-variable", std::move(w)));
    for (CheckFinding& w : UnreadHookWarnings(*def, *rules)) warnings.push_back(std::move(w));
    SetterNames setters;
    for (const std::string& id : UnreadOptions(*def, options_read, ChainLuaTexts(*def))) {
      const std::string key = "options." + id;
      const std::vector<std::string> where = setters.Condense(key, def->SettersAt(key));
      CheckFinding& found = warnings.emplace_back();
      found.kind = "unread-option";
      found.key = key;
      found.message = key + (where.empty() ? "" : " (" + yaml::JoinWords(where) + ")") +
                      " is read by no hook: no hook read it in the trial games above (g:option, g.options), "
                      "and no Lua file of the chain names it in a read (g:option(\"" + id + "\"), options." +
                      id + "), so setting it (--option " + id + "=..., a mode) changes nothing: a rule reads "
                      "it with g:option(\"" + id + "\") (docs/hooks.md)";
      if (!where.empty()) std::tie(found.file, found.line) = SplitSetter(where.front());
    }
    if (!warnings.empty()) {
      out << "warnings:\n";
      for (const CheckFinding& w : warnings) out << "  " << w.message << "\n";
    }
    report.warnings = std::move(warnings);
    if (!def->overridden.empty()) {
      SetterNames names;
      out << "values overridden:\n";
      for (const auto& [key, earlier] : def->overridden) {
        // No setter now: deleted with `~`, or a language an extension's title dropped.
        const std::vector<std::string> now = def->SettersAt(key);
        out << "  " << key << (now.empty() ? " = deleted" : " = set by " + yaml::JoinWords(names.Condense(key, now)));
        for (const auto& e : names.Condense(key, earlier)) out << "; before: " << e;
        out << "\n";
      }
    }
    // What the mods add (a card's new `data:` key, a card, an option): where a mod's
    // change shows when it replaces nothing (`four: {data: {back: 5}}`). Only mods'
    // (mod.yaml): an edition's own variant.yaml adds too much to list.
    std::vector<std::string> added;
    for (const auto& [key, setter] : def->provenance) {
      if (def->overridden.count(key) > 0) continue;
      const std::string file = setter.substr(0, setter.rfind(':'));
      if (file.size() >= 9 && file.compare(file.size() - 9, 9, "/mod.yaml") == 0)
        added.push_back(key + " = set by " + setter);
    }
    if (!added.empty()) {
      constexpr size_t kShown = 40;
      out << "values added by mods:\n";
      for (size_t i = 0; i < added.size() && i < kShown; ++i) out << "  " << added[i] << "\n";
      if (added.size() > kShown) out << "  ... and " << added.size() - kShown << " more\n";
    }
    out << "hooks:\n";
    for (const auto& [hook, origin] : rules->hook_origins()) {
      out << "  " << hook << ": " << origin;
      auto it = rules->hook_overrides().find(hook);
      if (it != rules->hook_overrides().end())
        for (const auto& e : it->second) out << "; replaces " << e;
      out << "\n";
    }
  } catch (const Error& e) {
    StopAt(e, *def, report, out);
  }
  return report;
}

}  // namespace parlor
