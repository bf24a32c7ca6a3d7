// parlor._parlor: the pybind11 face of the engine. The Python package `parlor`
// (python/parlor/__init__.py) wraps these classes; see docs/python.md.
//
// Everything stays thin: a Ruleset is a LoadedDefinition plus the id and mods it
// was loaded from (needed to write saves), a Game is a core Game plus its Ruleset.
// Values cross as plain Python data (None, bool, int, float, str, list, dict).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "conformance/conformance.h"
#include "core/bot.h"
#include "scripting/definition_bot.h"
#include "core/errors.h"
#include "core/utf8.h"
#include "core/game.h"
#include "core/json_lists.h"
#include "core/playout.h"
#include "scripting/engine.h"
#include "scripting/save_file.h"
#include "scripting/save_writer.h"
#include "scripting/save_to_file.h"
#include "scripting/simulation.h"
#include "scripting/yaml/loader.h"
#include "scripting/yaml/name_keys.h"
#include "python/src/check_binding.h"
#include "python/src/deduction_notes_binding.h"
#include "python/src/engine_call.h"
#include "python/src/save_header.h"

namespace py = pybind11;
using namespace parlor;

namespace {

// ---- Value <-> Python ------------------------------------------------------------

py::object ToPy(const Value& v) {
  switch (v.kind()) {
    case Value::Kind::kNull: return py::none();
    case Value::Kind::kBool: return py::bool_(v.as_bool());
    case Value::Kind::kInt: return py::int_(v.as_int());
    case Value::Kind::kNumber: return py::float_(v.as_number());
    case Value::Kind::kString: return py::str(v.as_string());
    case Value::Kind::kArray: {
      py::list out;
      for (const auto& x : v.as_array()) out.append(ToPy(x));
      return out;
    }
    case Value::Kind::kObject: {
      py::dict out;
      for (const auto& [k, x] : v.as_object()) out[py::str(k)] = ToPy(x);
      return out;
    }
  }
  return py::none();
}

// Variable `key` of a game's or a seat's variables (an object, or null when none
// was ever set), as Python data; None when it is not set.
py::object VarOf(const Value& vars, const std::string& key) {
  if (!vars.is_object()) return py::none();
  const auto& object = vars.as_object();
  auto it = object.find(key);
  return it == object.end() ? py::none() : ToPy(it->second);
}

// `depth` bounds the nesting as the rules' g:set bounds a Lua table's (lua_value.cpp):
// a list that holds itself would recurse until the stack overflows and the
// interpreter crashes, and a value deeper than the JSON reader's limit would save
// but not load back.
Value FromPy(const py::handle& h, const std::string& where = "value", int depth = 0) {
  if (depth > 64)
    throw StateError((where.size() > 40 ? where.substr(0, 40) + "..." : where) +
                     ": a value nested deeper than 64 levels of lists and dicts (one that holds itself?)");
  if (h.is_none()) return Value();
  if (py::isinstance<py::bool_>(h)) return Value(h.cast<bool>());
  if (py::isinstance<py::int_>(h)) {
    try {
      return Value(h.cast<int64_t>());
    } catch (const py::cast_error&) {
      throw StateError(where + ": " + std::string(py::repr(h)) +
                       " does not fit the engine's whole numbers (-2**63 .. 2**63 - 1)");
    }
  }
  if (py::isinstance<py::float_>(h)) {
    const double d = h.cast<double>();
    // Games are saved as JSON, which has no nan or inf.
    if (!std::isfinite(d)) throw StateError(where + ": " + std::string(py::repr(h)) + " cannot be saved (JSON has no such number)");
    return Value(d);
  }
  if (py::isinstance<py::str>(h)) {
    try {
      return Value(h.cast<std::string>());
    } catch (const std::exception&) {
      PyErr_Clear();
      throw StateError(where + ": " + std::string(py::repr(h)) + " is not valid Unicode text (a lone surrogate?)");
    }
  }
  if (py::isinstance<py::dict>(h)) {
    Value::Object o;
    for (auto item : h.cast<py::dict>()) {
      if (!py::isinstance<py::str>(item.first))
        throw StateError(where + ": object keys must be strings, not " +
                         std::string(py::str(py::type::of(item.first).attr("__name__"))));
      std::string key = item.first.cast<std::string>();
      o[key] = FromPy(item.second, where + "." + key, depth + 1);
    }
    return Value(std::move(o));
  }
  if (py::isinstance<py::list>(h) || py::isinstance<py::tuple>(h)) {
    Value::Array a;
    size_t i = 0;
    for (auto item : h) a.push_back(FromPy(item, where + "[" + std::to_string(i++) + "]", depth + 1));
    return Value(std::move(a));
  }
  throw StateError(where + ": cannot store a Python " +
                   std::string(py::str(py::type::of(h).attr("__name__"))) +
                   " (use None, bool, int, float, str, list or dict)");
}

py::dict EventToPy(const Event& e, int num_seats) {
  py::dict d;
  d["seq"] = e.seq;
  d["type"] = e.type;
  if (e.visible == kAllSeats) {
    d["visible_to"] = py::str("all");
  } else {
    py::list seats;
    for (int s = 0; s < num_seats && s < 64; ++s)
      if (e.visible & SeatBit(s)) seats.append(s);
    d["visible_to"] = seats;
  }
  d["data"] = ToPy(e.data());
  return d;
}

// ---- Ctrl-C ----------------------------------------------------------------------

// Thrown out of a long run (simulate's games) when Ctrl-C was pressed; RaiseInterrupt
// turns it into the Python exception once the GIL is held again.
struct Interrupted {};

// Between two games of a long run, without the GIL. In the main thread, Python's
// handlers run (KeyboardInterrupt, or whatever a program's own handler raises; a
// handler that raises nothing lets the run go on); in another thread, a SIGINT since
// the run began stops it with KeyboardInterrupt there too, so that Ctrl-C ends a pool
// of threads simulating rather than the main thread alone.
void StopIfInterrupted(python::EngineCall& call, bool main_thread) {
  if (main_thread) {
    if (!call.interrupted()) return;  // PyErr_CheckSignals only after a SIGINT: no GIL to take per game
    py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() != 0) throw Interrupted();
    call.Rebase();  // the program's own handler took it without raising: play on
  } else if (call.interrupted()) {
    throw Interrupted();
  }
}

