#include "cli/usage_errors.h"

#include <algorithm>
#include <cctype>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "scripting/yaml/suggest.h"

namespace parlor {
namespace {

// "a, b or c".
std::string Listed(const std::vector<std::string>& words, const std::string& last = " or ") {
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) out += (i == 0 ? "" : i + 1 == words.size() ? last : ", ") + words[i];
  return out;
}

std::vector<CLI::App*> AllSubcommands(CLI::App& app) {
  return app.get_subcommands([](const CLI::App*) { return true; });
}

std::vector<std::string> SubcommandNames(CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : AllSubcommands(app)) names.push_back(sub->get_name());
  return names;
}

// The option names (`--seed`, `-s`) of `app`.
std::vector<std::string> OptionNames(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::Option* opt : app.get_options()) {
    for (const auto& l : opt->get_lnames()) names.push_back("--" + l);
    for (const auto& s : opt->get_snames()) names.push_back("-" + s);
  }
  return names;
}

// The subcommands (other than `except`) that have the option `name`.
std::vector<std::string> SubcommandsWith(CLI::App& app, const std::string& name, const CLI::App* except) {
  std::vector<std::string> with;
  for (CLI::App* sub : AllSubcommands(app)) {
    if (sub == except) continue;
    const std::vector<std::string> names = OptionNames(*sub);
    if (std::find(names.begin(), names.end(), name) != names.end()) with.push_back(sub->get_name());
  }
  return with;
}

bool IsOptionLike(const std::string& arg) {
  return arg.size() > 1 && arg[0] == '-' && !std::isdigit(static_cast<unsigned char>(arg[1]));
}

// `--games=3` is the option `--games`.
std::string OptionName(const std::string& arg) { return arg.substr(0, arg.find('=')); }

// The subcommand being parsed when the error was thrown (nullptr: none yet).
CLI::App* ParsedSubcommand(CLI::App& app) {
  const std::vector<CLI::App*> parsed = app.get_subcommands();
  return parsed.empty() ? nullptr : parsed.front();
}

std::string HelpHint(const CLI::App* sub) {
  return sub == nullptr ? "Run `parlor --help` for more information.\n"
                        : "Run `parlor " + sub->get_name() + " --help` for more information.\n";
}

// Arguments a subcommand does not take, listed in the order given (CLI11 lists them
// backwards: "c b"), with a note on each option that belongs to another subcommand
// or is one typo from one of this one's.
std::string Unexpected(CLI::App& app, CLI::App& sub, const std::vector<std::string>& extras) {
  std::string joined;
  for (const auto& x : extras) joined += (joined.empty() ? "" : " ") + x;
  std::string out = sub.get_name() + ": " +
                    (extras.size() == 1 ? "this argument was not expected: " : "these arguments were not expected: ") +
                    joined;
  std::vector<std::string> notes;
  for (const auto& x : extras) {
    if (!IsOptionLike(x)) continue;
    const std::string name = OptionName(x);
    const std::vector<std::string> others = SubcommandsWith(app, name, &sub);
    if (!others.empty()) {
      notes.push_back(name + " is an option of " + Listed(others, " and ") + ", not of " + sub.get_name());
      continue;
    }
    // A long option one typo from one of this subcommand's (a short one is one letter:
    // anything is one typo from it).
    std::vector<std::string> long_names;
    for (const auto& n : OptionNames(sub))
      if (n.rfind("--", 0) == 0) long_names.push_back(n);
    const auto close = name.rfind("--", 0) == 0 ? yaml::ClosestMatch(name, long_names) : std::nullopt;
    if (close)
      notes.push_back(name + ": did you mean " + *close + "?");
    else
      notes.push_back(name + ": " + sub.get_name() + " has no such option");
  }
  if (!notes.empty()) {
    out += " (";
    for (size_t i = 0; i < notes.size(); ++i) out += (i == 0 ? "" : "; ") + notes[i];
    out += ")";
  }
  return out;
}

}  // namespace

