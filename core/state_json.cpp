// State <-> Value (the JSON save format). Cards, pieces, places and zones are
// written by id so saves are readable and survive reordering of a definition.
#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>

#include "core/errors.h"
#include "core/game.h"
#include "core/json_lists.h"
#include "core/rigged_order.h"
#include "core/state.h"
#include "core/utf8.h"

namespace parlor {

namespace {

Value MaskToValue(SeatMask m) {
  if (m == kAllSeats) return Value("all");
  Value::Array a;
  for (int s = 0; s < 64; ++s)
    if (m & SeatBit(s)) a.push_back(s);
  return Value(std::move(a));
}

SeatMask MaskFromValue(const Value& v) {
  if (v.is_string() && v.as_string() == "all") return kAllSeats;
  SeatMask m = 0;
  for (const auto& s : v.as_array()) {
    int64_t i = s.as_int();
    if (i < 0 || i >= 64) throw StateError("seat " + std::to_string(i) + " out of range in a mask");
    m |= SeatBit(static_cast<int>(i));
  }
  return m;
}

Value ActionToValue(const Action& a) {
  Value v;
  v["actor"] = a.actor;
  v["text"] = a.Text();
  return v;
}

}  // namespace

Value State::ToValue(const Definition& def) const {
  Value v = ToValueWithoutLog(def);
  Value::Array log_list;
  log_list.reserve(log.size());
  for (size_t i = 0; i < log.size(); ++i) log_list.push_back(LogEntryValue(i));
  v["log"] = std::move(log_list);
  Value::Array hist;
  hist.reserve(history.size());
  for (const auto& a : history) hist.push_back(HistoryEntryValue(a));
  v["history"] = std::move(hist);
  return v;
}

Value State::LogEntryValue(size_t i) const {
  const Event e = log[i];
  Value ev;
  ev["seq"] = e.seq;
  ev["type"] = e.type;
  ev["visible"] = MaskToValue(e.visible);
  ev["data"] = e.data();
  return ev;
}

Value State::HistoryEntryValue(const Action& a) { return ActionToValue(a); }

Value State::ToValueWithoutLog(const Definition& def) const {
  Value v;
  v["format"] = "parlor-state-1";
  v["definition"] = def.id;
  v["num_seats"] = num_seats;
  v["seed"] = std::to_string(seed);
  v["options"] = options;
  v["rng"]["version"] = Rng::kVersion;
  v["rng"]["state"] = rng.Save();
  Value::Array rolls;
  for (int r : rigged_rolls) rolls.push_back(r);
  v["rigged"]["rolls"] = std::move(rolls);
  Value shuffles = Value(Value::Object{});
  for (const auto& [zone, orders] : rigged_shuffles) {
    Value::Array list;
    for (const auto& order : orders) {
      Value::Array ids;
      for (const auto& id : order) ids.push_back(id);
      list.push_back(std::move(ids));
    }
    shuffles[zone] = std::move(list);
  }
  v["rigged"]["shuffles"] = std::move(shuffles);

  Value::Array seat_list;
  for (const auto& s : seats) {
    Value sv;
    sv["status"] = s.status;
    sv["team"] = s.team;
    sv["score"] = s.score;
    sv["vars"] = s.vars;
    seat_list.push_back(std::move(sv));
  }
  v["seats"] = std::move(seat_list);

  std::vector<Value::Object::value_type> pieces;  // sorted once (as Game::View's)
  pieces.reserve(piece_place.size());
  for (size_t i = 0; i < piece_place.size(); ++i)
    pieces.emplace_back(def.pieces[i].id,
                        piece_place[i] == kNoPlace ? Value() : Value(def.board->place(piece_place[i]).id));
  v["pieces"] = Value(Value::Object::FromPairs(std::move(pieces)));

  Value::Array zone_list;
  for (const auto& z : zones) {
    Value zv;
    zv["id"] = z.id;
    zv["revealed"] = MaskToValue(z.revealed);
    Value::Array cards;
    for (int c : z.cards) cards.push_back(def.cards[static_cast<size_t>(c)].id);
    zv["cards"] = std::move(cards);
    zone_list.push_back(std::move(zv));
  }
  v["zones"] = std::move(zone_list);

  v["turn_seat"] = turn_seat;
  v["actor"] = actor;
  v["turn_number"] = turn_number;
  if (turn_direction != 1) v["turn_direction"] = turn_direction;  // saves of other games unchanged
  v["over"] = over;
  Value::Array w;
  for (int x : winners) w.push_back(x);
  v["winners"] = std::move(w);
  v["end_reason"] = end_reason;
  v["vars"] = vars;
  return v;
}

namespace {

// A text of the file quoted in a message: cut, on one line (a 1 MB id was quoted
// whole).
std::string Q(const std::string& text) { return ShowControls(CutText(text)); }

// An error already naming its key path: an enclosing At passes it on unchanged.
class KeyedStateError : public StateError {
 public:
  using StateError::StateError;
};

// Runs `read`, naming key path `path` of the saved state in any error it throws:
// "expected an integer, got object" alone did not say where in a file of 200 KB
// the wrong value was (Python's load_game showed no more than that).
template <class F>
auto At(const std::string& path, F&& read) -> decltype(read()) {
  try {
    return read();
  } catch (const KeyedStateError&) {
    throw;
  } catch (const Error& e) {
    throw KeyedStateError((path.empty() ? std::string("saved state: ") : "saved state, key '" + path + "': ") + e.what());
  }
}

// An object of a saved state holds only the keys a save writes: an unknown one (a
// typo in a hand edit, "\u0000data" for "data") was dropped without a word, and the
// key it was meant for read as null.
void OnlyKeys(const Value& v, std::initializer_list<const char*> keys) {
  if (!v.is_object()) throw StateError("expected an object, got " + Q(v.ToJson()));
  // Not a structured binding: clang 14 (the fuzzing build's compiler) lets no lambda use one.
  for (const auto& entry : v.as_object()) {
    const std::string& key = entry.first;
    if (std::find_if(keys.begin(), keys.end(), [&](const char* k) { return key == k; }) != keys.end()) continue;
    std::string known;
    for (const char* k : keys) known += (known.empty() ? "" : ", ") + std::string(k);
    throw StateError("unknown key '" + Q(key) + "' (expected " + known + ")");
  }
}

// A seat number read from a saved state: 0 .. num_seats - 1 (or -1 when `none_ok`:
// no seat, as a finished game's actor).
int SeatOf(const Value& v, int num_seats, bool none_ok) {
  const int64_t seat = v.as_int();
  if ((seat < 0 || seat >= num_seats) && !(none_ok && seat == -1))
    throw StateError("expected a seat from " + std::string(none_ok ? "-1 (none) or " : "") + "0 to " +
                     std::to_string(num_seats - 1) + " (the state has " + std::to_string(num_seats) +
                     " seats), got " + std::to_string(seat));
  return static_cast<int>(seat);
}

SeatMask MaskOf(const Value& v, int num_seats) {
  const SeatMask m = MaskFromValue(v);
  if (m != kAllSeats && num_seats < 64 && (m >> num_seats) != 0)
    throw StateError("a seat in " + Q(v.ToJson()) + " is not one of the state's " + std::to_string(num_seats) + " seats");
  return m;
}

// The value under `key` of `v` when `consume` (the caller gave `v` up:
// StateFromValueKeepingLogs), to be moved from; nullptr otherwise, or when `v` has no such key, so that
// the caller copies. `v` is then no const object, only seen through a const reference.
Value* Consumable(const Value& v, std::string_view key, bool consume) {
  if (!consume || !v.is_object()) return nullptr;
  auto& object = const_cast<Value&>(v).as_object();
  auto it = object.find(key);
  return it == object.end() ? nullptr : &it->second;
}

// A copy of `v`'s `key`, or the value itself moved out when the caller gave `v` up.
Value TakeOrCopy(const Value& v, std::string_view key, bool consume) {
  if (Value* owned = Consumable(v, key, consume)) return std::move(*owned);
  return v.Get(key);
}

// Frees a value of a saved state once read (StateFromValueKeepingLogs): the
// entries of a long log, kept until the end, doubled the memory a load needed.
void Release(const Value& v, bool consume) {
  if (consume) Value().swap(const_cast<Value&>(v));
}

// An engine's "action" or "turn" event read from a save, kept as the log keeps the
// events it records (a record of numbers and the action's text, its data built when
// read) rather than whole, as in the game that was played: an event kept whole (an Event
// and its data's object, some 300 bytes) takes ten times a record (32 bytes and the
// text) of a long game's log. Only when the data is exactly what the record builds again (the
// fields, their kinds, the action's text canonical); false, nothing added, otherwise.
bool AddAsRecord(EventLog& log, const std::string& type, SeatMask visible, const Value& data) {
  if (!data.is_object() || data.as_object().size() != 2) return false;
  auto small_int = [](const Value& x) {
    return x.is_int() && x.as_int() >= INT32_MIN && x.as_int() <= INT32_MAX;
  };
  if (type == "action") {
    const Value& text = data.Get("action");
    const Value& seat = data.Get("seat");
    if (!text.is_string() || !small_int(seat)) return false;
    Action action;
    try {
      action = Action::Parse(text.as_string(), static_cast<int>(seat.as_int()));
    } catch (const Error&) {
      return false;
    }
    if (action.Text() != text.as_string()) return false;
    log.AddAction(action, visible);
    return true;
  }
  if (type == "turn" && visible == kAllSeats) {
    const Value& seat = data.Get("seat");
    const Value& turn = data.Get("turn");
    if (!small_int(seat) || !turn.is_int()) return false;
    log.AddTurn(static_cast<int>(seat.as_int()), turn.as_int());
    return true;
  }
  return false;
}

// State::FromValue's reading; with `consume`, `v` is taken apart as it is read (see the
// functions above).
// With `kept`, a log that ParseKeepingLogs kept in the text is read from it.
State ReadState(const Definition& def, const Value& v, bool consume, const KeptLists* kept = nullptr);

}  // namespace

State State::FromValue(const Definition& def, const Value& v) { return ReadState(def, v, false); }

State StateFromValueKeepingLogs(const Definition& def, Value&& v, const KeptLists& kept) {
  return ReadState(def, v, true, &kept);
}

namespace {

State ReadState(const Definition& def, const Value& v, bool consume, const KeptLists* kept) {
  if (!v.is_object()) throw StateError("a saved state must be a JSON object, not " + Q(v.ToJson()));
  if (!v.Get("format").is_string() || v.Get("format").as_string() != "parlor-state-1")
    throw StateError("not a parlor state (key 'format': 'parlor-state-1' expected, got " +
                     Q(v.Get("format").ToJson()) + ")");
  At("definition", [&] {
    if (v.Get("definition").as_string() != def.id)
      throw StateError("the state is of '" + Q(v.Get("definition").as_string()) + "', not of '" + def.id + "'");
  });
  At("rng.version", [&] {
    if (v.Get("rng").Get("version").as_string() != Rng::kVersion)
      throw StateError("the state uses RNG '" + Q(v.Get("rng").Get("version").as_string()) + "'; this engine has '" +
                       Rng::kVersion + "'");
  });
  At("", [&] {
    OnlyKeys(v, {"format", "definition", "num_seats", "seed", "options", "rng", "rigged", "seats", "pieces", "zones",
                 "turn_seat", "actor", "turn_number", "turn_direction", "over", "winners", "end_reason", "vars", "log",
                 "history"});
  });
  At("rng", [&] { OnlyKeys(v.Get("rng"), {"version", "state"}); });
  At("rigged", [&] { OnlyKeys(v.Get("rigged"), {"rolls", "shuffles"}); });
  State s;
  At("num_seats", [&] {
    const int64_t n = v.Get("num_seats").as_int();
    if (n < 1 || n > 64) throw StateError("expected a number of seats from 1 to 64, got " + std::to_string(n));
    s.num_seats = static_cast<int>(n);
  });
  At("seed", [&] { s.seed = ParseSeedText(v.Get("seed").as_string()); });
  At("options", [&] {
    s.options = TakeOrCopy(v, "options", consume);
    if (!s.options.is_object()) throw StateError("expected an object of option id -> value, got " + Q(s.options.ToJson()));
  });
  At("rng.state", [&] {
    const std::string& text = v.Get("rng").Get("state").as_string();
    s.rng.Load(text);
    // xoshiro's one state that never leaves itself: every "random" draw would be 0.
    if (text.find_first_not_of('0') == std::string::npos) throw StateError("an all-zero RNG state is no RNG state");
  });
  At("rigged.rolls", [&] {
    const auto& rolls = v.Get("rigged").Get("rolls").as_array();
    for (size_t i = 0; i < rolls.size(); ++i) {
      const int64_t r = At("rigged.rolls[" + std::to_string(i) + "]", [&] { return rolls[i].as_int(); });
      // As Game::RigRolls takes them; whether the die has that face is known at the roll.
      if (r < 1 || r > INT32_MAX) throw StateError("a rigged roll is a die's face from 1, not " + std::to_string(r));
      s.rigged_rolls.push_back(static_cast<int>(r));
    }
  });
  At("seats", [&] {
    const auto& seats = v.Get("seats").as_array();
    if (seats.size() != static_cast<size_t>(s.num_seats))
      throw StateError(std::to_string(seats.size()) + " seats listed, but num_seats is " + std::to_string(s.num_seats));
    for (size_t i = 0; i < seats.size(); ++i) {
      const Value& sv = seats[i];
      const std::string path = "seats[" + std::to_string(i) + "]";
      At(path, [&] { OnlyKeys(sv, {"status", "team", "score", "vars"}); });
      Seat seat;
      At(path + ".status", [&] { seat.status = sv.Get("status").as_string(); });
      At(path + ".team", [&] {
        const int64_t team = sv.Get("team").as_int();
        if (team < -1 || team > 63) throw StateError("expected a team from -1 (none) to 63, got " + std::to_string(team));
        seat.team = static_cast<int>(team);
      });
      At(path + ".score", [&] { seat.score = sv.Get("score").as_int(); });
      // Saves write every seat's `vars` (null for none), as every event's `data`: one
      // left out was read as null, and the state loaded (Python's load_game) held
      // `"vars": null` where the save held nothing (fuzz-saves seed 7, case 63).
      At(path + ".vars", [&] {
        if (!sv.Has("vars"))
          throw StateError("missing: every seat holds its variables under 'vars' (null for none), as saves write it");
      });
      seat.vars = TakeOrCopy(sv, "vars", consume);
      At(path + ".vars", [&] {
        if (!seat.vars.is_null() && !seat.vars.is_object())
          throw StateError("expected an object of the seat's variables, got " + Q(seat.vars.ToJson()));
      });
      s.seats.push_back(std::move(seat));
    }
  });

  s.piece_place.assign(def.pieces.size(), kNoPlace);
  At("pieces", [&] {
    for (const auto& entry : v.Get("pieces").as_object()) {  // no structured binding (clang 14's lambdas)
      const std::string& id = entry.first;
      const Value& place = entry.second;
      At("pieces." + Q(id), [&] {
        int p = def.PieceIndex(id);
        if (p < 0) throw StateError("unknown piece '" + Q(id) + "'");
        if (place.is_null()) return;
        PlaceIndex at = def.board ? def.board->Find(place.as_string()) : kNoPlace;
        if (at == kNoPlace) throw StateError("unknown place '" + Q(place.as_string()) + "'");
        s.piece_place[static_cast<size_t>(p)] = at;
      });
    }
  });

  // Zones are rebuilt from the definition so visibility and ownership cannot be
  // forged by a save; only contents and reveals come from the file.
  s.zones = MakeZones(def, s.num_seats);
  s.zone_ids = ZoneIdIndex::Of(s.zones);
  s.card_zone.assign(def.cards.size(), -1);
  At("zones", [&] {
    const auto& zones = v.Get("zones").as_array();
    std::vector<uint8_t> listed(s.zones.size(), 0);  // by zone index (a save may list thousands)
    for (size_t i = 0; i < zones.size(); ++i) {
      const Value& zv = zones[i];
      const std::string path = "zones[" + std::to_string(i) + "]";
      At(path, [&] { OnlyKeys(zv, {"id", "revealed", "cards"}); });
      const int zi = At(path + ".id", [&] {
        int z = s.ZoneIndex(zv.Get("id").as_string());
        if (z < 0) throw StateError("unknown zone '" + Q(zv.Get("id").as_string()) + "'");
        // Listed twice, its cards were added up and the second reveal won.
        if (listed[static_cast<size_t>(z)])
          throw StateError("zone '" + Q(zv.Get("id").as_string()) + "' is listed twice");
        listed[static_cast<size_t>(z)] = 1;
        return z;
      });
      Zone& z = s.zones[static_cast<size_t>(zi)];
      At(path + ".revealed", [&] { z.revealed = MaskOf(zv.Get("revealed"), s.num_seats); });
      At(path + ".cards", [&] {
        for (const auto& c : zv.Get("cards").as_array()) {
          int ci = def.CardIndex(c.as_string());
          if (ci < 0) throw StateError("unknown card '" + Q(c.as_string()) + "'");
          if (s.card_zone[static_cast<size_t>(ci)] >= 0)
            throw StateError("card '" + Q(c.as_string()) + "' is in two zones (" +
                             s.zones[static_cast<size_t>(s.card_zone[static_cast<size_t>(ci)])].id + " and " + z.id + ")");
          s.card_zone[static_cast<size_t>(ci)] = zi;
          z.cards.push_back(ci);
        }
      });
    }
    for (size_t c = 0; c < s.card_zone.size(); ++c)
      if (s.card_zone[c] < 0) throw StateError("card '" + def.cards[c].id + "' is in no zone");
  });

  // After the zones: a rigged order is of a zone the state has.
  At("rigged.shuffles", [&] {
    for (const auto& entry : v.Get("rigged").Get("shuffles").as_object()) {  // as the pieces' loop
      const std::string& zone = entry.first;
      const Value& orders = entry.second;
      const std::string path = "rigged.shuffles." + Q(zone);
      At(path, [&] {
        if (s.ZoneIndex(zone) < 0) throw StateError("unknown zone '" + Q(zone) + "'");
        auto& q = s.rigged_shuffles[zone];
        for (const auto& order : orders.as_array()) {
          std::vector<std::string> ids;
          for (const auto& id : order.as_array()) ids.push_back(id.as_string());
          const std::string problem = RiggedOrderProblem(def, ids);
          if (!problem.empty()) throw StateError(problem);
          q.push_back(std::move(ids));
        }
      });
    }
  });
  s.over = At("over", [&] { return v.Get("over").as_bool(); });
  s.turn_seat = At("turn_seat", [&] { return SeatOf(v.Get("turn_seat"), s.num_seats, true); });
  // A game over has no actor (-1); one going on has one, whom it waits for.
  s.actor = At("actor", [&] { return SeatOf(v.Get("actor"), s.num_seats, s.over); });
  s.turn_number = At("turn_number", [&] {
    const int64_t n = v.Get("turn_number").as_int();
    if (n < 0) throw StateError("expected a turn number from 0, got " + std::to_string(n));
    return n;
  });
  if (v.Has("turn_direction")) {
    At("turn_direction", [&] {
      const int64_t d = v.Get("turn_direction").as_int();
      if (d != 1 && d != -1) throw StateError("expected 1 or -1, got " + std::to_string(d));
      s.turn_direction = static_cast<int>(d);
    });
  }
  At("winners", [&] {
    for (const auto& w : v.Get("winners").as_array()) s.winners.push_back(SeatOf(w, s.num_seats, false));
  });
  s.end_reason = At("end_reason", [&] { return v.Get("end_reason").as_string(); });
  At("vars", [&] {  // as a seat's
    if (!v.Has("vars"))
      throw StateError("missing: the state holds the game's variables under 'vars' (null for none), as saves write it");
  });
  s.vars = TakeOrCopy(v, "vars", consume);
  At("vars", [&] {
    if (!s.vars.is_null() && !s.vars.is_object())
      throw StateError("expected an object of the game's variables, got " + Q(s.vars.ToJson()));
  });
  At("log", [&] {
    // A log ParseKeepingLogs kept in its text: each entry parsed here, read, dropped.
    const auto* kept_log = kept ? kept->Of(v.Get("log")) : nullptr;
    const size_t n = kept_log ? kept_log->size() : v.Get("log").as_array().size();
    for (size_t i = 0; i < n; ++i) {
      Value parsed = kept_log ? kept->Entry(*kept_log, i) : Value();
      const Value& ev = kept_log ? parsed : v.Get("log").as_array()[i];
      const bool consume_entry = consume || kept_log;
      const std::string path = "log[" + std::to_string(i) + "]";
      At(path, [&] { OnlyKeys(ev, {"seq", "type", "visible", "data"}); });
      // An event's seq is its place in the log (saves write it so); a save that says
      // otherwise was edited or damaged.
      At(path + ".seq", [&] {
        const int64_t seq = ev.Get("seq").as_int();
        if (seq != static_cast<int64_t>(i))
          throw StateError("expected " + std::to_string(i) + " (an event's seq is its place in the log), got " +
                           std::to_string(seq));
      });
      Event e;
      At(path + ".type", [&] { e.type = ev.Get("type").as_string(); });
      At(path + ".visible", [&] { e.visible = MaskOf(ev.Get("visible"), s.num_seats); });
      // Saves write every event's `data` (null for an event without fields). One left
      // out was read as null: Python's load_game took the save, and its state() then
      // held `"data": null` where the save held nothing, a state other than the one
      // saved (fuzz-saves seed 35, case 116: an engine `turn` event without its seat).
      At(path + ".data", [&] {
        if (!ev.is_object() || !ev.Has("data"))
          throw StateError("missing: every event holds its fields under 'data' (null for none), as saves write it");
      });
      Value data = TakeOrCopy(ev, "data", consume_entry);
      if (!AddAsRecord(s.log, e.type, e.visible, data)) {
        e.set_data(std::move(data));
        s.log.Add(std::move(e));
      }
      Release(ev, consume_entry);
    }
  });
  At("history", [&] {
    const auto& history = v.Get("history").as_array();
    for (size_t i = 0; i < history.size(); ++i) {
      const Value& av = history[i];
      At("history[" + std::to_string(i) + "]", [&] {
        if (!av.is_object() || !av.Get("text").is_string() || !av.Get("actor").is_int())
          throw StateError("expected {\"actor\": seat, \"text\": \"type arg ...\"}, got " + Q(av.ToJson()));
        OnlyKeys(av, {"actor", "text"});
        const int actor = SeatOf(av.Get("actor"), s.num_seats, false);
        s.history.push_back(Action::Parse(av.Get("text").as_string(), actor));
      });
      Release(av, consume);
    }
  });
  // What the engine keeps true of every state it makes (pieces within a place's
  // capacity, on their own lanes): a save must not load a state no game reaches.
  const std::string problem = CheckInvariants(def, s);
  if (!problem.empty()) throw StateError("saved state: " + problem);
  return s;
}

}  // namespace

uint64_t ParseSeedText(const std::string& text) {
  const bool digits = !text.empty() && text.size() <= 20 && text.find_first_not_of("0123456789") == std::string::npos;
  if (digits) {
    // Twenty digits may still pass 2^64 - 1: stoull says so (out_of_range).
    try {
      return std::stoull(text);
    } catch (const std::out_of_range&) {
    }
  }
  throw StateError("expected the seed as decimal digits in a text (0 .. 18446744073709551615), got '" + text + "'");
}

}  // namespace parlor