[[noreturn]] void RaiseInterrupt() {
  if (!PyErr_Occurred()) PyErr_SetNone(PyExc_KeyboardInterrupt);
  throw py::error_already_set();
}

// ---- handles -------------------------------------------------------------------

struct Ruleset {
  LoadedDefinition loaded;
  std::string source;             // id or folder as given to load()
  std::vector<std::string> mods;  // as given
  // How saves name them (SaveName: folders absolute), fixed when loaded, so that
  // a save written after the program changed its working folder still replays.
  std::string saved_source;
  std::vector<std::string> saved_mods;
  // Held by every call that may run the rules' Lua (RulesCall): the games of one
  // Ruleset share one Lua state, which two threads must never run at once.
  // Recursive: while it is held, Python code may run in the same thread (a signal
  // handler between two games of simulate, a garbage collection freeing a RulesBot
  // of these rules while a value is converted), never inside a Lua call, and may call
  // these rules again.
  std::recursive_mutex engine;
};

// One call into a Ruleset's rules (python/src/engine_call.h): one thread at a time,
// and Ctrl-C stops the Lua it runs.
struct RulesCall : python::EngineCall {
  explicit RulesCall(Ruleset& rs) : EngineCall(rs.engine, rs.loaded.rules->sandbox().calls()) {}
};

// The definition's bot for one seat of one game, which keeps the Ruleset whose Lua
// it calls: its memory is released there, under the Ruleset's mutex, whichever
// thread drops the last reference to it.
struct RulesLock {
  std::shared_ptr<Ruleset> rs;
  std::unique_ptr<RulesCall> held;
};
struct PyRulesBot : RulesLock, DefinitionBot {
  PyRulesBot(std::shared_ptr<Ruleset> ruleset, const Game* game, int seat)
      : RulesLock{std::move(ruleset), nullptr}, DefinitionBot(rs->loaded.rules, game, seat), game(game) {}
  // Bases are destroyed after this body, DefinitionBot (which releases the memory in
  // Lua) before RulesLock (which lets the Ruleset go).
  ~PyRulesBot() override { held = std::make_unique<RulesCall>(*rs); }
  const Game* game;
};

struct PyGame {
  std::shared_ptr<Ruleset> rs;
  Game game;
  // The bots the save it was loaded from says played it (a save's "bots": random,
  // rules or auto; "" when it names none, or the game was not loaded from a save).
  std::string saved_bots;
};

const Zone& ZoneNamed(const PyGame& g, const std::string& zone) {
  const State& s = g.game.state();
  int z = s.ZoneIndex(zone);
  if (z < 0) throw StateError("unknown zone '" + zone + "'");
  return s.zones[static_cast<size_t>(z)];
}

py::dict OptionToPy(const OptionSpec& o) {
  py::dict d;
  d["id"] = o.id;
  d["type"] = o.type;
  d["default"] = ToPy(o.default_value);
  if (o.type == "int") {
    d["min"] = o.min == INT64_MIN ? py::object(py::none()) : py::object(py::int_(o.min));
    d["max"] = o.max == INT64_MAX ? py::object(py::none()) : py::object(py::int_(o.max));
  }
  if (o.type == "choice") d["choices"] = o.choices;
  d["help"] = o.help;
  return d;
}

py::dict DefinitionToPy(const Definition& def) {
  py::dict d;
  d["id"] = def.id;
  auto en = def.title.find("en");
  d["title"] = en != def.title.end() ? en->second : (def.title.empty() ? def.id : def.title.begin()->second);
  d["titles"] = def.title;
  d["min_players"] = def.min_players;
  d["max_players"] = def.max_players;
  py::list opts;
  for (const auto& o : def.options) opts.append(OptionToPy(o));
  d["options"] = opts;
  py::dict modes;
  for (const auto& m : def.modes) {
    py::dict mode;
    mode["help"] = m.help;
    mode["options"] = ToPy(m.options);
    mode["min_players"] = m.min_players;
    mode["max_players"] = m.max_players;
    modes[py::str(m.id)] = mode;
  }
  d["modes"] = modes;
  d["folder"] = def.folder;
  return d;
}

std::shared_ptr<Ruleset> LoadRuleset(const std::string& variant, const std::vector<std::string>& mods) {
  auto rs = std::make_shared<Ruleset>();
  {
    // Ctrl-C stops a script looping while it loads (its rules are no Ruleset yet).
    python::LoadCall call;
    try {
      rs->loaded = LoadPlayable(variant, mods);
    } catch (const Error&) {
      // The load failed because the script was stopped: the interrupt is what
      // happened (a program's own handler that raises nothing leaves the load's
      // error, which says it was stopped by Ctrl-C).
      if (call.interrupted() && (!python::OnMainThread() || PyErr_CheckSignals() != 0)) RaiseInterrupt();
      throw;
    }
  }
  rs->source = variant;
  rs->mods = mods;
  rs->saved_source = SaveName(variant);
  for (const auto& m : mods) rs->saved_mods.push_back(SaveName(m));
  return rs;
}

