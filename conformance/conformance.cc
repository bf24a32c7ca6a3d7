#include "conformance/conformance.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "conformance/by_type_bot.h"
#include "conformance/private_rolls.h"
#include "core/errors.h"
#include "core/playout.h"
#include "core/rng.h"
#include "scripting/definition_bot.h"

namespace parlor::conformance {

namespace {

// Why a game may go otherwise in a second runtime of the same definition: the two
// usual causes, said wherever it is found.
constexpr const char* kRulesRuntimeHint =
    "do the rules let the order of `pairs` over string keys decide something (it differs between runtimes), "
    "or keep game state in Lua variables rather than in g (docs/hooks.md)?";
// Why a copy of a game, or a replay in the same runtime, goes otherwise.
constexpr const char* kLuaStateHint = "do the rules keep game state in Lua variables rather than in g (docs/hooks.md)?";
constexpr const char* kBotsRuntimeHint =
    "do they let the order of `pairs` over string keys decide (it differs between runtimes), or keep what they "
    "learn in Lua variables rather than in the memory the bot hook returns (docs/hooks.md)?";

}  // namespace

std::string CheckLegalActionsSortedUnique(const Game& game) {
  const auto& legal = game.LegalActions();
  if (game.over()) return legal.empty() ? "" : "the game is over but actions are listed";
  if (legal.empty()) return "seat " + std::to_string(game.actor()) + " must act but has no legal action";
  for (size_t i = 1; i < legal.size(); ++i)
    if (!(legal[i - 1].Text() < legal[i].Text()))
      return "legal actions are not sorted and unique at '" + legal[i].Text() + "'";
  for (const auto& a : legal)
    if (a.actor != game.actor()) return "legal action '" + a.Text() + "' has the wrong actor";
  return "";
}

std::string CheckIllegalActionsChangeNothing(Game& game) {
  if (game.over()) return "";
  const State before = game.state();
  const auto legal = game.LegalActions();
  std::vector<Action> attempts;
  attempts.push_back(Action{"not-an-action", game.actor(), {}});
  Action extra = legal.front();
  extra.args.push_back("extra-argument");
  attempts.push_back(extra);
  Action wrong_seat = legal.front();
  wrong_seat.actor = (game.actor() + 1) % game.state().num_seats;
  if (wrong_seat.actor != game.actor()) attempts.push_back(wrong_seat);
  for (const auto& a : attempts) {
    try {
      game.Apply(a);
      return "illegal action '" + a.Text() + "' by seat " + std::to_string(a.actor) + " was accepted";
    } catch (const IllegalAction& e) {
      if (std::string(e.what()).empty()) return "an illegal action was rejected without a reason";
    }
    if (!(game.state() == before)) return "rejecting '" + a.Text() + "' changed the state";
  }
  if (game.LegalActions().size() != legal.size()) return "rejecting an action changed the legal actions";
  return "";
}

std::string CheckCloneAndSaveRoundTrip(const Game& game, const LoadedDefinition& loaded) {
  Game clone = game;
  if (!(clone.state() == game.state())) return "a clone differs from its original";
  Value saved = game.Save();
  std::string text = saved.ToJson();
  Value reparsed = Value::FromJson(text);
  if (!(reparsed == saved)) return "the JSON text of a save does not parse back to the same value";
  Game loaded_game = Game::Load(loaded.def, loaded.rules, reparsed);
  if (!(loaded_game.state() == game.state())) return "save + load does not give back the same state";
  if (!game.over()) {
    // The clone and the loaded game must behave exactly like the original.
    const auto& legal = game.LegalActions();
    const auto& clone_legal = loaded_game.LegalActions();
    // The whole lists, not their lengths: rules answering from Lua variables may list
    // as many actions, other ones.
    for (size_t i = 0; i < std::max(legal.size(), clone_legal.size()); ++i) {
      const std::string here = i < legal.size() ? "'" + legal[i].Text() + "'" : "nothing";
      const std::string there = i < clone_legal.size() ? "'" + clone_legal[i].Text() + "'" : "nothing";
      if (here != there)
        return "a loaded game lists different legal actions (" + std::to_string(clone_legal.size()) + " against " +
               std::to_string(legal.size()) + "; at number " + std::to_string(i + 1) + ", " + there +
               " where the original lists " + here + "): " + kLuaStateHint;
    }
    Game a = game;
    a.Apply(legal.front());
    loaded_game.Apply(legal.front());
    clone.Apply(legal.front());
    if (!(a.state() == loaded_game.state()) || !(a.state() == clone.state()))
      return "after '" + legal.front().Text() + "', a clone or a loaded copy diverged from the original: " +
             kLuaStateHint;
  }
  return "";
}

namespace {

void CardsOf(const Value& v, std::vector<std::string>& out) {
  if (v.Has("card") && v.Get("card").is_string()) out.push_back(v.Get("card").as_string());
  if (v.Has("cards") && v.Get("cards").is_array())
    for (const auto& c : v.Get("cards").as_array())
      if (c.is_string()) out.push_back(c.as_string());
}

// Where each card was just before each event of the full log (zone index, -1 when
// unknown), for the cards `wanted`: the final state walked back through the
// card_moved events. Only what CheckActionTexts asks is kept.
std::map<std::pair<size_t, int>, int> CardZonesBefore(const State& s, const std::vector<Event>& log,
                                                       const Definition& def,
                                                       const std::set<std::pair<size_t, int>>& wanted) {
  std::vector<int> zone_of(def.cards.size(), -1);
  for (size_t z = 0; z < s.zones.size(); ++z)
    for (int c : s.zones[z].cards) zone_of[static_cast<size_t>(c)] = static_cast<int>(z);
  std::map<std::pair<size_t, int>, int> out;
  auto next = wanted.rbegin();
  for (size_t i = log.size(); i-- > 0;) {
    const Event& e = log[i];
    if (e.type == "card_moved" && e.data().Get("card").is_string()) {
      const int card = def.CardIndex(e.data().Get("card").as_string());
      const Value& from = e.data().Get("from");   // null: the card came from outside the zones
      if (card >= 0) zone_of[static_cast<size_t>(card)] = from.is_string() ? s.ZoneIndex(from.as_string()) : -1;
    }
    for (; next != wanted.rend() && next->first == i; ++next) out[*next] = zone_of[static_cast<size_t>(next->second)];
  }
  return out;
}

// An action's text is logged to every seat unless its type is private
// (`private_actions:`). A text that names a card its own actor holds unseen by a seat,
// in an action that shows that card to some seats but not to that one ("show dagger",
// public), tells that seat what the reveal hid from it. A suggestion naming a card that
// another seat then shows is no such case: the card is not the actor's.
std::string CheckActionTexts(const Game& game) {
  const State& s = game.state();
  const Definition& def = game.definition();
  struct Named {
    size_t action;      // index of the action event in the full log
    int card;
    SeatMask revealed;  // the seats the same action showed the card to
  };
  const std::vector<Event> log(s.log.begin(), s.log.end());  // made once: the log keeps records
  std::vector<Named> named;
  for (size_t i = 0; i < log.size(); ++i) {
    if (log[i].type != "action" || !log[i].data().Get("action").is_string()) continue;
    std::vector<int> cards;
    const std::string& text = log[i].data().Get("action").as_string();
    for (size_t at = 0; at < text.size();) {
      size_t end = text.find(' ', at);
      if (end == std::string::npos) end = text.size();
      if (at > 0) {
        const int card = def.CardIndex(text.substr(at, end - at));
        if (card >= 0) cards.push_back(card);
      }
      at = end + 1;
    }
    if (cards.empty()) continue;
    for (size_t j = i + 1; j < log.size() && log[j].type != "action"; ++j) {
      const Event& e = log[j];
      if (e.type != "reveal" || !e.data().Get("card").is_string()) continue;
      const int card = def.CardIndex(e.data().Get("card").as_string());
      if (std::find(cards.begin(), cards.end(), card) != cards.end()) named.push_back({i, card, e.visible});
    }
  }
  if (named.empty()) return "";
  std::set<std::pair<size_t, int>> wanted;
  for (const auto& n : named) wanted.insert({n.action, n.card});
  const auto zones = CardZonesBefore(s, log, def, wanted);
  for (const auto& n : named) {
    const Event& action = log[n.action];
    const int zone = zones.at({n.action, n.card});
    if (!action.data().Get("seat").is_int()) continue;
    const int actor = static_cast<int>(action.data().Get("seat").as_int());
    if (zone < 0 || !s.zones[static_cast<size_t>(zone)].VisibleTo(actor)) continue;
    for (int seat = 0; seat < s.num_seats; ++seat) {
      if (!action.VisibleTo(seat) || (n.revealed & SeatBit(seat)) != 0 ||
          s.zones[static_cast<size_t>(zone)].VisibleTo(seat))
        continue;
      const std::string& card = def.cards[static_cast<size_t>(n.card)].id;
      return "event #" + std::to_string(action.seq) + " (action '" + action.data().Get("action").as_string() +
             "' by seat " + std::to_string(actor) + ") tells seat " + std::to_string(seat) + " the card " + card +
             " that the same action shows only to other seats (from zone " + s.zones[static_cast<size_t>(zone)].id +
             "): list the action's type in `private_actions:` so that its text is logged to its actor alone";
    }
  }
  return "";
}

// Every string inside a value (arrays and maps walked, keys left out).
void StringsOf(const Value& v, std::vector<std::string>& out) {
  if (v.is_string()) out.push_back(v.as_string());
  else if (v.is_array())
    for (const auto& x : v.as_array()) StringsOf(x, out);
  else if (v.is_object())
    for (const auto& [k, x] : v.as_object()) StringsOf(x, out);
}

// A variable the seat's view holds (the public ones, g:set's without a leading '_',
// and the seat's own, g:seat_set's) is no event, and was not checked: a card drawn
// face down and kept as `g:set("drawn", card)` was shown to every seat. A card id
// in a variable must be one the seat may know of: one it was shown or saw move
// (`known`), one in a zone it sees, or one named to it, in an action's text or an
// event's field (a Clue suggestion names cards nobody showed: what it names is no
// secret), an option's value or the definition's `data:`. An id that also names a piece or a place is left out: it may mean either.
std::string CheckVariables(const Game& game, int seat, const Value& view, const std::set<std::string>& known) {
  const State& s = game.state();
  const Definition& def = game.definition();
  std::set<std::string> named;  // every string of the events the seat sees, made on first need
  bool named_made = false;
  auto may_know = [&](const std::string& card) {
    if (known.count(card)) return true;
    const int zone = s.card_zone[static_cast<size_t>(def.CardIndex(card))];
    if (zone >= 0 && s.zones[static_cast<size_t>(zone)].VisibleTo(seat)) return true;
    if (!named_made) {
      named_made = true;
      std::vector<std::string> strings;
      StringsOf(s.options, strings);  // the options are every seat's to read
      StringsOf(def.data, strings);   // and the definition's data: the rules, known to all
      for (const auto& e : s.log) {
        if (!e.VisibleTo(seat)) continue;
        StringsOf(e.data(), strings);
      }
      for (const auto& text : strings) {  // an action's text: its words
        for (size_t at = 0; at <= text.size();) {
          size_t end = text.find(' ', at);
          if (end == std::string::npos) end = text.size();
          named.insert(text.substr(at, end - at));
          at = end + 1;
        }
      }
    }
    return named.count(card) > 0;
  };
  // An id a card shares with a piece or a place (Clue's `scarlet` is her token and
  // her card, `lounge` a room and a card) may name that piece or place: `seat_tokens`
  // lists the tokens the seats play, no card.
  auto also_names_another_thing = [&](const std::string& id) {
    return def.PieceIndex(id) >= 0 || (def.board && def.board->Find(id) != kNoPlace);
  };
  auto check = [&](const Value& vars, const std::string& whose) -> std::string {
    if (!vars.is_object()) return "";
    for (const auto& [key, value] : vars.as_object()) {
      std::vector<std::string> strings;
      StringsOf(value, strings);
      for (const auto& str : strings)
        if (def.CardIndex(str) >= 0 && !also_names_another_thing(str) && !may_know(str))
          return "seat " + std::to_string(seat) + "'s view shows " + whose + " variable '" + key + "' holding card " +
                 str + ", which the seat has not been shown nor told of: " +
                 (whose == "the game" ? "every seat sees a variable set with g:set; keep a hidden card under a name "
                                        "beginning with '_' (docs/hooks.md)"
                                      : "a seat's own variable (g:seat_set) is in its view; keep there only what "
                                        "the seat may know");
    }
    return "";
  };
  if (std::string leak = check(view.Get("vars"), "the game"); !leak.empty()) return leak;
  const Value& seats = view.Get("seats");
  if (seats.is_array() && static_cast<size_t>(seat) < seats.as_array().size())
    return check(seats.as_array()[static_cast<size_t>(seat)].Get("vars"), "its own");
  return "";
}

}  // namespace

std::string CheckHiddenInformation(const Game& game) {
  const State& s = game.state();
  const Definition& def = game.definition();
  for (int seat = 0; seat < s.num_seats; ++seat) {
    // The view lists a zone's cards only when the seat may see that zone.
    Value view = game.View(seat);
    for (const auto& z : s.zones) {
      bool listed = view.Get("zones").Get(z.id).Has("cards");
      if (listed != z.VisibleTo(seat))
        return "seat " + std::to_string(seat) + "'s view " + (listed ? "shows" : "hides") + " zone " + z.id;
    }
    // Replay the seat's log: every card the seat is told about must be one it
    // could know (it saw the zone it came from or went to, it was shown it, or it
    // already knew it).
    std::set<std::string> known;
    for (const auto& e : s.log) {
      bool visible = e.VisibleTo(seat);
      std::vector<std::string> cards;
      CardsOf(e.data(), cards);
      if (!visible) continue;
      if (e.type == "card_moved" && !cards.empty()) {
        int from = s.ZoneIndex(e.data().Get("from").as_string());
        int to = s.ZoneIndex(e.data().Get("to").as_string());
        bool sees = (from >= 0 && s.zones[static_cast<size_t>(from)].VisibleTo(seat)) ||
                    (to >= 0 && s.zones[static_cast<size_t>(to)].VisibleTo(seat));
        if (!sees)
          return "seat " + std::to_string(seat) + " was told that " + cards[0] + " moved " +
                 e.data().Get("from").as_string() + " -> " + e.data().Get("to").as_string() + " without seeing either zone";
        known.insert(cards.begin(), cards.end());
        continue;
      }
      if (e.type == "reveal" || e.type == "zone_revealed") {
        known.insert(cards.begin(), cards.end());
        continue;
      }
      for (const auto& c : cards)
        if (!known.count(c))
          return "event #" + std::to_string(e.seq) + " (" + e.type + ") tells seat " + std::to_string(seat) +
                 " about card " + c + ", which it has not been shown";
    }
    // And no private event leaks into another seat's log.
    for (const auto& e : game.Log(seat))
      if (!e.VisibleTo(seat)) return "seat " + std::to_string(seat) + "'s log holds a private event of others";
    if (std::string leak = CheckVariables(game, seat, view, known); !leak.empty()) return leak;
  }
  (void)def;
  return CheckActionTexts(game);
}

std::string CheckOwnBotsReplayInAnotherRuntime(const LoadedDefinition& loaded, const Config& config, uint64_t seed) {
  if (!loaded.rules->HasHook("bot")) return "";
  LoadedDefinition second{loaded.def, std::make_shared<lua::LuaRules>(loaded.def)};
  auto play = [&](const LoadedDefinition& where) {
    Game game = where.NewGame(config.num_seats, seed, config.options);
    auto bots = MakeBots("rules", game, where.rules, seed);
    PlayOut(game, bots, config.max_actions);
    return game;
  };
  const State a = play(loaded).state(), b = play(second).state();
  if (a == b) return "";
  size_t i = 0;
  while (i < a.history.size() && i < b.history.size() && a.history[i] == b.history[i]) ++i;
  return "the definition's own bots, from seed " + std::to_string(seed) +
         ", play another game in a second runtime (first different action: number " + std::to_string(i + 1) +
         "); " + kBotsRuntimeHint;
}

namespace {

// A second runtime of the same definition, for replays: LuaJIT seeds each Lua
// state's string hashing at random, so the order in which `pairs` visits string
// keys differs between runtimes (and between runs of a program). Rules that let
// that order decide anything replay differently there. Two runtimes can happen to
// visit a table's keys in the same order, so each game is replayed in one of
// several, in turn: rules that depend on the order are caught in a run far more
// often than by one second runtime (about half the runs).
class OtherRuntimes {
 public:
  explicit OtherRuntimes(const LoadedDefinition& loaded) : others_(kCount, LoadedDefinition{loaded.def, nullptr}) {}
  const LoadedDefinition& For(int game) {
    LoadedDefinition& other = others_[static_cast<size_t>(game % kCount)];
    if (!other.rules) other.rules = std::make_shared<lua::LuaRules>(other.def);
    return other;
  }

