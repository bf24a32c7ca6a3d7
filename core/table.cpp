#include "core/table.h"

#include <algorithm>
#include <atomic>
#include <iterator>

#include "core/errors.h"
#include "core/rigged_order.h"
#include "core/suggest.h"
#include "core/utf8.h"

namespace parlor {

SeatMask Zone::Viewers(int num_seats) const {
  const SeatMask all = num_seats >= 64 ? kAllSeats : (SeatBit(num_seats) - 1);
  if (visibility == ZoneVisibility::kPublic) return all;
  SeatMask m = revealed;
  if (visibility == ZoneVisibility::kOwner && owner >= 0 && owner < num_seats) m |= SeatBit(owner);
  return m & all;
}

bool Zone::VisibleTo(int seat) const {
  if (seat < 0) return true;  // the omniscient observer
  return (Viewers(seat + 1) & SeatBit(seat)) != 0;
}

ZoneIdIndex ZoneIdIndex::Of(const std::vector<Zone>& zones) {
  ZoneIdIndex index;
  if (zones.size() <= kLinearMost) return index;
  auto map = std::make_shared<std::unordered_map<std::string, int, Hash, std::equal_to<>>>();
  map->reserve(zones.size());
  for (size_t i = 0; i < zones.size(); ++i) map->emplace(zones[i].id, static_cast<int>(i));
  index.map = std::move(map);
  return index;
}

int State::ZoneIndex(std::string_view id) const {
  if (zone_ids.map) {
    const auto it = zone_ids.map->find(id);
    return it == zone_ids.map->end() ? -1 : it->second;
  }
  for (size_t i = 0; i < zones.size(); ++i)
    if (zones[i].id == id) return static_cast<int>(i);
  return -1;
}

// ---- construction -------------------------------------------------------------

std::vector<Zone> MakeZones(const Definition& def, int num_seats) {
  std::vector<Zone> zones;
  for (const auto& z : def.zones) {
    int copies = z.per_seat ? num_seats : 1;
    for (int i = 0; i < copies; ++i) {
      Zone zone;
      zone.id = z.per_seat ? Table::SeatZone(z.id, i) : z.id;
      zone.visibility = z.visibility;
      zone.owner = z.per_seat ? i : -1;
      zone.ordered = z.ordered;
      zones.push_back(std::move(zone));
    }
  }
  return zones;
}

State NewState(const Definition& def, int num_seats, uint64_t seed, const Value& options) {
  if (num_seats < def.min_players || num_seats > def.max_players)
    throw StateError(def.id + " is for " + std::to_string(def.min_players) + " to " +
                     std::to_string(def.max_players) + " players, not " +
                     std::to_string(num_seats));
  if (num_seats > 64) throw StateError("at most 64 seats are supported");
  State s;
  s.num_seats = num_seats;
  s.seed = seed;
  s.rng.Seed(seed);
  s.seats.resize(static_cast<size_t>(num_seats));

  // Options: defaults, then the caller's values, each checked against its spec.
  s.options = Value(Value::Object{});
  for (const auto& o : def.options) s.options[o.id] = o.default_value;
  if (!options.is_null()) {
    if (!options.is_object()) throw StateError("options must be an object of option -> value");
    for (const auto& [k, v] : options.as_object()) {
      const OptionSpec* spec = def.Option(k);
      if (!spec) {
        std::string known;
        std::vector<std::string> ids;
        for (const auto& o : def.options) {
          known += (known.empty() ? "" : ", ") + o.id;
          ids.push_back(o.id);
        }
        // The name as typed, shown as UTF-8 and cut short (a caller may pass anything).
        throw StateError("unknown option '" + ShowUtf8(CutText(k)) + "' for " + def.id +
                         (known.empty() ? " (it has no options)" : " (options: " + known + ")") + DidYouMean(k, ids));
      }
      Value val = v;
      const std::string problem = CheckOptionValue(*spec, &val);
      if (!problem.empty()) throw StateError(problem);
      s.options[k] = val;
    }
  }

  s.zones = MakeZones(def, num_seats);
  s.zone_ids = ZoneIdIndex::Of(s.zones);
  s.card_zone.assign(def.cards.size(), -1);
  for (size_t c = 0; c < def.cards.size(); ++c) {
    int z = s.ZoneIndex(def.cards[c].zone);
    if (z < 0) throw StateError("card " + def.cards[c].id + " starts in unknown zone " + def.cards[c].zone);
    s.zones[static_cast<size_t>(z)].cards.push_back(static_cast<int>(c));
    s.card_zone[c] = z;
  }
  s.piece_place.assign(def.pieces.size(), kNoPlace);
  for (size_t p = 0; p < def.pieces.size(); ++p) {
    if (def.pieces[p].start.empty()) continue;
    PlaceIndex at = def.board ? def.board->Find(def.pieces[p].start) : kNoPlace;
    if (at == kNoPlace)
      throw StateError("piece " + def.pieces[p].id + " starts on unknown place " + def.pieces[p].start);
    s.piece_place[p] = at;
  }
  s.vars = Value(Value::Object{});
  return s;
}

// ---- seats and turns ------------------------------------------------------------

void Table::CheckSeat(int seat) const {
  if (seat < 0 || seat >= s_.num_seats)
    throw ScriptError("seat " + std::to_string(seat) + " does not exist (seats are 0.." +
                      std::to_string(s_.num_seats - 1) + ")");
}

int Table::NextActiveSeat(int seat, int direction) const {
  int n = s_.num_seats;
  for (int i = 1; i <= n; ++i) {
    int cand = ((seat + direction * i) % n + n) % n;
    if (s_.seats[static_cast<size_t>(cand)].status == "active") return cand;
  }
  return -1;
}

void Table::BeginTurn(int seat) {
  CheckSeat(seat);
  s_.turn_seat = seat;
  s_.actor = seat;
  ++s_.turn_number;
  s_.log.AddTurn(seat, s_.turn_number);
  if (rules_) rules_->TurnStart(*this, seat);
}

void Table::EndTurn() {
  if (s_.over) return;
  int seat = s_.turn_seat;
  if (rules_) rules_->TurnEnd(*this, seat);
  if (s_.over) return;
  int next;
  if (rules_ && rules_->HasNextSeat()) {
    next = rules_->NextSeat(*this, seat);
  } else {
    next = NextActiveSeat(seat, s_.turn_direction);
  }
  if (s_.over) return;
  if (next < 0) {
    Finish({}, "no seat can take a turn");
    return;
  }
  BeginTurn(next);
}

void Table::SetTurnDirection(int direction) {
  if (direction != 1 && direction != -1)
    throw ScriptError("a turn direction is 1 (to seat + 1) or -1 (to seat - 1), not " + std::to_string(direction));
  s_.turn_direction = direction;
}

void Table::SetActor(int seat) {
  CheckSeat(seat);
  s_.actor = seat;
}

void Table::SetStatus(int seat, const std::string& status) {
  CheckSeat(seat);
  if (status.empty()) throw ScriptError("a seat status cannot be empty");
  s_.seats[static_cast<size_t>(seat)].status = status;
  Value data;
  data["seat"] = seat;
  data["status"] = status;
  Emit("status", std::move(data));
}

// ---- pieces ------------------------------------------------------------------------

// "unknown card 'billiard'; did you mean 'billiard_room'?": the id a hook meant, when
// one is a typo away (a mod's Lua naming a card, zone, piece or place). Only on the
// way to an error, so the look-up itself costs nothing more.
namespace {

template <typename IdOf>
std::string Unknown(const std::string& what, const std::string& id, size_t count, IdOf id_of) {
  std::vector<std::string> ids;
  ids.reserve(count);
  for (size_t i = 0; i < count; ++i) ids.push_back(id_of(i));
  return "unknown " + what + " '" + ShowUtf8(CutText(id)) + "'" + DidYouMean(id, ids);
}

}  // namespace

int Table::PieceIndex(const std::string& piece) const {
  int i = def_.PieceIndex(piece);
  if (i < 0)
    throw ScriptError(Unknown("piece", piece, def_.pieces.size(), [&](size_t k) { return def_.pieces[k].id; }));
  return i;
}

PlaceIndex Table::PlaceOf(const std::string& id) const {
  if (!def_.board) throw ScriptError("this game has no board");
  PlaceIndex p = def_.board->Find(id);
  if (p == kNoPlace) {
    const Board& b = *def_.board;
    const std::string square = b.NearestSquareNote(id);   // "25,7": the square, not the text, nearest
    if (!square.empty()) throw ScriptError("unknown place '" + ShowUtf8(CutText(id)) + "'" + square);
    throw ScriptError(Unknown("place", id, static_cast<size_t>(b.size()),
                              [&](size_t k) { return b.place(static_cast<PlaceIndex>(k)).id; }));
  }
  return p;
}

std::vector<int> Table::PiecesAt(PlaceIndex place) const {
  std::vector<int> out;
  for (size_t i = 0; i < s_.piece_place.size(); ++i)
    if (s_.piece_place[i] == place) out.push_back(static_cast<int>(i));
  return out;
}

int Table::OccupantCount(PlaceIndex place) const {
  int n = 0;
  for (size_t i = 0; i < s_.piece_place.size(); ++i)
    if (s_.piece_place[i] == place && def_.pieces[i].occupies) ++n;
  return n;
}

std::vector<uint8_t> Table::OccupiedMask() const {
  // A place blocks movement only when it is full: a room (unlimited capacity) never
  // does, however many tokens it holds.
  // Only the places that hold an occupying piece can be full: they are looked at,
  // not the whole board (a deduction game's board has hundreds of squares and a dozen pieces).
  // An empty place is never full: capacities are 1 or more (or unlimited).
  // A place of capacity 1 is full with its first occupying piece; the places of
  // larger capacity are counted together, once, by sorting them: counting each by
  // a pass over every piece made a listing cost pieces x pieces (a board of 5,000
  // tokens spent 90% of its time here: bench/README.md, "Scale (session 35)").
  const size_t n = def_.board ? static_cast<size_t>(def_.board->size()) : 0;
  std::vector<uint8_t> mask(n, 0);
  std::vector<PlaceIndex> shared;  // a place of capacity > 1, once for each occupying piece on it
  const size_t pieces = s_.piece_place.size();
  for (size_t i = 0; i < pieces; ++i) {
    const PlaceIndex p = s_.piece_place[i];
    if (p == kNoPlace || !def_.pieces[i].occupies) continue;
    const int capacity = def_.board->place(p).capacity;
    if (capacity == kUnlimited) continue;
    if (capacity <= 1) {
      mask[static_cast<size_t>(p)] = 1;
    } else {
      shared.push_back(p);
    }
  }
  std::sort(shared.begin(), shared.end());
  for (size_t i = 0; i < shared.size();) {
    size_t j = i;
    while (j < shared.size() && shared[j] == shared[i]) ++j;
    const PlaceIndex p = shared[i];
    if (static_cast<int>(j - i) >= def_.board->place(p).capacity) mask[static_cast<size_t>(p)] = 1;
    i = j;
  }
  return mask;
}

// Each thread takes its stamps from a block of its own, reserved from the shared
// counter a block at a time: a stamp is renewed at every piece moved and variable
// set, and an atomic add on one shared counter for each cost about 0.6% of a race
// game between random bots (bench/README.md, session 21). Blocks never overlap, so
// a stamp is still never given twice.
uint64_t ChangeStamp::Next() {
  constexpr uint64_t kBlock = uint64_t{1} << 16;
  static std::atomic<uint64_t> next_block{1};
  thread_local uint64_t next = 0, end = 0;
  if (next == end) {
    next = next_block.fetch_add(kBlock, std::memory_order_relaxed);
    end = next + kBlock;
  }
  return next++;
}

void Table::MovePiece(int piece, PlaceIndex to, const std::string& why) {
  if (piece < 0 || piece >= static_cast<int>(def_.pieces.size()))
    throw ScriptError("piece index out of range");
  const PieceSpec& spec = def_.pieces[static_cast<size_t>(piece)];
  PlaceIndex from = s_.piece_place[static_cast<size_t>(piece)];
  if (from == to) return;
  if (to != kNoPlace) {
    if (!def_.board || to < 0 || to >= def_.board->size())
      throw ScriptError("cannot move " + spec.id + ": place index out of range");
    const Place& p = def_.board->place(to);
    if (!p.owner.empty() && p.owner != spec.owner)
      throw ScriptError("cannot move " + spec.id + " to " + p.id + ": only " + p.owner +
                        " pieces may enter it");
    if (spec.occupies && p.capacity != kUnlimited && OccupantCount(to) >= p.capacity)
      throw ScriptError("cannot move " + spec.id + " to " + p.id + ": it already holds " +
                        std::to_string(p.capacity) + " piece(s)");
  }
  s_.piece_place[static_cast<size_t>(piece)] = to;
  s_.piece_stamp.Renew();
  s_.log.AddPieceMoved(def_, piece, from, to, why);
}

// ---- cards ---------------------------------------------------------------------------

int Table::CardIndex(const std::string& card) const {
  int i = def_.CardIndex(card);
  if (i < 0) throw ScriptError(Unknown("card", card, def_.cards.size(), [&](size_t k) { return def_.cards[k].id; }));
  return i;
}

int Table::ZoneIndex(const std::string& zone) const {
  int i = s_.ZoneIndex(zone);
  if (i >= 0) return i;
  // A per-seat zone is named by a seat's copy: "hand" alone, or the copy of a seat
  // the game does not have ("hand:9" at two seats), was "unknown zone 'hand'; did you
  // mean 'hand:0'?", as if one seat's hand were meant.
  const size_t colon = zone.find(':');
  const ZoneSpec* spec = def_.Zone(zone.substr(0, colon));
  if (spec && spec->per_seat) {
    const std::string copies = "'" + spec->id + ":0' .. '" + Table::SeatZone(spec->id, s_.num_seats - 1) + "'";
    if (colon == std::string::npos)
      throw ScriptError("unknown zone '" + spec->id + "': it is a per-seat zone, one copy a seat: name a seat's copy, " +
                        copies);
    throw ScriptError("unknown zone '" + ShowUtf8(CutText(zone)) + "': a game of " + std::to_string(s_.num_seats) +
                      " seats has " + copies);
  }
  throw ScriptError(Unknown("zone", zone, s_.zones.size(), [&](size_t k) { return s_.zones[k].id; }));
}

std::string Table::SeatZone(const std::string& zone, int seat) {
  return zone + ":" + std::to_string(seat);
}

void Table::MoveCard(int card, int zone) {
  if (card < 0 || card >= static_cast<int>(def_.cards.size())) throw ScriptError("card index out of range");
  if (zone < 0 || zone >= static_cast<int>(s_.zones.size())) throw ScriptError("zone index out of range");
  int from = s_.card_zone[static_cast<size_t>(card)];
  Zone& src = s_.zones[static_cast<size_t>(from)];
  // Looked for from the top (the end): the card moved is most often the top one (a
  // draw), found at once, where a search from the bottom went through the pile.
  auto it = std::find(src.cards.rbegin(), src.cards.rend(), card);
  if (it == src.cards.rend()) throw ScriptError("internal: card not in its zone");  // never expected
  src.cards.erase(std::next(it).base());
  Zone& dst = s_.zones[static_cast<size_t>(zone)];
  if (dst.ordered) {
    dst.cards.push_back(card);
  } else {
    dst.cards.insert(std::upper_bound(dst.cards.begin(), dst.cards.end(), card), card);
  }
  s_.card_zone[static_cast<size_t>(card)] = zone;

  SeatMask knows = src.Viewers(s_.num_seats) | dst.Viewers(s_.num_seats);
  SeatMask all = s_.num_seats >= 64 ? kAllSeats : (SeatBit(s_.num_seats) - 1);
  // The card only for the seats that know it; a second event without it for the others.
  if (knows != 0) s_.log.AddCardMoved(def_, s_.num_seats, card, from, zone, knows);
  if ((all & ~knows) != 0) s_.log.AddCardMoved(def_, s_.num_seats, -1, from, zone, all & ~knows);
}

void Table::MoveAll(int from, int to) {
  if (from < 0 || from >= static_cast<int>(s_.zones.size()) || to < 0 || to >= static_cast<int>(s_.zones.size()))
    throw ScriptError("zone index out of range");
  if (from == to) return;
  Zone& src = s_.zones[static_cast<size_t>(from)];
  Zone& dst = s_.zones[static_cast<size_t>(to)];
  // Who sees the zones does not change while cards move: the masks of MoveCard,
  // worked out once.
  const SeatMask knows = src.Viewers(s_.num_seats) | dst.Viewers(s_.num_seats);
  const SeatMask all = s_.num_seats >= 64 ? kAllSeats : (SeatBit(s_.num_seats) - 1);
  std::vector<int> cards;
  cards.swap(src.cards);
  for (int card : cards) {
    dst.cards.push_back(card);
    s_.card_zone[static_cast<size_t>(card)] = to;
    if (knows != 0) s_.log.AddCardMoved(def_, s_.num_seats, card, from, to, knows);
    if ((all & ~knows) != 0) s_.log.AddCardMoved(def_, s_.num_seats, -1, from, to, all & ~knows);
  }
  // An unordered zone keeps its cards in definition order: sorted once, as no hook
  // sees the zone in between. Each card put in its place as it came cost a shift of
  // the cards after it: 100,000 cards were billions of moves.
  if (!dst.ordered) std::sort(dst.cards.begin(), dst.cards.end());
}

void Table::Shuffle(int zone) {
  Zone& z = s_.zones.at(static_cast<size_t>(zone));
  auto rig = s_.rigged_shuffles.find(z.id);
  if (rig != s_.rigged_shuffles.end() && !rig->second.empty()) {
    std::vector<std::string> order = rig->second.front();
    rig->second.pop_front();
    if (rig->second.empty()) s_.rigged_shuffles.erase(rig);
    std::vector<int> want;
    for (const auto& id : order) want.push_back(CardIndex(id));
    std::string mismatch = RiggedOrderMismatch(def_, z.id, z.cards, want);
    if (!mismatch.empty()) throw ScriptError(mismatch);
    z.cards = want;
  } else {
    s_.rng.Shuffle(z.cards);
  }
  Value data;
  data["zone"] = z.id;
  Emit("shuffled", std::move(data));
}

int Table::Deal(int from, const std::vector<int>& to, int count) {
  if (to.empty()) throw ScriptError("deal: no zone to deal to");
  Zone& src = s_.zones.at(static_cast<size_t>(from));
  const bool into_itself = std::find(to.begin(), to.end(), from) != to.end();
  for (int zone : to)
    if (zone < 0 || zone >= static_cast<int>(s_.zones.size())) throw ScriptError("zone index out of range");
  const SeatMask all = s_.num_seats >= 64 ? kAllSeats : (SeatBit(s_.num_seats) - 1);
  // The unordered zones dealt to are sorted once at the end (see MoveAll): dealing
  // a deck of 100,000 cards into four hands shifted each hand's cards at every card.
  int dealt = 0;
  size_t next = 0;
  while ((count < 0 || dealt < count) && !src.cards.empty()) {
    const int card = src.cards.back();
    const int zone = to[next];
    if (into_itself) {
      MoveCard(card, zone);  // the source changes under the deal: card by card, as ever
    } else {
      // MoveCard's state and events, without looking for the card (it is the top).
      src.cards.pop_back();
      Zone& dst = s_.zones[static_cast<size_t>(zone)];
      dst.cards.push_back(card);
      s_.card_zone[static_cast<size_t>(card)] = zone;
      const SeatMask knows = src.Viewers(s_.num_seats) | dst.Viewers(s_.num_seats);
      if (knows != 0) s_.log.AddCardMoved(def_, s_.num_seats, card, from, zone, knows);
      if ((all & ~knows) != 0) s_.log.AddCardMoved(def_, s_.num_seats, -1, from, zone, all & ~knows);
    }
    next = (next + 1) % to.size();
    ++dealt;
  }
  if (!into_itself) {
    std::vector<int> zones = to;
    std::sort(zones.begin(), zones.end());
    zones.erase(std::unique(zones.begin(), zones.end()), zones.end());
    for (int zone : zones) {
      Zone& z = s_.zones[static_cast<size_t>(zone)];
      if (!z.ordered && !std::is_sorted(z.cards.begin(), z.cards.end())) std::sort(z.cards.begin(), z.cards.end());
    }
  }
  return dealt;
}

void Table::Reveal(int card, SeatMask seats, Value info) {
  if (card < 0 || card >= static_cast<int>(def_.cards.size())) throw ScriptError("card index out of range");
  if (!info.is_object()) info = Value(Value::Object{});
  // `card` is the engine's: set for the seats shown the card, left out for the others.
  // Given in `info`, it went to the others as it was, a card they were told of (the
  // card itself, or one it is not) in a `reveal` event that `parlor play` printed as
  // seen by them.
  if (info.Has("card"))
    throw ScriptError("g:reveal: info field 'card' is the engine's (the card shown, told only to the seats shown "
                      "it), got " + info.Get("card").ToJson() + ": name the field otherwise");
  // `by` and `to` are printed as seats ("shown: Rope by seat 1 to seat 0").
  CheckSeatField("g:reveal: info", "by", info, "parlor play prints it as one");
  CheckSeatField("g:reveal: info", "to", info, "parlor play prints it as one");
  SeatMask all = s_.num_seats >= 64 ? kAllSeats : (SeatBit(s_.num_seats) - 1);
  seats &= all;
  if (seats != 0) {
    Value full = info;
    full["card"] = def_.cards[static_cast<size_t>(card)].id;
    Emit("reveal", std::move(full), seats);
  }
  if ((all & ~seats) != 0) Emit("reveal", std::move(info), all & ~seats);
}

void Table::RevealZone(int zone, SeatMask seats) {
  Zone& z = s_.zones.at(static_cast<size_t>(zone));
  z.revealed |= seats;
  Value data;
  data["zone"] = z.id;
  Value::Array cards;
  for (int c : z.cards) cards.push_back(def_.cards[static_cast<size_t>(c)].id);
  data["cards"] = std::move(cards);
  Emit("zone_revealed", std::move(data), seats);
}

// ---- chance ---------------------------------------------------------------------------

std::vector<int> Table::Roll(int count, int sides, int seat, SeatMask seen_by) {
  if (count < 1 || count > 100) throw ScriptError("roll: count must be 1..100");
  if (sides < 2) throw ScriptError("roll: a die needs at least 2 sides");
  std::vector<int> out;
  Value::Array values;
  for (int i = 0; i < count; ++i) {
    int v;
    if (!s_.rigged_rolls.empty()) {
      v = s_.rigged_rolls.front();
      if (v < 1 || v > sides)
        throw ScriptError("rigged roll " + std::to_string(v) + " is impossible on a " +
                          std::to_string(sides) + "-sided die");
      s_.rigged_rolls.pop_front();
    } else {
      v = 1 + static_cast<int>(s_.rng.Below(static_cast<uint32_t>(sides)));
    }
    out.push_back(v);
    values.push_back(v);
  }
  const SeatMask all = s_.num_seats >= 64 ? kAllSeats : (SeatBit(s_.num_seats) - 1);
  seen_by &= all;
  const int roller = seat >= 0 ? seat : s_.turn_seat;
  if (seen_by != 0) {
    Value data;
    data["seat"] = roller;
    data["values"] = std::move(values);
    Emit("roll", std::move(data), seen_by == all ? kAllSeats : seen_by);
  }
  if ((all & ~seen_by) != 0) {
    // The others know that dice were rolled and how many, not what they show.
    Value data;
    data["seat"] = roller;
    data["count"] = count;
    Emit("roll", std::move(data), all & ~seen_by);
  }
  return out;
}

int Table::Random(int n) {
  if (n < 1) throw ScriptError("random: n must be >= 1");
  return 1 + static_cast<int>(s_.rng.Below(static_cast<uint32_t>(n)));
}

// ---- events and end -----------------------------------------------------------------

void Table::Emit(std::string type, Value data, SeatMask visible) {
  if (!def_.event_seat_fields.empty()) CheckSeatFields(type, data);
  s_.log.Add(Event(std::move(type), std::move(data), visible));
}

// A field the definition says holds a seat (`events:`) holds one of this game's: the
// log names it as a seat, and a reader (a bot, a Python test) trusts it. Absent is
// fine: an event may leave a field out.
void Table::CheckSeatFields(const std::string& type, const Value& data) const {
  const auto declared = def_.event_seat_fields.find(type);
  if (declared == def_.event_seat_fields.end() || !data.is_object()) return;
  for (const std::string& field : declared->second) {
    if (!data.Has(field)) continue;
    const Value& v = data.Get(field);
    if (v.is_int() && v.as_int() >= 0 && v.as_int() < s_.num_seats) continue;
    const std::string path = "events." + type + ".seats";
    const std::vector<std::string> setters = def_.SettersAt(path);
    throw ScriptError("event '" + type + "': field '" + field + "' holds a seat (" + path +
                      (setters.empty() ? "" : " in " + setters.back()) + "), so it must be a seat number from 0 to " +
                      std::to_string(s_.num_seats - 1) + ", got " + v.ToJson());
  }
}

void Table::CheckSeatField(const std::string& where, const std::string& field, const Value& data,
                           const std::string& what) const {
  if (!data.is_object() || !data.Has(field)) return;
  const Value& v = data.Get(field);
  if (v.is_int() && v.as_int() >= 0 && v.as_int() < s_.num_seats) return;
  throw ScriptError(where + " field '" + field + "' holds a seat (" + what + "), so it must be a seat number from 0 to " +
                    std::to_string(s_.num_seats - 1) + ", got " + v.ToJson());
}

void Table::Record(Event e) {
  s_.log.Add(std::move(e));
}

void Table::Finish(std::vector<int> winners, const std::string& reason) {
  if (s_.over) return;
  for (int w : winners) CheckSeat(w);
  std::sort(winners.begin(), winners.end());
  winners.erase(std::unique(winners.begin(), winners.end()), winners.end());
  s_.over = true;
  s_.actor = -1;
  s_.winners = winners;
  s_.end_reason = reason;
  Value data;
  Value::Array w;
  for (int x : winners) w.push_back(x);
  data["winners"] = std::move(w);
  data["reason"] = reason;
  // A game that keeps score (a seat has scored) tells every seat's score here, so
  // that a reader of the log alone (`parlor play --json`) learns them.
  if (std::any_of(s_.seats.begin(), s_.seats.end(), [](const Seat& seat) { return seat.score != 0; })) {
    Value::Array scores;
    for (const Seat& seat : s_.seats) scores.push_back(seat.score);
    data["scores"] = std::move(scores);
  }
  Emit("game_over", std::move(data));
}

}  // namespace parlor
