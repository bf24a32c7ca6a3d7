#include "cli/event_text.h"

#include <algorithm>
#include <cstdint>

namespace parlor {

namespace {

std::string Named(const Definition& def, const Value& v, const std::string& lang) {
  if (v.is_string()) return def.Name(v.as_string(), lang);
  if (v.is_array()) {
    std::string out;
    for (const auto& e : v.as_array()) out += (out.empty() ? "" : ", ") + Named(def, e, lang);
    return "[" + out + "]";
  }
  if (v.is_null()) return "-";
  return v.ToJson();
}

std::string SeatText(const Value& v, const std::vector<std::string>& names) {
  if (!v.is_int() || v.as_int() < INT32_MIN || v.as_int() > INT32_MAX) return "?";
  return SeatLabel(static_cast<int>(v.as_int()), names);
}

// A zone by its display name; a seat's copy of a per-seat zone keeps its ":seat".
std::string ZoneName(const Definition& def, const Value& v, const std::string& lang) {
  if (!v.is_string()) return v.ToJson();
  const std::string& id = v.as_string();
  const size_t colon = id.find(':');
  if (colon == std::string::npos) return def.Name(id, lang);
  return def.Name(id.substr(0, colon), lang) + id.substr(colon);
}

std::string SeenBy(const Event& e, int num_seats) {
  std::string seats;
  int count = 0;
  for (int s = 0; s < num_seats; ++s) {
    if (!e.VisibleTo(s)) continue;
    seats += (seats.empty() ? "" : ", ") + std::to_string(s);
    ++count;
  }
  if (count == num_seats) return "";
  if (count == 0) return "  (seen by nobody)";
  return std::string("  (seen by seat") + (count > 1 ? "s " : " ") + seats + ")";
}

// The canonical text ("accuse peacock revolver study"), which is what Python and a
// save take, followed in another language than English by its arguments' display
// names ("(Signora Pavone, Rivoltella, Studio)"): ids are English words, so next to
// translated event lines an untranslated action would be the only English. Names
// are added only when at least one argument has one ("move 23,7" stays as it is).
std::string ActionText(const Definition& def, const std::string& text, const std::string& lang) {
  if (lang == "en") return text;
  std::string names;
  bool named = false;
  size_t start = text.find(' ');  // the first word is the action's type
  while (start != std::string::npos) {
    const size_t end = text.find(' ', start + 1);
    const std::string arg = text.substr(start + 1, end == std::string::npos ? std::string::npos : end - start - 1);
    const std::string name = def.Name(arg, lang);
    named = named || name != arg;
    names += (names.empty() ? "" : ", ") + name;
    start = end;
  }
  return named ? text + " (" + names + ")" : text;
}

// Whether `field` of a `type` event holds a seat: `seat` always does, and the
// fields the definition's `events:` declares (Go Fish's `asked.target`).
bool SeatField(const Definition& def, const std::string& type, const std::string& field) {
  if (field == "seat") return true;
  const auto declared = def.event_seat_fields.find(type);
  return declared != def.event_seat_fields.end() &&
         std::find(declared->second.begin(), declared->second.end(), field) != declared->second.end();
}

// A field's value for a line a person reads: yes/no, a seat by its label, an id by
// its display name.
std::string FieldText(const Definition& def, const std::string& type, const std::string& field, const Value& v,
                      const std::string& lang, const std::vector<std::string>& seat_names) {
  if (v.is_bool()) return v.as_bool() ? "yes" : "no";
  if (v.is_int() && SeatField(def, type, field)) return SeatText(v, seat_names);
  return Named(def, v, lang);
}

// "no_card" -> "no card": an id's words, for a line a person reads.
std::string Spaced(std::string id) {
  std::replace(id.begin(), id.end(), '_', ' ');
  return id;
}

// A definition's own event (Clue's suggestion, a roll-off), which the command knows
// nothing of, as its type and fields in words: "seat 2 — suggestion: room Ballroom,
// suspect Miss Scarlet, weapon Knife" (it was "suggestion room=Ballroom seat=2
// suspect=Miss Scarlet weapon=Knife", the engine's own notation). The seat it is
// about leads; a field named as the event ("status" of a status event) is its value.
std::string GenericLine(const Definition& def, const std::string& type, const Value& d, const std::string& lang,
                        const std::vector<std::string>& seat_names) {
  std::string who, fields;
  if (d.is_object())
    for (const auto& [k, v] : d.as_object()) {
      if (k == "seat" && v.is_int()) {
        who = SeatText(v, seat_names) + " — ";
        continue;
      }
      const std::string value = FieldText(def, type, k, v, lang, seat_names);
      fields += (fields.empty() ? "" : ", ") + (k == type ? value : Spaced(k) + " " + value);
    }
  return who + Spaced(type) + (fields.empty() ? "" : ": " + fields);
}

}  // namespace

bool IsHiddenTwin(const Event& e, const Event& previous) {
  if (e.type != "card_moved" || previous.type != "card_moved") return false;
  if (e.data().Has("card") || !previous.data().Has("card")) return false;
  return (e.visible & previous.visible) == 0 && e.data().Get("from") == previous.data().Get("from") &&
         e.data().Get("to") == previous.data().Get("to");
}

std::string SeatLabel(int seat, const std::vector<std::string>& names, const std::string& also) {
  const bool named = seat >= 0 && static_cast<size_t>(seat) < names.size() && !names[static_cast<size_t>(seat)].empty();
  std::string inside = named ? names[static_cast<size_t>(seat)] : "";
  if (!also.empty()) inside += (inside.empty() ? "" : ", ") + also;
  return "seat " + std::to_string(seat) + (inside.empty() ? "" : " (" + inside + ")");
}

std::vector<std::string> SeatDisplayNames(const Game& game, const std::string& lang) {
  std::vector<std::string> names;
  for (int s = 0; s < game.state().num_seats; ++s) names.push_back(game.SeatDisplayName(s, lang));
  return names;
}

std::string DescribeEvent(const Definition& def, const Event& e, const std::string& lang, int num_seats,
                          const std::vector<std::string>& seat_names, bool seen_by) {
  const Value& d = e.data();
  std::string vis = seen_by ? SeenBy(e, num_seats) : "";
  if (e.type == "turn")
    return "--- turn " + std::to_string(d.Get("turn").as_int()) + ": " + SeatText(d.Get("seat"), seat_names) +
           " ---";
  if (e.type == "action")
    return SeatText(d.Get("seat"), seat_names) + ": " + ActionText(def, d.Get("action").as_string(), lang) + vis;
  if (e.type == "roll") {
    // A roll before the first turn (a roll-off for the dealer or the first player)
    // belongs to no seat: the event's seat is -1; the roll_off event after it says whose it was.
    const Value& seat = d.Get("seat");
    const bool set_up = seat.is_int() && seat.as_int() < 0;
    const std::string who = set_up ? std::string("set-up") : SeatText(seat, seat_names);
    // A roll some seats may not see (g:roll's seen_by): they are told only how many dice.
    if (!d.Has("values"))
      return who + " rolls " + d.Get("count").ToJson() + (d.Get("count").is_int() && d.Get("count").as_int() == 1
                                                             ? " die, unseen" : " dice, unseen") + vis;
    return who + " rolls " + d.Get("values").ToJson() + vis;
  }
  if (e.type == "piece_moved") {
    // No place: off the board (set-up placing a token, a pawn lifted for a swap); "-"
    // read as a place of that name.
    auto place = [&](const Value& v) { return v.is_null() ? std::string("off the board") : Named(def, v, lang); };
    return Named(def, d.Get("piece"), lang) + " moves " + place(d.Get("from")) + " -> " + place(d.Get("to")) +
           (d.Has("why") ? " (" + Named(def, d.Get("why"), lang) + ")" : "");
  }
  if (e.type == "card_moved")
    return (d.Has("card") ? Named(def, d.Get("card"), lang) : std::string("a card")) + ": " +
           ZoneName(def, d.Get("from"), lang) + " -> " + ZoneName(def, d.Get("to"), lang) + vis;
  if (e.type == "reveal") {
    // g:reveal's `info` fields beyond `by` and `to` (the seats the line names) were
    // dropped: a card game's "fished" or "from" said nothing. They follow as a
    // definition's own event's fields do.
    std::string extra;
    if (d.is_object())
      for (const auto& [k, v] : d.as_object()) {
        if (k == "card" || k == "by" || k == "to") continue;
        extra += (extra.empty() ? " — " : ", ") + Spaced(k) + " " + FieldText(def, "reveal", k, v, lang, seat_names);
      }
    return (d.Has("card") ? "shown: " + Named(def, d.Get("card"), lang) : std::string("a card is shown")) +
           (d.Has("by") ? " by " + SeatText(d.Get("by"), seat_names) : "") +
           (d.Has("to") ? " to " + SeatText(d.Get("to"), seat_names) : "") + extra + vis;
  }
  if (e.type == "game_over") {
    // "seat 1 (Col. Mustard) wins", not the log's "winners: [1]"; several as "seats 0
    // (Red), 2 (Yellow) win".
    const auto& winners = d.Get("winners").as_array();
    std::string w;
    for (const auto& seat : winners) {
      const std::string label = SeatText(seat, seat_names);  // "seat 2 (Mrs. White)"
      w += (w.empty() ? "" : ", ") + (label.rfind("seat ", 0) == 0 ? label.substr(5) : label);
    }
    w = winners.empty() ? "no winner" : winners.size() == 1 ? "seat " + w + " wins" : "seats " + w + " win";
    // The reason is an id ("all_home"): its display name when `names:` has one, as
    // docs/definition-format.md promises for an end reason; the id itself otherwise.
    return "=== game over: " + w + " (" + Named(def, d.Get("reason"), lang) + ") ===";
  }
  return GenericLine(def, e.type, d, lang, seat_names) + vis;
}

std::string ZoneDisplayName(const Definition& def, const std::string& zone, const std::string& lang) {
  return ZoneName(def, Value(zone), lang);
}

std::string ActionDisplayText(const Definition& def, const std::string& text, const std::string& lang) {
  return ActionText(def, text, lang);
}

}  // namespace parlor