// The options a game is started with: those given, over the mode's when one is named.
Value OptionsOf(const Ruleset& rs, int players, const py::handle& options, const py::handle& mode) {
  Value opts = options.is_none() ? Value(Value::Object{}) : FromPy(options, "options");
  if (!opts.is_object()) throw StateError("options must be a dict of option id -> value");
  if (!mode.is_none()) opts = rs.loaded.def->OptionsInMode(py::cast<std::string>(mode), players, opts);
  return opts;
}

// `bots`: what parlor.play's built-in bots played the game from its start, as
// `parlor play --bots` records it ("" for none), so that load_game and --resume go
// on with them (docs/python.md, "Determinism").
Value SaveValue(const PyGame& g, const std::string& bots) {
  const State& s = g.game.state();
  SavedGame saved = MakeSave(g.rs->saved_source, g.rs->saved_mods, g.game, s.num_seats, s.seed, s.options);
  saved.bots = bots;
  return saved.ToValue();
}

// Re-creates the game from its seed, options and action history with the same
// rules and returns the first difference from the current state ("" = identical).
// Compared with the game itself, entry by entry: its whole Save(), some four times the
// size of its save's text, was made to compare with (bench/README.md, "Save memory").
std::string ReplayDifference(const PyGame& g) {
  const State& s = g.game.state();
  const ReplayResult r = Replay(g.rs->loaded, s.num_seats, s.seed, s.options, s.history, g.game);
  return r.diverged.empty() ? r.first_difference : "the replay diverged at " + r.diverged;
}

// A save (its final state is restored, and the bots it names are noted) or a bare
// state (Game.state(), format parlor-state-1), `v` parsed from the text by
// ParseKeepingLogs (core/json_lists.h): its log is read from the text entry by entry.
// `v` is taken apart as it is read, and what is read and no longer needed is freed
// before the state is made: a save of a long game is mostly its final state's log, and
// the parsed text, a copy of its final state (SavedGame::FromValue of a const Value)
// and the state made of it took some eleven times the save's size.
PyGame LoadGameValue(const std::shared_ptr<Ruleset>& rs, Value v, const KeptLists& kept) {
  auto load = [&](Value&& state) {
    return Game(rs->loaded.def, rs->loaded.rules, StateFromValueKeepingLogs(*rs->loaded.def, std::move(state), kept));
  };
  const bool bare_state = v.is_object() && v.Get("format").is_string() && v.Get("format").as_string() == "parlor-state-1";
  if (v.is_object() && v.Has("format") && !bare_state) {
    std::string bots;
    Value final_state;
    {
      SavedGame saved = SavedGame::FromValue(std::move(v));  // the header checked
      bots = std::move(saved.bots);
      final_state = std::move(saved.final_state);
    }  // the actions freed
    v = Value();
    return PyGame{rs, load(std::move(final_state)), std::move(bots)};
  }
  return PyGame{rs, load(std::move(v)), ""};
}

std::vector<std::string> StrList(const py::handle& h, const char* what) {
  if (py::isinstance<py::str>(h)) throw StateError(std::string(what) + " must be a list of ids, not a string");
  std::vector<std::string> out;
  for (auto x : h) {
    if (!py::isinstance<py::str>(x)) throw StateError(std::string(what) + " must hold strings (ids)");
    out.push_back(x.cast<std::string>());
  }
  return out;
}

// The native handles are not copied nor pickled themselves (a bare copy would hold
// no engine object): the package's Game and Ruleset do it, and the error says how.
template <class Class>
void RefuseCopies(Class& cls, const std::string& what, const std::string& way) {
  const std::string message = "parlor._parlor." + what + " is not copied or pickled itself: " + way;
  auto refuse = [message](const py::object&) -> py::object { throw py::type_error(message); };
  cls.def("__copy__", refuse)
      .def("__deepcopy__", [message](const py::object&, const py::object&) -> py::object {
        throw py::type_error(message);
      })
      .def("__reduce_ex__", [message](const py::object&, const py::object&) -> py::object {
        throw py::type_error(message);
      });
}

}  // namespace

