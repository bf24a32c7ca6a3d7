// libFuzzer harness of the save reader: a saved game's text (`parlor play --save`)
// read as `parlor replay` and --resume read it (Value::FromJson, then
// SavedGame::FromValue) and as Python's load_game does (ParseKeepingLogs, the
// header checked, the final state read by StateFromValueKeepingLogs), and a bare
// state (format parlor-state-1) as load_game takes one too.
//
// The definitions a save may name are loaded once: demo-race, demo-sleuth and sorry
// (a track with lanes, a grid with rooms, cards); a save naming another is read
// against demo-race (and refused for it). Seed the corpus with saves of these.
//
// Properties, beyond the sanitizers':
//   - only parlor's own errors (StateError, IllegalAction) come out, with a message
//     of at most 2000 bytes (values it quotes are cut);
//   - the final state reads alike through State::FromValue and through the log-kept
//     reading: both refuse it with the same message, or both give the same State;
//   - a state read writes (ToValue) a value that reads back as the same State.
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/errors.h"
#include "core/json_lists.h"
#include "core/state.h"
#include "fuzz_check.h"
#include "scripting/save_file.h"
#include "scripting/yaml/loader.h"

using parlor::Definition;
using parlor::State;
using parlor::Value;

namespace {

const std::map<std::string, std::shared_ptr<Definition>>& Definitions() {
  static const auto* defs = [] {
    auto* out = new std::map<std::string, std::shared_ptr<Definition>>;
    for (const char* id : {"demo-race", "demo-sleuth", "sorry"}) (*out)[id] = parlor::LoadDefinition(id);
    return out;
  }();
  return *defs;
}

// The definition a state names, demo-race for any other.
const Definition& DefinitionOf(const Value& state) {
  const Value& id = state.Get("definition");
  if (id.is_string()) {
    auto it = Definitions().find(id.as_string());
    if (it != Definitions().end()) return *it->second;
  }
  return *Definitions().at("demo-race");
}

std::string What(const parlor::Error& e) {
  const std::string what = e.what();
  FUZZ_CHECK(!what.empty(), "an error without a message");
  // Quoted values are cut (CutText: 200 bytes); a message names a key path and a few.
  FUZZ_CHECK(what.size() <= 2000, "a message of " + std::to_string(what.size()) + " bytes: " + what.substr(0, 600));
  return what;
}

// As Python's LoadGameValue: a save's header checked and its final state taken, or
// a bare state.
std::optional<State> LoadKeepingLogs(std::string_view text, std::string* error) {
  try {
    parlor::KeptLists kept;
    Value v = parlor::ParseKeepingLogs(text, kept);
    const bool bare = v.is_object() && v.Get("format") == Value("parlor-state-1");
    if (v.is_object() && v.Has("format") && !bare) {
      parlor::SavedGame saved = parlor::SavedGame::FromValue(std::move(v));
      v = std::move(saved.final_state);
    }
    const Definition& def = DefinitionOf(v);
    return parlor::StateFromValueKeepingLogs(def, std::move(v), kept);
  } catch (const parlor::Error& e) {
    *error = What(e);
    return std::nullopt;
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  Definitions();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  Value v;
  try {
    v = Value::FromJson(text);
  } catch (const parlor::StateError& e) {
    What(e);
    return 0;
  }
  // The command's reading (ReadSavedGame): the header, the actions parsed.
  Value state_value = v;
  bool header_ok = true;
  const bool bare = v.is_object() && v.Get("format") == Value("parlor-state-1");
  std::string header_error;
  if (!bare && v.is_object() && v.Has("format")) {
    try {
      parlor::SavedGame saved = parlor::SavedGame::FromValue(Value(v));
      state_value = std::move(saved.final_state);
    } catch (const parlor::Error& e) {
      header_error = What(e);
      header_ok = false;
    }
  }

  std::string kept_error;
  const std::optional<State> kept_state = LoadKeepingLogs(text, &kept_error);
  if (!header_ok) {
    FUZZ_CHECK(!kept_state && kept_error == header_error,
               "header: '" + header_error + "', load_game: '" + kept_error + "'");
    return 0;
  }

  const Definition& def = DefinitionOf(state_value);
  std::optional<State> state;
  std::string error;
  try {
    state = State::FromValue(def, state_value);
  } catch (const parlor::Error& e) {
    error = What(e);
  }
  FUZZ_CHECK(error == kept_error, "FromValue: '" + error + "', kept logs: '" + kept_error + "'");
  if (!state) return 0;
  FUZZ_CHECK(*kept_state == *state, "the two readings gave different states");

  const Value written = state->ToValue(def);
  std::optional<State> again;
  try {
    again = State::FromValue(def, written);
  } catch (const parlor::Error& e) {
    FUZZ_CHECK(false, "a state read was written as a value it refuses: " + What(e));
  }
  FUZZ_CHECK(*again == *state, "ToValue/FromValue changed the state");
  FUZZ_CHECK(again->ToValue(def) == written, "ToValue is not stable");
  return 0;
}