int ReportParseError(CLI::App& app, const CLI::ParseError& e, int argc, char** argv) {
  // --help (and CLI11's other successes) print what they print: app.exit does.
  if (e.get_exit_code() == 0) return app.exit(e);
  const std::vector<std::string> names = SubcommandNames(app);
  const std::string subcommands = Listed(names);
  // CLI11 reports an unknown subcommand as a missing one ("A subcommand is
  // required"); name the word it did not know and what it expected.
  if (argc > 1 && argv[1][0] != '-' && std::find(names.begin(), names.end(), argv[1]) == names.end()) {
    std::cerr << "parlor: unknown subcommand '" << argv[1] << "' (expected " << subcommands << "; parlor --help)\n";
    return 2;
  }
  // Words before the subcommand (`parlor --verbose`, `parlor --json variants`). CLI11
  // keeps words after `--` there too (`parlor play x -- y`): those are the
  // subcommand's, said below.
  const bool extras = dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr;
  const std::string what = e.what();
  CLI::App* sub = ParsedSubcommand(app);
  std::vector<std::string> before = app.remaining();
  int sub_at = argc;  // where the subcommand's name is in argv
  for (int i = 1; sub != nullptr && i < argc; ++i)
    if (argv[i] == sub->get_name()) {
      sub_at = i;
      break;
    }
  const bool after_sub = !before.empty() && std::find_if(argv + 1, argv + sub_at, [&](const char* a) {
                                              return a == before.front();
                                            }) == argv + sub_at;
  if (!before.empty() && (extras || what == "A subcommand is required") && !after_sub) {
    const std::string& first = before.front();
    const std::vector<std::string> with = IsOptionLike(first) ? SubcommandsWith(app, OptionName(first), nullptr)
                                                              : std::vector<std::string>{};
    std::cerr << "parlor: " << (IsOptionLike(first) ? "unknown option '" : "unexpected argument '") << first << "'";
    if (!with.empty())
      std::cerr << " before the subcommand: it is an option of " << Listed(with, " and ")
                << ", given after it (parlor " << with.front() << " " << first << ")\n";
    else
      std::cerr << " (expected a subcommand first: " << subcommands << "; parlor --help)\n";
    return 2;
  }
  std::string message;
  if (sub == nullptr && what == "A subcommand is required") {
    message = "a subcommand is required: " + subcommands;
    std::cerr << "parlor: " << message << " (parlor --help)\n";
    return 2;
  }
  if (extras && sub != nullptr && (!sub->remaining().empty() || after_sub)) {
    std::vector<std::string> unexpected = sub->remaining();
    if (after_sub) unexpected.insert(unexpected.end(), before.begin(), before.end());
    message = Unexpected(app, *sub, unexpected);
  } else if (const std::string convert = "Could not convert: "; what.rfind(convert, 0) == 0 &&
                                                                 what.find(" = ") != std::string::npos) {
    // "Could not convert: --json = maybe": a value given to a flag.
    const size_t eq = what.find(" = ");
    const std::string name = what.substr(convert.size(), eq - convert.size());
    const CLI::Option* opt = sub == nullptr ? nullptr : sub->get_option_no_throw(name);
    message = opt != nullptr && opt->get_expected_max() == 0
                  ? name + " is a flag: it takes no value (not '" + what.substr(eq + 3) + "')"
                  : name + ": cannot read '" + what.substr(eq + 3) + "' as its value";
  } else if (const std::string at_most = ": At Most 1 required but received ";
             what.find(at_most) != std::string::npos) {
    // An option given twice: CLI11 says "--seed: At Most 1 required but received 2".
    const size_t at = what.find(at_most);
    message = what.substr(0, at) + " given " + what.substr(at + at_most.size()) + " times: give it once";
  } else if (const size_t req = what.find(": 1 required "); req != std::string::npos && what.size() > 8 &&
                                                             what.compare(what.size() - 8, 8, " missing") == 0) {
    // "--players: 1 required INT:N missing": the value after the option is missing.
    std::string type = what.substr(req + 13, what.size() - 8 - (req + 13));
    if (const size_t colon = type.rfind(':'); colon != std::string::npos) type = type.substr(colon + 1);
    message = what.substr(0, req) + " expects a value (" + type + ") after it, and none was given";
  } else if (sub != nullptr && what.size() > 12 && what.compare(what.size() - 12, 12, " is required") == 0) {
    // "path is required": a positional argument left out.
    const std::string pname = what.substr(0, what.size() - 12);
    std::string upper = pname, help;
    std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return std::toupper(c); });
    for (const CLI::Option* opt : sub->get_options())
      if (opt->get_positional() && opt->get_name() == pname) help = opt->get_description();
    if (!help.empty()) help[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(help[0])));
    message = sub->get_name() + " needs " + upper + (help.empty() ? "" : " (" + help + ")");
  } else {
    message = what;
  }
  // Its own exit codes (106, 109, ...) are not parlor's: a command line that does not
  // parse is an error, 2, as the README documents.
  std::cerr << "parlor: " << message << "\n" << HelpHint(sub);
  return 2;
}

}  // namespace parlor
