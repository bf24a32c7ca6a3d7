#include "scripting/save_writer.h"

#include <functional>

#include "core/state.h"
#include "scripting/save_file.h"

namespace parlor {

namespace {

// The text being made: given to `out` (when there is one) whenever a megabyte
// gathers, so that a file's text is never held whole.
class Sink {
 public:
  explicit Sink(std::ostream* out) : out_(out) {}
  std::string& text() { return text_; }
  void MaybeFlush() {
    if (out_ != nullptr && text_.size() >= (size_t{1} << 20)) Flush();
  }
  void Flush() {
    if (out_ == nullptr) return;
    out_->write(text_.data(), static_cast<std::streamsize>(text_.size()));
    text_.clear();
  }

 private:
  std::ostream* out_;
  std::string text_;
};

void Newline(std::string& out, int indent, int depth) {
  if (indent <= 0) return;
  out += '\n';
  out.append(static_cast<size_t>(indent * depth), ' ');
}

// A list of `n` entries, entry(i) each, as Value's writer writes an array of them
// at `depth` (core/value.cpp, Write).
void WriteList(Sink& sink, size_t n, int indent, int depth, const std::function<Value(size_t)>& entry) {
  std::string& out = sink.text();
  out += '[';
  for (size_t i = 0; i < n; ++i) {
    if (i > 0) out += ',';
    Newline(out, indent, depth + 1);
    entry(i).AppendJson(out, indent, depth + 1);
    sink.MaybeFlush();
  }
  if (n > 0) Newline(out, indent, depth);
  out += ']';
}

// `object` as Value's writer writes it at `depth`, but for the keys `part` writes
// (it returns true for them; their values in `object` are null stand-ins, so that
// the keys come in the object's own order).
void WriteObject(Sink& sink, const Value& object, int indent, int depth,
                 const std::function<bool(const std::string& key)>& part) {
  std::string& out = sink.text();
  out += '{';
  bool first = true;
  for (const auto& entry : object.as_object()) {
    if (!first) out += ',';
    first = false;
    Newline(out, indent, depth + 1);
    Value::AppendJsonString(entry.first, out);
    out += indent > 0 ? ": " : ":";
    if (!part(entry.first)) entry.second.AppendJson(out, indent, depth + 1);
    sink.MaybeFlush();
  }
  if (!object.as_object().empty()) Newline(out, indent, depth);
  out += '}';
}

// Game::Save() (State::ToValue) written at `depth`: its log and history entry by entry.
void WriteState(Sink& sink, const Game& game, int indent, int depth) {
  const State& state = game.state();
  Value rest = state.ToValueWithoutLog(game.definition());
  rest["log"] = Value();
  rest["history"] = Value();
  WriteObject(sink, rest, indent, depth, [&](const std::string& key) {
    if (key == "log") {
      WriteList(sink, state.log.size(), indent, depth + 1, [&](size_t i) { return state.LogEntryValue(i); });
      return true;
    }
    if (key == "history") {
      WriteList(sink, state.history.size(), indent, depth + 1,
                [&](size_t i) { return State::HistoryEntryValue(state.history[i]); });
      return true;
    }
    return false;
  });
}

void Write(Sink& sink, const SaveHeader& header, const Game& game, int indent) {
  // SavedGame::ToValue's keys, of MakeSave's values, with "actions" and
  // "final_state" stand-ins written from the game.
  Value v;
  v["format"] = "parlor-game-1";
  v["definition"] = SaveName(header.definition);
  Value::Array mods;
  for (const auto& m : header.mods) mods.push_back(SaveName(m));
  v["mods"] = std::move(mods);
  v["num_seats"] = header.num_seats;
  v["seed"] = std::to_string(header.seed);
  const Value& options = game.state().options.is_object() ? game.state().options : header.options;
  v["options"] = options.is_null() ? Value(Value::Object{}) : options;
  v["actions"] = Value();
  v["final_state"] = Value();
  Value rules = RulesFingerprint(game.definition_ptr());
  if (!rules.is_null()) v["rules"] = std::move(rules);
  if (!header.bots.empty()) v["bots"] = header.bots;
  const auto& actions = game.state().history;
  WriteObject(sink, v, indent, 0, [&](const std::string& key) {
    if (key == "actions") {
      WriteList(sink, actions.size(), indent, 1, [&](size_t i) { return State::HistoryEntryValue(actions[i]); });
      return true;
    }
    if (key == "final_state") {
      WriteState(sink, game, indent, 1);
      return true;
    }
    return false;
  });
}

}  // namespace

void WriteSave(std::ostream& out, const SaveHeader& header, const Game& game, int indent) {
  Sink sink(&out);
  Write(sink, header, game, indent);
  sink.Flush();
}

std::string SaveText(const SaveHeader& header, const Game& game, int indent) {
  Sink sink(nullptr);
  Write(sink, header, game, indent);
  return std::move(sink.text());
}

}  // namespace parlor
