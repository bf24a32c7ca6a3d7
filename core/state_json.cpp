// State <-> Value (the JSON save format). Cards, pieces, places and zones are
// written by id so saves are readable and survive reordering of a definition.
#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/errors.h"
#include "core/state.h"

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

  Value pieces = Value(Value::Object{});
  for (size_t i = 0; i < piece_place.size(); ++i)
    pieces[def.pieces[i].id] = piece_place[i] == kNoPlace ? Value() : Value(def.board->place(piece_place[i]).id);
  v["pieces"] = std::move(pieces);

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

  Value::Array log_list;
  for (const Event& e : log) {
    Value ev;
    ev["seq"] = e.seq;
    ev["type"] = e.type;
    ev["visible"] = MaskToValue(e.visible);
    ev["data"] = e.data();
    log_list.push_back(std::move(ev));
  }
  v["log"] = std::move(log_list);
  Value::Array hist;
  for (const auto& a : history) hist.push_back(ActionToValue(a));
  v["history"] = std::move(hist);
  return v;
}

State State::FromValue(const Definition& def, const Value& v) {
  if (!v.is_object()) throw StateError("a saved state must be a JSON object");
  if (v.Get("format").is_null() || v.Get("format").as_string() != "parlor-state-1")
    throw StateError("not a parlor state (format 'parlor-state-1' expected)");
  if (v.Get("definition").as_string() != def.id)
    throw StateError("the state is of '" + v.Get("definition").as_string() + "', not of '" + def.id + "'");
  if (v.Get("rng").Get("version").as_string() != Rng::kVersion)
    throw StateError("the state uses RNG '" + v.Get("rng").Get("version").as_string() +
                     "'; this engine has '" + Rng::kVersion + "'");
  State s;
  s.num_seats = static_cast<int>(v.Get("num_seats").as_int());
  s.seed = ParseSeedText(v.Get("seed").as_string());
  s.options = v.Get("options");
  s.rng.Load(v.Get("rng").Get("state").as_string());
  for (const auto& r : v.Get("rigged").Get("rolls").as_array()) s.rigged_rolls.push_back(static_cast<int>(r.as_int()));
  for (const auto& [zone, orders] : v.Get("rigged").Get("shuffles").as_object()) {
    auto& q = s.rigged_shuffles[zone];
    for (const auto& order : orders.as_array()) {
      std::vector<std::string> ids;
      for (const auto& id : order.as_array()) ids.push_back(id.as_string());
      q.push_back(std::move(ids));
    }
  }
  for (const auto& sv : v.Get("seats").as_array()) {
    Seat seat;
    seat.status = sv.Get("status").as_string();
    seat.team = static_cast<int>(sv.Get("team").as_int());
    seat.score = sv.Get("score").as_int();
    seat.vars = sv.Get("vars");
    s.seats.push_back(std::move(seat));
  }
  if (static_cast<int>(s.seats.size()) != s.num_seats) throw StateError("seat count does not match num_seats");

  s.piece_place.assign(def.pieces.size(), kNoPlace);
  for (const auto& [id, place] : v.Get("pieces").as_object()) {
    int p = def.PieceIndex(id);
    if (p < 0) throw StateError("unknown piece '" + id + "' in saved state");
    if (place.is_null()) continue;
    PlaceIndex at = def.board ? def.board->Find(place.as_string()) : kNoPlace;
    if (at == kNoPlace) throw StateError("unknown place '" + place.as_string() + "' in saved state");
    s.piece_place[static_cast<size_t>(p)] = at;
  }

  // Zones are rebuilt from the definition so visibility and ownership cannot be
  // forged by a save; only contents and reveals come from the file.
  s.zones = MakeZones(def, s.num_seats);
  s.card_zone.assign(def.cards.size(), -1);
  for (const auto& zv : v.Get("zones").as_array()) {
    int zi = s.ZoneIndex(zv.Get("id").as_string());
    if (zi < 0) throw StateError("unknown zone '" + zv.Get("id").as_string() + "' in saved state");
    Zone& z = s.zones[static_cast<size_t>(zi)];
    z.revealed = MaskFromValue(zv.Get("revealed"));
    for (const auto& c : zv.Get("cards").as_array()) {
      int ci = def.CardIndex(c.as_string());
      if (ci < 0) throw StateError("unknown card '" + c.as_string() + "' in saved state");
      if (s.card_zone[static_cast<size_t>(ci)] >= 0)
        throw StateError("card '" + c.as_string() + "' is in two zones in saved state");
      s.card_zone[static_cast<size_t>(ci)] = zi;
      z.cards.push_back(ci);
    }
  }
  for (size_t c = 0; c < s.card_zone.size(); ++c)
    if (s.card_zone[c] < 0) throw StateError("card '" + def.cards[c].id + "' is in no zone in saved state");

  s.turn_seat = static_cast<int>(v.Get("turn_seat").as_int());
  s.actor = static_cast<int>(v.Get("actor").as_int());
  s.turn_number = v.Get("turn_number").as_int();
  if (v.Has("turn_direction")) {
    const int64_t d = v.Get("turn_direction").as_int();
    if (d != 1 && d != -1) throw StateError("saved turn_direction must be 1 or -1, not " + std::to_string(d));
    s.turn_direction = static_cast<int>(d);
  }
  s.over = v.Get("over").as_bool();
  for (const auto& w : v.Get("winners").as_array()) s.winners.push_back(static_cast<int>(w.as_int()));
  s.end_reason = v.Get("end_reason").as_string();
  s.vars = v.Get("vars");
  for (const auto& ev : v.Get("log").as_array()) {
    // An event's seq is its place in the log (saves write it so); a save that says
    // otherwise was edited or damaged.
    const int64_t seq = ev.Get("seq").as_int();
    if (seq != static_cast<int64_t>(s.log.size()))
      throw StateError("saved log entry " + std::to_string(s.log.size()) + " has seq " + std::to_string(seq) +
                       ", expected " + std::to_string(s.log.size()) + " (an event's seq is its place in the log)");
    Event e;
    e.type = ev.Get("type").as_string();
    e.visible = MaskFromValue(ev.Get("visible"));
    e.set_data(ev.Get("data"));
    s.log.Add(std::move(e));
  }
  for (const auto& av : v.Get("history").as_array()) {
    const std::string which = "saved history entry " + std::to_string(s.history.size() + 1);
    if (!av.is_object() || !av.Get("text").is_string() || !av.Get("actor").is_int())
      throw StateError(which + ": expected {\"actor\": seat, \"text\": \"type arg ...\"}, got " + av.ToJson());
    try {
      s.history.push_back(Action::Parse(av.Get("text").as_string(), static_cast<int>(av.Get("actor").as_int())));
    } catch (const IllegalAction& e) {
      throw StateError(which + ": " + e.what());
    }
  }
  return s;
}

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