PYBIND11_MODULE(_parlor, m) {
  m.doc() = "Native core of the parlor board-game engine (use the `parlor` package).";
  // Ctrl-C stops the rules' Lua (python/src/engine_call.h).
  python::NoteMainThread();
  python::ChainSigint();

  // Exceptions: the base first, so the more specific translators (registered later,
  // tried first) win.
  static py::exception<Error> base(m, "ParlorError");
  base.doc() = "Base of every error parlor raises on purpose.";
  static py::exception<DefinitionError> def_err(m, "DefinitionError", base.ptr());
  static py::exception<ScriptError> script_err(m, "ScriptError", base.ptr());
  static py::exception<IllegalAction> illegal_err(m, "IllegalActionError", base.ptr());
  static py::exception<StateError> state_err(m, "StateError", base.ptr());
  static py::exception<BoardError> board_err(m, "BoardError", def_err.ptr());
  // A message may quote what a script made of other bytes than UTF-8 (error("\255")),
  // which Python would not decode, leaving the exception without its message: such
  // bytes are shown as \xNN.
  py::register_exception_translator([](std::exception_ptr p) {
    auto text = [](const std::exception& e) { return ShowUtf8(e.what()); };
    try {
      if (p) std::rethrow_exception(p);
    } catch (const BoardError& e) {
      board_err(text(e).c_str());
    } catch (const DefinitionError& e) {
      def_err(text(e).c_str());
    } catch (const ScriptError& e) {
      // A hook stopped because Ctrl-C was pressed during the call (engine_call.h): the
      // interrupt is what happened. Under a handler of the program's own that raises
      // nothing, the hook's error stands; it says it was stopped by Ctrl-C, at its line.
      if (python::TakeInterrupted()) {
        if (!python::OnMainThread()) {
          PyErr_SetNone(PyExc_KeyboardInterrupt);
          return;
        }
        if (PyErr_CheckSignals() != 0) return;  // KeyboardInterrupt, or the program's handler's error
      }
      script_err(text(e).c_str());
    } catch (const IllegalAction& e) {
      illegal_err(text(e).c_str());
    } catch (const StateError& e) {
      state_err(text(e).c_str());
    } catch (const Error& e) {
      base(text(e).c_str());
    }
  });

  // An actor given from Python: an int (not a bool) a C int holds. Past one,
  // pybind11 listed the call's signatures; a bool was taken as seat 0 or 1.
  const auto actor_arg = [](const py::object& actor, const char* call) {
    if (py::isinstance<py::bool_>(actor) || !py::isinstance<py::int_>(actor))
      throw py::type_error(std::string(call) + ": actor is a seat (int), not " +
                           std::string(py::str(py::type::of(actor).attr("__name__"))));
    int overflow = 0;
    const long long n = PyLong_AsLongLongAndOverflow(actor.ptr(), &overflow);
    if (overflow != 0 || n < INT_MIN || n > INT_MAX)
      throw py::value_error(std::string(call) + ": actor " + std::string(py::str(actor)) + " is no seat");
    return static_cast<int>(n);
  };
  py::class_<Action>(m, "Action", "An action: a type, the acting seat and one-word arguments.")
      .def(py::init([actor_arg](std::string type, std::vector<std::string> args, const py::object& actor) {
             return Action{std::move(type), actor_arg(actor, "Action"), std::move(args)};
           }),
           py::arg("type"), py::arg("args") = std::vector<std::string>{}, py::arg("actor") = -1)
      .def_static("parse", [actor_arg](const std::string& text, const py::object& actor) {
                    return Action::Parse(text, actor_arg(actor, "Action.parse"));
                  }, py::arg("text"), py::arg("actor"),
                  "Parses canonical text ('move 7,4') for `actor`.")
      .def_readonly("type", &Action::type, "The action type ('roll', 'move', 'show', ...).")
      .def_readonly("actor", &Action::actor, "The seat taking the action.")
      .def_property_readonly("args", [](const Action& a) { return a.args; }, "The arguments (list of str).")
      .def_property_readonly("text", &Action::Text, "Canonical text: 'type arg1 arg2'.")
      .def("__str__", &Action::Text)
      .def("__repr__", [](const Action& a) { return "Action('" + a.Text() + "', actor=" + std::to_string(a.actor) + ")"; })
      .def("__eq__", [](const Action& a, const Action& b) { return a == b; })
      .def("__eq__", [](const Action& a, const std::string& text) { return a.Text() == text; })
      .def("__eq__", [](const Action&, const py::object&) { return false; })
      .def("__hash__", [](const Action& a) { return py::hash(py::str(a.Text())); })
      // Pickled as the call that makes it again, Action(type, args, actor): py::pickle
      // alone aborted the process under pickle protocols 0 and 1. Its __setstate__ is
      // kept for the pickles it made (protocol 2 and later).
      .def(py::pickle([](const Action& a) { return py::make_tuple(a.type, a.args, a.actor); },
                      [](py::tuple t) {
                        return Action{t[0].cast<std::string>(), t[2].cast<int>(), t[1].cast<std::vector<std::string>>()};
                      }))
      .def("__reduce__", [](const Action& a) {
        return py::make_tuple(py::type::of<Action>(), py::make_tuple(a.type, a.args, a.actor));
      });

  py::class_<Bot>(m, "NativeBot", "A bot implemented in the engine (RandomBot, RulesBot).");
  py::class_<RandomBot, Bot>(m, "RandomBot", "The core's uniformly random bot, with its own seeded generator.")
      .def(py::init<uint64_t>(), py::arg("seed"))
      // The generator where it stands: a deep copy of a game played by "random" bots
      // plays on as the game does (parlor.Game.__deepcopy__).
      .def("__copy__", [](const RandomBot& b) { return RandomBot(b); })
      .def("__deepcopy__", [](const RandomBot& b, py::dict) { return RandomBot(b); }, py::arg("memo"));

  py::class_<Ruleset, std::shared_ptr<Ruleset>> ruleset_class(m, "Ruleset");
  ruleset_class.def_property_readonly("id", [](const Ruleset& r) { return r.loaded.def->id; })
      .def_property_readonly("source", [](const Ruleset& r) { return r.source; })
      .def_property_readonly("mods", [](const Ruleset& r) { return r.mods; })
      .def_property_readonly("saved_names", [](const Ruleset& r) { return py::make_tuple(r.saved_source, r.saved_mods); })
      .def("info", [](const Ruleset& r) { return DefinitionToPy(*r.loaded.def); })
      .def("zones", [](const Ruleset& r) {
        py::list out;
        for (const auto& z : r.loaded.def->zones) {
          py::dict d;
          d["id"] = z.id;
          d["visibility"] = ZoneVisibilityName(z.visibility);
          d["per_seat"] = z.per_seat;
          d["ordered"] = z.ordered;
          out.append(d);
        }
        return out;
      })
      .def("cards", [](const Ruleset& r) {
        std::vector<std::string> out;
        for (const auto& c : r.loaded.def->cards) out.push_back(c.id);
        return out;
      })
      .def("card_categories", [](const Ruleset& r) {
        // Pairs, not a map: definition order is kept (a dict is made in _api.py).
        std::vector<std::pair<std::string, std::string>> out;
        for (const auto& c : r.loaded.def->cards) out.emplace_back(c.id, c.category);
        return out;
      })
      .def("pieces", [](const Ruleset& r) {
        std::vector<std::string> out;
        for (const auto& p : r.loaded.def->pieces) out.push_back(p.id);
        return out;
      })
      .def("hook_origins", [](const Ruleset& r) { return r.loaded.rules->hook_origins(); })
      .def("warnings", [](const Ruleset& r) { return yaml::NameKeyWarnings(*r.loaded.def); })
      // `parlor check` of the definition, with rules of the check's own (check_binding.h).
      .def("check", [](const Ruleset& r) { return CheckLoaded(r.loaded.def); })
      .def("name", [](const Ruleset& r, const std::string& id, const std::string& lang) {
        return r.loaded.def->Name(id, lang);
      }, py::arg("id"), py::arg("lang") = "en")
      .def("new_game",
           [](std::shared_ptr<Ruleset> rs, int players, uint64_t seed, py::object options, py::object mode) {
             const Value opts = OptionsOf(*rs, players, options, mode);
             RulesCall call(*rs);
             return PyGame{rs, rs->loaded.NewGame(players, seed, opts), ""};
           }, py::arg("players"), py::arg("seed") = 1, py::arg("options") = py::none(), py::arg("mode") = py::none())
      .def("simulate",
           [](std::shared_ptr<Ruleset> rs, int players, py::object options, py::object mode, const std::string& bots,
              int games, uint64_t seed, size_t max_actions) {
             const Value opts = OptionsOf(*rs, players, options, mode);
             RulesCall call(*rs);
             rs->loaded.NewGame(players, seed, opts);  // a refused set-up is said as such, not as game 1's failure
             std::vector<GameOutcome> outcomes;
             try {
               // The games need no Python: other threads run meanwhile (games of other
               // Rulesets at the same time). Ctrl-C is looked for after each game.
               py::gil_scoped_release no_gil;
               const bool main_thread = python::OnMainThread();
               outcomes = Simulate(rs->loaded, players, opts, bots, seed, games, max_actions,
                                   [&](const GameOutcome&) { StopIfInterrupted(call, main_thread); });
             } catch (const Interrupted&) {
               RaiseInterrupt();
             }
             py::list each;
             for (const auto& o : outcomes) each.append(ToPy(OutcomeValue(o)));
             py::dict d;
             d["outcomes"] = each;
             d["summary"] = ToPy(SummaryValue(outcomes, players));
             d["options"] = ToPy(opts);
             return d;
           }, py::arg("players"), py::arg("options"), py::arg("mode"), py::arg("bots"), py::arg("games"),
           py::arg("seed"), py::arg("max_actions"))
      .def("load_game",
           // A view of the str's UTF-8 (or of the bytes given), not a std::string: a
           // copy of a save of 100 MB is 100 MB more at the load's peak.
           [](std::shared_ptr<Ruleset> rs, py::object text) {
             // The view is taken once the engine is ours (RulesCall below), not as the call
             // begins: while RulesCall waits for another thread's use of the rules it lets
             // go of the GIL, and a bytearray given could be changed meanwhile, its buffer
             // freed under a view taken before (test_save_memory_s36).
             RulesCall call(*rs);
             py::detail::make_caster<std::string_view> text_caster;
             if (!text_caster.load(text, true))
               throw py::type_error(PyUnicode_Check(text.ptr())
                                        ? "load_game: the save's str is not UTF-8 (it holds a lone surrogate)"
                                        : "load_game: a save is JSON text (a str, bytes or bytearray), not " +
                                              std::string(py::str(py::type::of(text).attr("__name__"))));
             const std::string_view json = py::detail::cast_op<std::string_view>(text_caster);
             // The limit `parlor replay` and `--resume` keep (docs/cli.md): past it, the
             // parse alone takes gigabytes.
             if (json.size() > kMaxSaveBytes)
               throw StateError("a saved game of " + std::to_string(json.size()) + " bytes is more than the " +
                                std::to_string(kMaxSaveBytes / (1024 * 1024)) + " MB a saved game may have (docs/cli.md)");
             // The logs kept in the text and read entry by entry: a Value of the whole
             // save was the load's peak, some four times its size. Parsed once the
             // engine is ours: RulesCall may let go of the GIL while it waits for it,
             // and another thread could then change a bytearray given here between
             // the parse and the reading of the logs. The GIL is held from here on.
             KeptLists kept;
             Value v = ParseKeepingLogs(json, kept);
             return LoadGameValue(rs, std::move(v), kept);
           }, py::arg("json"));

  py::class_<PyRulesBot, Bot>(m, "RulesBot",
                            "The bot a definition ships in Lua (hooks.bot) for one seat of one game.")
      .def(py::init([](PyGame& g, int seat) {
             if (!g.rs->loaded.rules->HasHook("bot"))
               throw StateError(g.rs->loaded.def->id + " has no bot hook (hooks.bot)");
             if (seat < 0 || seat >= g.game.state().num_seats) throw StateError("no seat " + std::to_string(seat));
             RulesCall call(*g.rs);
             return new PyRulesBot(g.rs, &g.game, seat);
           }),
           py::arg("game"), py::arg("seat"), py::keep_alive<1, 2>());

  py::class_<PyGame> game_class(m, "Game");
  game_class.def_property_readonly("ruleset", [](const PyGame& g) { return g.rs; })
      .def("legal_actions", [](const PyGame& g) {
        RulesCall call(*g.rs);
        return g.game.LegalActions();
      })
      // Both return the action applied: the listed one a same_as hook names when the
      // action given is another way of writing it (history's last entry).
      .def("apply", [](PyGame& g, const Action& a) {
        RulesCall call(*g.rs);
        g.game.Apply(a);
        return g.game.state().history.back();
      }, py::arg("action"))
      .def("apply_text", [](PyGame& g, const std::string& t) {
        RulesCall call(*g.rs);
        g.game.Apply(Action::Parse(t, g.game.actor()));
        return g.game.state().history.back();
      }, py::arg("text"))
      .def("step_native", [](PyGame& g, Bot& bot) {
        // A rules bot calls its own Ruleset's Lua and reads its own game's log.
        if (auto* rules_bot = dynamic_cast<PyRulesBot*>(&bot); rules_bot && rules_bot->game != &g.game)
          throw StateError("a RulesBot plays only the game it was made for");
        RulesCall call(*g.rs);
        // A step that fails leaves the game as it was; the bot too (a random bot's
        // generator, a rules bot's memory and the log it was given), so that play
        // after the failure is the play without it (docs/python.md).
        bot.Keep();
        try {
          Action a = g.game.Legal().at(AskBot(g.game, bot));
          g.game.Apply(a);
          bot.Drop();
          return a;
        } catch (...) {
          bot.TakeBack();
          throw;
        }
      }, py::arg("bot"))
      .def_property_readonly("actor", [](const PyGame& g) { return g.game.actor(); })
      .def_property_readonly("turn", [](const PyGame& g) { return g.game.state().turn_seat; })
      .def_property_readonly("turn_number", [](const PyGame& g) { return g.game.state().turn_number; })
      .def_property_readonly("over", [](const PyGame& g) { return g.game.over(); })
      .def_property_readonly("winners", [](const PyGame& g) { return g.game.winners(); })
      .def_property_readonly("end_reason", [](const PyGame& g) { return g.game.state().end_reason; })
      .def_property_readonly("num_seats", [](const PyGame& g) { return g.game.state().num_seats; })
      .def_property_readonly("seed", [](const PyGame& g) { return g.game.state().seed; })
      .def_property_readonly("version", [](const PyGame& g) { return g.game.version(); })
      .def_property_readonly("history", [](const PyGame& g) { return g.game.state().history; })
      // Without copying the history (parlor.play reads it at each call).
      .def_property_readonly("history_size", [](const PyGame& g) { return g.game.state().history.size(); })
      .def_property_readonly("scores", [](const PyGame& g) {
        std::vector<int64_t> out;
        for (const auto& s : g.game.state().seats) out.push_back(s.score);
        return out;
      })
      .def_property_readonly("statuses", [](const PyGame& g) {
        std::vector<std::string> out;
        for (const auto& s : g.game.state().seats) out.push_back(s.status);
        return out;
      })
      .def("zone_cards", [](const PyGame& g, const std::string& zone) {
        std::vector<std::string> out;
        for (int c : ZoneNamed(g, zone).cards) out.push_back(g.game.definition().cards[static_cast<size_t>(c)].id);
        return out;
      }, py::arg("zone"))
      .def("zone_ids", [](const PyGame& g) {
        std::vector<std::string> out;
        for (const auto& z : g.game.state().zones) out.push_back(z.id);
        return out;
      })
      .def("zone_ordered", [](const PyGame& g, const std::string& zone) { return ZoneNamed(g, zone).ordered; }, py::arg("zone"))
      .def("state", [](const PyGame& g) { return ToPy(g.game.Save()); })
      .def("view", [](const PyGame& g, int seat) {
        Value v;
        {
          RulesCall call(*g.rs);
          v = g.game.View(seat);
        }
        return ToPy(v);
      }, py::arg("seat"))
      .def("log", [](const PyGame& g, int seat, size_t since) {
        py::list out;
        int n = g.game.state().num_seats;
        for (const auto& e : g.game.Log(seat, since)) out.append(EventToPy(e, n));
        return out;
      }, py::arg("seat"), py::arg("since") = 0)
      .def_property_readonly("log_size", [](const PyGame& g) { return g.game.LogSize(); })
      .def("clone", [](const PyGame& g) {
        RulesCall call(*g.rs);
        return PyGame{g.rs, g.game, ""};
      })
      .def("save_json", [](const PyGame& g, int indent, const std::string& bots) {
        // Written from the game, not from SaveValue's Value: the same text without
        // the whole state built first (bench/README.md, "Save writing (session 38)").
        const State& s = g.game.state();
        return SaveText(SaveHeader{g.rs->saved_source, g.rs->saved_mods, s.num_seats, s.seed, s.options, bots},
                        g.game, indent);
      }, py::arg("indent") = 1, py::arg("bots") = "")
      .def("save_file", [](const PyGame& g, const std::string& path, int indent, const std::string& bots) {
        // Written to the file as it is made, no text held (Game.save_file): a file
        // that cannot be written is an OSError, as Python's own open() raises.
        const State& s = g.game.state();
        try {
          WriteSaveFile(path, SaveHeader{g.rs->saved_source, g.rs->saved_mods, s.num_seats, s.seed, s.options, bots},
                        g.game, indent);
        } catch (const StateError& e) {
          PyErr_SetString(PyExc_OSError, e.what());
          throw py::error_already_set();
        }
      }, py::arg("path"), py::arg("indent") = 1, py::arg("bots") = "")
      .def("save_value", [](const PyGame& g, const std::string& bots) { return ToPy(SaveValue(g, bots)); },
           py::arg("bots") = "")
      .def_property_readonly("saved_bots", [](const PyGame& g) { return g.saved_bots; })
      .def("catch_up_random_bots", [](const PyGame& g, const std::map<int, RandomBot*>& bots) {
        // As `parlor play --resume` does along its replay (core/playout.h): a random
        // bot's generator is not in a save, so each bot is asked again at each of its
        // seat's decisions of the game, replayed from its seed and options, and has
        // then drawn what it drew when it played them. Done on copies, kept only when
        // the replay reaches this game's state: a game set up by edits or rigged
        // outcomes, or whose rules changed since its save, does not replay, and its
        // bots are left as they were (False).
        std::map<int, RandomBot> copies;
        for (const auto& [seat, bot] : bots) {
          if (bot == nullptr) throw StateError("catch_up_random_bots: no bot for seat " + std::to_string(seat));
          copies.emplace(seat, *bot);
        }
        const State& now = g.game.state();
        RulesCall call(*g.rs);
        Game again = g.rs->loaded.NewGame(now.num_seats, now.seed, now.options);
        try {
          CatchUpRandomBots(again, now.history, [&](int seat) -> RandomBot* {
            auto it = copies.find(seat);
            return it == copies.end() ? nullptr : &it->second;
          });
        } catch (const Error&) {
          // An action the rules (changed since the save?) refuse or fail on: no replay.
          if (call.interrupted()) throw;   // Ctrl-C: reported as such, the bots unchanged
          return false;
        }
        if (!(again.state() == now)) return false;
        for (auto& [seat, bot] : copies) *bots.at(seat) = bot;
        return true;
      }, py::arg("bots"))
      .def("replay_difference", [](const PyGame& g) {
        RulesCall call(*g.rs);
        return ReplayDifference(g);
      })
      .def("same_state", [](const PyGame& a, const PyGame& b) { return a.game.state() == b.game.state(); },
           py::arg("other"))
      .def("invariant_problem", [](const PyGame& g) { return CheckInvariants(g.game.definition(), g.game.state()); })
      .def("place_card", [](PyGame& g, const std::string& c, const std::string& z) {
        RulesCall call(*g.rs);
        g.game.PlaceCard(c, z);
      }, py::arg("card"), py::arg("zone"))
      .def("place_piece", [](PyGame& g, const std::string& p, const std::string& at) {
        RulesCall call(*g.rs);
        g.game.PlacePiece(p, at);
      }, py::arg("piece"), py::arg("place"))
      .def("rig_rolls", [](PyGame& g, const std::vector<int>& r) {
        RulesCall call(*g.rs);
        g.game.RigRolls(r);
      }, py::arg("rolls"))
      .def("clear_rigged", [](PyGame& g) {
        RulesCall call(*g.rs);
        g.game.ClearRigged();
      })
      .def("rig_shuffle", [](PyGame& g, const std::string& z, py::object order) {
        RulesCall call(*g.rs);
        g.game.RigShuffle(z, StrList(order, "a rigged shuffle order"));
      }, py::arg("zone"), py::arg("order"))
      .def("set_zone_order", [](PyGame& g, const std::string& z, py::object order) {
        RulesCall call(*g.rs);
        g.game.SetZoneOrder(z, StrList(order, "a zone order"));
      }, py::arg("zone"), py::arg("order"))
      .def("set_turn", [](PyGame& g, int seat) {
        RulesCall call(*g.rs);
        g.game.SetTurn(seat);
      }, py::arg("seat"))
      .def("set_var", [](PyGame& g, const std::string& key, py::object value) {
        RulesCall call(*g.rs);
        g.game.SetVar(key, FromPy(value, key));
      }, py::arg("key"), py::arg("value"))
      // One variable read without state(), whose cost grows with the log: a test
      // reading the card in play after every action spent 90% of its time there.
      .def("var", [](const PyGame& g, const std::string& key) -> py::object {
        return VarOf(g.game.state().vars, key);
      }, py::arg("key"))
      .def("seat_var", [](const PyGame& g, int seat, const std::string& key) -> py::object {
        if (seat < 0 || seat >= g.game.state().num_seats) throw StateError("no seat " + std::to_string(seat));
        return VarOf(g.game.state().seats[static_cast<size_t>(seat)].vars, key);
      }, py::arg("seat"), py::arg("key"))
      .def("set_seat_status", [](PyGame& g, int seat, const std::string& status) {
        RulesCall call(*g.rs);
        g.game.SetSeatStatus(seat, status);
      }, py::arg("seat"), py::arg("status"))
      .def("set_seat_var", [](PyGame& g, int seat, const std::string& key, py::object value) {
        RulesCall call(*g.rs);
        g.game.SetSeatVar(seat, key, FromPy(value, key));
      }, py::arg("seat"), py::arg("key"), py::arg("value"))
      .def("set_score", [](PyGame& g, int seat, int64_t score) {
        RulesCall call(*g.rs);
        g.game.SetScore(seat, score);
      }, py::arg("seat"), py::arg("score"))
      // What a seat plays (hook seat_name): the id or text the rules give ("" for
      // none), and the same by its display name in `lang`. parlor.Game.seat_name.
      .def("seat_name", [](const PyGame& g, int seat) {
        RulesCall call(*g.rs);
        return g.game.SeatName(seat);
      }, py::arg("seat"))
      .def("seat_display_name", [](const PyGame& g, int seat, const std::string& lang) {
        RulesCall call(*g.rs);
        return g.game.SeatDisplayName(seat, lang);
      }, py::arg("seat"), py::arg("lang") = "en")
      // The seat's detective notebook (hooks.notebook), None when the rules keep none.
      // parlor.Game.notebook.
      .def("notebook", [](const PyGame& g, int seat) -> py::object {
        std::optional<SeatNotebook> notebook;
        {
          RulesCall call(*g.rs);
          notebook = NotebookOf(g.game, seat);
        }
        return notebook ? ToPy(NotebookValue(g.game.definition(), *notebook)) : py::object(py::none());
      }, py::arg("seat"))
      .def("piece_place", [](const PyGame& g, const std::string& piece) -> py::object {
        int p = g.game.definition().PieceIndex(piece);
        if (p < 0) throw StateError("unknown piece '" + piece + "'");
        PlaceIndex at = g.game.state().piece_place[static_cast<size_t>(p)];
        if (at == kNoPlace) return py::none();
        return py::str(g.game.definition().board->place(at).id);
      }, py::arg("piece"));

  RefuseCopies(ruleset_class, "Ruleset", "use parlor.load (a parlor.Ruleset pickles as its id or folder and mods)");
  RefuseCopies(game_class, "Game",
               "use Game.clone(), copy.deepcopy(game), or Game.save() and parlor.load_game (a parlor.Game pickles "
               "as its save)");
  BindDeductionNotes(m);
  BindCheck(m);
  m.def("load_ruleset", &LoadRuleset, py::arg("variant"), py::arg("mods") = std::vector<std::string>{});
  m.def("variant_ids", []() { return ListDefinitions(DefaultSearchPath()); });
  m.def("definition_info", [](const std::string& id) {
    auto def = LoadDefinition(id);
    return DefinitionToPy(*def);
  }, py::arg("id"));
  m.def("data_dir", &DataDir, "The folder holding variants/ and mods/ ($PARLOR_HOME or the compiled-in one).");
  m.def("search_path", &DefaultSearchPath);
  m.def("conformance_cases", [](std::shared_ptr<Ruleset> rs, int players, const std::string& mode) {
    py::list out;
    for (const auto& c : conformance::CasesFor(*rs->loaded.def, players, mode)) out.append(py::make_tuple(c.seats, c.mode));
    return out;
  }, py::arg("ruleset"), py::arg("players") = 0, py::arg("mode") = "");
  m.def("conform", [](std::shared_ptr<Ruleset> rs, int seats, const std::string& mode, int games, uint64_t seed,
                      size_t max_actions, py::object options, const std::string& policy) {
    const conformance::Policy how = conformance::ParsePolicy(policy, "conform: policy");
    conformance::Case c{seats, mode};
    if (!options.is_none()) c.options = FromPy(options, "options");
    // Options the definition refuses are refused before any game, as new_game does
    // (only when given: a game started here runs the setup hook once more, which
    // rules keeping state in Lua, a failure the suite reports, would notice).
    RulesCall call(*rs);
    if (c.options.is_object() && !c.options.as_object().empty())
      rs->loaded.NewGame(seats, seed, conformance::CaseConfig(rs->loaded, c, 1, seed).options);
    conformance::Report r;
    {
      py::gil_scoped_release no_gil;  // as simulate: other threads run meanwhile
      r = conformance::RunCase(rs->loaded, c, games, seed, max_actions, how);
    }
    // Ctrl-C stopped the Lua of the games played since (each a failure of the
    // report): the interrupt is what happened, not those failures.
    if (call.interrupted() && (!python::OnMainThread() || PyErr_CheckSignals() != 0)) RaiseInterrupt();
    py::dict d;
    d["games"] = r.games;
    d["actions"] = r.actions;
    d["games_by_type"] = r.games_by_type;  // of them, drawn by action type first (policy)
    d["actions_by_type"] = r.actions_by_type;
    d["failures"] = r.failures;
    d["notes"] = r.notes;  // what could not be checked, and why (the first few)
    d["notes_left_off"] = r.notes_left_off;
    return d;
  }, py::arg("ruleset"), py::arg("seats"), py::arg("mode"), py::arg("games"), py::arg("seed"),
     py::arg("max_actions") = 0, py::arg("options") = py::none(), py::arg("policy") = "both");
  m.attr("MAX_SAVE_BYTES") = py::int_(static_cast<uint64_t>(kMaxSaveBytes));
  m.def("loads_state", [](const std::string& json) { return ToPy(Value::FromJson(json)); }, py::arg("json"));
  BindSaveHeader(m);
}