 private:
  static constexpr int kCount = 4;
  std::vector<LoadedDefinition> others_;
};

// One game from `seed` played by `bots`, every promise checked: the cheap checks at
// every step, the deep ones (illegal actions, clones and saves, hidden information)
// every `deep_every` steps and more thinly past config.deep_steps; at the end the
// replays of seed + actions in this runtime and in `other`, and hidden information
// again. Returns the first failure ("" for none); `step` counts the actions played
// and `doing` says what was under way, for an exception's message.
// Asks every seat's name (hook seat_name), as `parlor play` does whenever it shows a
// seat: a hook that fails, or answers wrongly, in some positions only (a token
// looked up by where it stands) throws here, and the game fails with its message,
// rather than stopping a person's game. Bots never ask.
void NameEverySeat(const Game& game) {
  for (int s = 0; s < game.state().num_seats; ++s) game.SeatName(s);
}

// A seat's own bot is a function of what its seat may know: in a copy of the game
// where cards the seat cannot see have changed places (swapped, two of one category
// at a time, between zones it cannot see: other hands, the solution, a draw pile), its view, its log and its
// legal actions must be the same, and a new bot of the definition, given the same
// log, must choose the same action. A bot that chose otherwise read what its view
// does not show (a kept `g`, a module variable another seat's bot wrote); a view,
// log or listing that differs tells the seat of the cards itself. The games are
// copies sharing the runtime; the swaps are set-up edits, which log nothing.
std::string CheckOwnBotIgnoresUnseenCards(const LoadedDefinition& loaded, const Game& game, uint64_t seed,
                                          size_t step) {
  const int seat = game.actor();
  if (game.over() || seat < 0 || game.Legal().size() < 2) return "";
  const Definition& def = game.definition();
  const State& st = game.state();
  std::vector<int> unseen;  // cards in zones the seat cannot see
  for (const Zone& zone : st.zones)
    if (!zone.VisibleTo(seat)) unseen.insert(unseen.end(), zone.cards.begin(), zone.cards.end());
  if (unseen.size() < 2) return "";
  Game other = game;
  Rng rng(seed * 0x9E3779B97F4A7C15ULL + step);
  std::string swapped;
  for (int k = 0; k < 12; ++k) {
    const int a = unseen[static_cast<size_t>(rng.Below(unseen.size()))];
    const int b = unseen[static_cast<size_t>(rng.Below(unseen.size()))];
    const int za = other.state().card_zone[static_cast<size_t>(a)];
    const int zb = other.state().card_zone[static_cast<size_t>(b)];
    // Cards of one category only: another deal the seat could not tell from this one
    // (a solution of one card a category stays one, as the rules may count on).
    if (za == zb || def.cards[static_cast<size_t>(a)].category != def.cards[static_cast<size_t>(b)].category) continue;
    other.PlaceCard(def.cards[static_cast<size_t>(a)].id, st.zones[static_cast<size_t>(zb)].id);
    other.PlaceCard(def.cards[static_cast<size_t>(b)].id, st.zones[static_cast<size_t>(za)].id);
    swapped += (swapped.empty() ? "'" : ", '") + def.cards[static_cast<size_t>(a)].id + "' with '" +
               def.cards[static_cast<size_t>(b)].id + "'";
  }
  if (swapped.empty()) return "";
  const std::string when = "when cards seat " + std::to_string(seat) + " cannot see change places (swapped: " +
                           swapped + ")";
  if (!(other.View(seat, false) == game.View(seat, false)))
    return "seat " + std::to_string(seat) + "'s view changes " + when;
  if (other.Log(seat) != game.Log(seat)) return "seat " + std::to_string(seat) + "'s log changes " + when;
  // Each bot is asked right after its own game's listing (the copy lists when its bot
  // asks: the swaps made its listing stale), so that what the rules' hooks left in a
  // module variable while listing is that game's, as it is in play.
  Game mine = game;
  DefinitionBot mine_bot(loaded.rules, &mine, seat), other_bot(loaded.rules, &other, seat);
  const std::string chose = mine.LegalTexts()[AskBot(mine, mine_bot)];
  const std::string other_chose = other.LegalTexts()[AskBot(other, other_bot)];
  if (other.LegalTexts() != game.LegalTexts())
    return "seat " + std::to_string(seat) + "'s legal actions change " + when;
  if (chose == other_chose) return "";
  return "seat " + std::to_string(seat) + "'s own bot (hooks.bot) chose '" + chose + "', but '" + other_chose +
         "' " + when + ", with the same view, log and legal actions: the bot read something its view does not "
         "show (a module variable the rules' hooks or another seat's bot wrote: the Lua state is shared; keep what a "
         "seat learns in the bot's memory, docs/hooks.md)";
}

}  // namespace

std::string CheckNotebooks(const Game& game) {
  const Definition& def = game.definition();
  const State& st = game.state();
  const auto card = [&](size_t c) { return "'" + def.cards[c].id + "'"; };
  for (int seat = 0; seat < st.num_seats; ++seat) {
    const std::optional<SeatNotebook> nb = NotebookOf(game, seat);  // a failing hook throws
    if (!nb || nb->broken) continue;  // a broken notebook claims nothing
    const std::string whose = "seat " + std::to_string(seat) + "'s notebook (hook notebook) says ";
    for (size_t c = 0; c < def.cards.size(); ++c) {
      const Zone& zone = st.zones[static_cast<size_t>(st.card_zone[c])];
      const int holder = nb->holder[c];
      if (holder >= 0 && zone.owner != holder)
        return whose + "seat " + std::to_string(holder) + " holds " + card(c) + ", but it is in '" + zone.id + "'";
      if (zone.owner >= 0 && (nb->lacks[c] >> zone.owner & 1))
        return whose + "seat " + std::to_string(zone.owner) + " does not hold " + card(c) + ", but it is in '" +
               zone.id + "'";
    }
    for (int c : nb->solution) {
      const Zone& zone = st.zones[static_cast<size_t>(st.card_zone[static_cast<size_t>(c)])];
      if (zone.owner >= 0)
        return whose + card(static_cast<size_t>(c)) + " is in the solution, but it is in '" + zone.id + "'";
    }
  }
  return "";
}

namespace {

// A case's notes are its first few: a rule set whose every game meets the same
// unchecked moment would otherwise print one a game.
void AddNote(Report& report, std::string note) {
  if (report.notes.size() < Notes::kMost) report.notes.push_back(std::move(note));
  else ++report.notes_left_off;
}

// A game's notes into its case's report: the first few, each said where, and the
// count of the rest.
void AddNotes(Report& report, const std::string& where, const Notes& notes) {
  for (const auto& note : notes.kept) AddNote(report, where + ": " + note);
  report.notes_left_off += notes.notes_left_off;
}

std::string PlayChecked(const LoadedDefinition& loaded, const Config& config, uint64_t seed, size_t deep_every,
                        bool own_bots, bool by_type, const LoadedDefinition& other, size_t& step,
                        const char*& doing, Notes& notes) {
  doing = "setting up";
  Game game = loaded.NewGame(config.num_seats, seed, config.options);
  auto bots = own_bots  ? MakeBots("rules", game, loaded.rules, seed)
              : by_type ? ByTypeRandomBots(config.num_seats, seed)
                        : RandomBots(config.num_seats, seed);
  doing = "playing";
  // A deep check replays the whole game so far (a saved game is its seed and its
  // actions), so it costs time in proportion to the game's length. Past the first
  // `deep_steps` steps the gap to the next one is half the steps played: a game
  // of any length then costs about three extra replays of itself, and random
  // play of some rule sets runs to tens of thousands of actions.
  size_t next_deep = 0;
  auto check = [&](Game& g) {
    std::string m = CheckInvariants(*loaded.def, g.state());
    if (m.empty()) m = CheckLegalActionsSortedUnique(g);
    if (m.empty() && step >= next_deep) {
      next_deep = step + (step < config.deep_steps ? deep_every : std::max(deep_every, step / 2));
      if (m.empty()) m = CheckIllegalActionsChangeNothing(g);
      if (m.empty()) m = CheckCloneAndSaveRoundTrip(g, loaded);
      if (m.empty()) m = CheckHiddenInformation(g);
      if (m.empty() && own_bots) m = CheckOwnBotIgnoresUnseenCards(loaded, g, seed, step);
      if (m.empty()) NameEverySeat(g);
    }
    // A notebook reads the seat's whole log at each call, so asking every seat at
    // every deep check made the deduction games' cases a third slower: asked after
    // 0, 1, 2, 4, 8, ... actions and at the end, it still meets every stage of a game.
    if (m.empty() && (step & (step - 1)) == 0) m = CheckNotebooks(g);
    return m;
  };
  // Every moment that rolled privately is checked, not only the deep steps: such
  // moments are few (Liar's Dice rolls at the set-up and after each challenge), and a
  // leak in one of them is missed if skipped. A game without private rolls pays a
  // look at the type of each new event. Once a game has rolled privately, a copy of
  // it is kept before each action, for the check to start from: replaying the game
  // from its seed at each such moment made Liar's Dice's conform run 2x slower.
  std::string failure = check(game);
  bool rolled_privately = false;
  std::optional<Game> kept;
  if (failure.empty())
    failure = CheckPrivateRollsStayPrivate(loaded, config, seed, game, 0, 0, own_bots, nullptr, rolled_privately,
                                           notes);
  while (failure.empty() && !game.over()) {
    if (step >= config.max_actions)
      return "the game did not end within " + std::to_string(config.max_actions) + " actions";
    Action chosen = game.Legal().at(AskBot(game, *bots[static_cast<size_t>(game.actor())]));
    const size_t logged = game.LogSize();
    if (rolled_privately) kept = game;
    game.Apply(chosen);
    ++step;
    failure = check(game);
    if (failure.empty())
      failure = CheckPrivateRollsStayPrivate(loaded, config, seed, game, step, logged, own_bots,
                                             kept ? &*kept : nullptr, rolled_privately, notes);
  }
  if (!failure.empty()) return failure;
  if (failure = CheckNotebooks(game); !failure.empty()) return failure;
  // Replay from seed + actions reaches the identical state.
  doing = "replaying seed + actions";
  Game replay = loaded.NewGame(config.num_seats, seed, config.options);
  for (const auto& a : game.state().history) replay.Apply(a);
  if (!(replay.state() == game.state()))
    return std::string("replaying seed + actions does not reach the same state: ") + kLuaStateHint;
  doing = "replaying seed + actions in a second runtime of the definition";
  Game elsewhere = other.NewGame(config.num_seats, seed, config.options);
  for (const auto& a : game.state().history) elsewhere.Apply(a);
  if (!(elsewhere.state() == game.state()))
    return std::string("replaying seed + actions in a second runtime of the definition does not reach the same "
                       "state: ") + kRulesRuntimeHint;
  return CheckHiddenInformation(game);
}

}  // namespace

namespace {

// What a game's hooks wrote into g:data(), in either runtime, said once a case: the
// table stays written for every later game.
std::string DataWritten(const LoadedDefinition& loaded, const LoadedDefinition& other, Report& report) {
  std::string diff = loaded.rules->DataWritten();
  if (diff.empty()) diff = other.rules->DataWritten();
  if (diff.empty()) return "";
  report.data_written = true;
  return "a hook wrote into g:data(), which is the definition's, shared by every game of the loaded rules "
         "and no part of a game's state (not saved, copied or replayed): " + diff +
         "; keep what changes with g:set (docs/hooks.md)";
}

// What a game's hooks wrote into the globals or g (`tostring = f`, `g.where = nil`),
// in either runtime, said once a case: the engine puts them back when it turns to
// another game, so a game's outcome would depend on the games played before it.
std::string SharedWritten(const LoadedDefinition& loaded, const LoadedDefinition& other, Report& report) {
  std::string diff = loaded.rules->SharedWritten();
  if (diff.empty()) diff = other.rules->SharedWritten();
  if (diff.empty()) return "";
  report.shared_written = true;
  return "a hook wrote into the globals or g, which every game of the loaded rules shares and no part of a "
         "game's state (not saved, copied or replayed; the engine puts them back when it turns to another "
         "game): " + diff +
         "; keep what changes with g:set (docs/hooks.md, \"What a hook may change\")";
}

// One set of random games (uniform, or by type) into `report`: from config.first_seed
// on, until config.games or `budget` actions (0: no limit), but `min_games` at least.
void RunSet(const LoadedDefinition& loaded, const Config& config, bool by_type, size_t budget, int min_games,
            int deep_games, OtherRuntimes& others, Report& report) {
  size_t actions = 0;
  for (int i = 0; i < config.games; ++i) {
    if (budget > 0 && actions >= budget && i >= min_games) break;
    uint64_t seed = config.first_seed + static_cast<uint64_t>(i);
    // A by-type game says so: `parlor conform --policy by-type --seed N` plays it again.
    std::string where = loaded.def->id + " seed " + std::to_string(seed) + " seats " +
                        std::to_string(config.num_seats) + (by_type ? ", drawing by action type" : "");
    ++report.games;
    if (by_type) ++report.games_by_type;
    size_t step = 0;
    const char* doing = "setting up";  // for an exception's message
    const size_t deep_every = i < deep_games ? 1 : static_cast<size_t>(std::max(config.deep_every, 1));
    Notes notes;
    try {
      std::string failure =
          PlayChecked(loaded, config, seed, deep_every, false, by_type, others.For(i), step, doing, notes);
      if (failure.empty() && !report.data_written) failure = DataWritten(loaded, others.For(i), report);
      if (failure.empty() && !report.shared_written) failure = SharedWritten(loaded, others.For(i), report);
      if (!failure.empty()) report.failures.push_back(where + " after " + std::to_string(step) + " actions: " + failure);
    } catch (const std::exception& e) {
      report.failures.push_back(where + " after " + std::to_string(step) + " actions, " + doing + ": " + e.what());
    }
    AddNotes(report, where, notes);
    actions += step;
    report.actions += step;
    if (by_type) report.actions_by_type += step;
  }
}

}  // namespace

const char* PolicyName(Policy policy) {
  switch (policy) {
    case Policy::kUniform: return "uniform";
    case Policy::kByType: return "by-type";
    case Policy::kBoth: return "both";
  }
  return "both";
}

Policy ParsePolicy(const std::string& name, const std::string& said_as) {
  for (Policy p : {Policy::kUniform, Policy::kByType, Policy::kBoth})
    if (name == PolicyName(p)) return p;
  throw StateError(said_as + " " + name + ": expected uniform, by-type or both");
}

Report Run(const LoadedDefinition& loaded, const Config& config) {
  Report report;
  OtherRuntimes others(loaded);
  if (config.policy != Policy::kBoth) {
    RunSet(loaded, config, config.policy == Policy::kByType, config.action_budget, config.min_games,
           config.deep_games, others, report);
    return report;
  }
  RunSet(loaded, config, false, config.action_budget, config.min_games, config.deep_games, others, report);
  // The games by type play what is left of the budget, up to action_budget_by_type,
  // but min_games_by_type at least: where uniform games are long already (an Italian
  // accusation waits for an unrefuted suggestion: tens of thousands of actions a game;
  // a race game's hundreds), a few games more suffice and the suite's time stays near
  // what it was; where they are a few actions long (a deduction game's accusations),
  // all of them are played.
  size_t left = config.action_budget_by_type;
  if (config.action_budget > 0) {
    const size_t rest = report.actions < config.action_budget ? config.action_budget - report.actions : 1;
    left = left > 0 ? std::min(left, rest) : rest;
  }
  // Only the first game by type is checked in depth at every step: the deep checks
  // replay the game so far, so the three such games of a rule set whose games by type
  // run to hundreds of actions (Cluedo German) cost more than all its uniform games.
  RunSet(loaded, config, true, left, std::min(config.min_games, config.min_games_by_type),
         std::min(config.deep_games, 1), others, report);
  return report;
}

std::vector<Case> CasesOf(const Definition& def) {
  std::vector<Case> cases;
  for (int n = def.min_players; n <= std::min(def.max_players, 6); ++n) cases.push_back({n, ""});
  // A mode is played with its fewest and its most seats (every seat count of a
  // definition is already played without a mode).
  for (const auto& mode : def.modes) {
    const int most = std::min(mode.max_players, 6);
    cases.push_back({mode.min_players, mode.id});
    if (most != mode.min_players) cases.push_back({most, mode.id});
  }
  return cases;
}

std::vector<Case> CasesFor(const Definition& def, int players, const std::string& mode) {
  std::vector<Case> cases;
  if (players == 0) {
    for (const auto& c : CasesOf(def))
      if (mode.empty() || c.mode == mode) cases.push_back(c);
    return cases;
  }
  if (mode.empty() && players >= def.min_players && players <= def.max_players) cases.push_back({players, ""});
  for (const auto& m : def.modes)
    if ((mode.empty() || m.id == mode) && players >= m.min_players && players <= m.max_players)
      cases.push_back({players, m.id});
  return cases;
}

Config CaseConfig(const LoadedDefinition& loaded, const Case& c, int games, uint64_t first_seed, Policy policy) {
  Config config;
  config.policy = policy;
  config.num_seats = c.seats;
  config.options = c.mode.empty() ? c.options : loaded.def->OptionsInMode(c.mode, c.seats, c.options);
  config.games = games;
  config.first_seed = first_seed;
  config.deep_games = 3;   // every step of the first three games,
  config.deep_every = 7;   // then every seventh step (cheap checks run at every step)
  // Random play is long in some rule sets (an Italian accusation needs an unrefuted
  // suggestion naming none of one's cards): the bound only catches games that never end.
  config.max_actions = 200000;
  config.action_budget = kActionBudget;  // long rule sets play at least min_games (10) games
  config.action_budget_by_type = kActionBudgetByType;
  return config;
}

Report RunOwnBots(const LoadedDefinition& loaded, const Config& config, int games) {
  Report report;
  if (!loaded.rules->HasHook("bot")) return report;
  OtherRuntimes others(loaded);
  for (int i = 0; i < games; ++i) {
    const uint64_t seed = config.first_seed + static_cast<uint64_t>(i);
    const std::string where = loaded.def->id + " seed " + std::to_string(seed) + " seats " +
                              std::to_string(config.num_seats) + ", a game between the definition's own bots";
    ++report.games;
    size_t step = 0;
    const char* doing = "setting up";
    std::string problem;
    Notes notes;
    try {
      problem = PlayChecked(loaded, config, seed, static_cast<size_t>(std::max(config.deep_every, 1)), true, false,
                            others.For(i), step, doing, notes);
      if (!problem.empty()) problem = where + ", after " + std::to_string(step) + " actions: " + problem;
      // A hook failing in a game between the definition's own bots fails the case,
      // not the whole run.
      if (problem.empty()) {
        doing = "playing it again in a second runtime";
        problem = CheckOwnBotsReplayInAnotherRuntime(loaded, config, seed);
      }
    } catch (const std::exception& e) {
      problem = where + ", after " + std::to_string(step) + " actions, " + doing + ": " + e.what();
    }
    report.actions += step;
    if (!problem.empty()) report.failures.push_back(problem);
    AddNotes(report, where, notes);
  }
  // A bot that wrote into a table of its view (bot_view.h: the engine handed that
  // table out no more, so no other seat or game saw the write), said once a case.
  if (std::string written = loaded.rules->BotViewWritten(); !written.empty())
    report.failures.push_back(loaded.def->id + " seats " + std::to_string(config.num_seats) +
                              ", in the games between the definition's own bots: " + written + "; " +
                              lua::kBotViewWrittenHint);
  return report;
}

Report RunCase(const LoadedDefinition& loaded, const Case& c, int games, uint64_t first_seed, size_t max_actions,
               Policy policy) {
  Config config = CaseConfig(loaded, c, games, first_seed, policy);
  if (max_actions > 0) config.max_actions = max_actions;
  Report report = Run(loaded, config);
  config.max_actions = std::min<size_t>(config.max_actions, 20000);
  const Report own = RunOwnBots(loaded, config);
  report.failures.insert(report.failures.end(), own.failures.begin(), own.failures.end());
  for (const auto& note : own.notes) AddNote(report, note);
  report.notes_left_off += own.notes_left_off;
  return report;
}

}  // namespace parlor::conformance
