// The view a definition bot gets is built straight into Lua, as it is read
// (bot_view.cpp); it must stay the table PushValue makes of Game::View(seat, false)
// plus "log", each field down to the order in which `pairs` visits it (bots iterate
// views, and their choices must not change).
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "scripting/engine.h"
#include "scripting/lua/bot_strings.h"
#include "scripting/lua/bot_view.h"
#include "scripting/lua/lua_value.h"

namespace parlor {
namespace {

// A Lua value with each table's entries in the order lua_next gives them.
struct Snapshot {
  std::string scalar;  // type name and value for non-tables
  std::vector<std::pair<Snapshot, Snapshot>> entries;
  bool operator==(const Snapshot&) const = default;
};

Snapshot Take(lua_State* L, int index) {
  if (index < 0) index = lua_gettop(L) + index + 1;
  Snapshot s;
  s.scalar = lua_typename(L, lua_type(L, index));
  switch (lua_type(L, index)) {
    case LUA_TNUMBER: {
      char buf[40];
      std::snprintf(buf, sizeof buf, " %.17g", lua_tonumber(L, index));
      s.scalar += buf;
      break;
    }
    case LUA_TBOOLEAN: s.scalar += lua_toboolean(L, index) ? " true" : " false"; break;
    case LUA_TSTRING: {
      size_t n = 0;
      const char* c = lua_tolstring(L, index, &n);
      s.scalar += " " + std::string(c, n);
      break;
    }
    case LUA_TTABLE:
      lua_pushnil(L);
      while (lua_next(L, index) != 0) {
        Snapshot v = Take(L, -1);
        lua_pop(L, 1);
        s.entries.emplace_back(Take(L, -1), std::move(v));
      }
      break;
    default: break;
  }
  return s;
}

// What DefinitionBot handed the bot before the view was built in Lua.
Value ViewWithLog(const Game& game, int seat, size_t log_from) {
  const auto& log = game.state().log;
  Value::Array fresh;
  for (size_t i = log_from; i < log.size(); ++i) {
    if (!log[i].VisibleTo(seat)) continue;
    Value ev = log[i].data().is_object() ? log[i].data() : Value(Value::Object{});
    ev["type"] = log[i].type;
    fresh.push_back(std::move(ev));
  }
  Value view = game.View(seat, /*with_legal_actions=*/false);
  view["log"] = std::move(fresh);
  return view;
}

// Calls the __fill of the table on top (what the sandbox's pairs and next do).
void Fill(lua_State* L) {
  ASSERT_TRUE(lua_getmetatable(L, -1));
  lua_getfield(L, -1, "__fill");
  ASSERT_TRUE(lua_isfunction(L, -1));
  lua_pushvalue(L, -3);
  lua_call(L, 1, 0);
  lua_pop(L, 1);
}

// The view filled as it is read has the content of PushValue of the view with its
// log, and each field (each zone too) is the same table down to the order `pairs`
// visits it, whether it was read first (a zone, the log) or filled. `lazy` is kept
// along the game: its events are made once and shared by the seats.
void CompareLazyView(lua_State* L, lua::LazyBotView& lazy, const Game& game, int seat, size_t log_from,
                     lua::BotStrings& strings) {
  const int top = lua_gettop(L);
  lua::PushValue(L, ViewWithLog(game, seat, log_from));
  const int converted = lua_gettop(L);
  lazy.Push(game, seat, log_from, strings);
  const int view = lua_gettop(L);
  lua_getfield(L, view, "zones");  // read one zone before the rest are filled
  lua_getfield(L, -1, ("hand:" + std::to_string(seat)).c_str());
  lua_settop(L, view);
  lua_getfield(L, view, "log");
  lua_settop(L, view);
  Fill(L);
  // A filled view has nothing left to fill: its metatable serves the methods alone.
  ASSERT_EQ(lua_getmetatable(L, view), 1) << "the methods' metatable";
  lua_getfield(L, -1, "__fill");
  EXPECT_TRUE(lua_isnil(L, -1)) << "a filled view fills nothing more";
  lua_settop(L, view);
  EXPECT_EQ(lua::ToValue(L, converted), lua::ToValue(L, view)) << game.definition().id << " seat " << seat;
  for (const char* field : {"log", "options", "pieces", "seats", "vars", "winners"}) {
    lua_getfield(L, converted, field);
    lua_getfield(L, view, field);
    EXPECT_TRUE(Take(L, -2) == Take(L, -1)) << field;
    lua_settop(L, view);
  }
  for (const auto& z : game.state().zones) {
    lua_getfield(L, converted, "zones");
    lua_getfield(L, -1, z.id.c_str());
    lua_getfield(L, view, "zones");
    lua_getfield(L, -1, z.id.c_str());
    EXPECT_TRUE(Take(L, -3) == Take(L, -1)) << "zone " << z.id;
    lua_settop(L, view);
  }
  lazy.End();
  lua_settop(L, top);
}

// Plays random legal actions and compares both views of every seat along the way.
void CompareAlongAGame(const std::string& id, int seats, uint64_t seed) {
  auto loaded = LoadPlayable(id);
  lua_State* L = loaded.rules->sandbox().L();
  lua::BotStrings strings(L);
  lua::LazyBotView lazy(L);
  Game game = loaded.NewGame(seats, seed);
  std::mt19937_64 rng(seed);
  std::vector<size_t> seen(static_cast<size_t>(seats), 0);
  int compared = 0;
  for (int step = 0; step < 400 && !game.over(); ++step) {
    if (step % 7 == 0) {
      for (int seat = 0; seat < seats; ++seat) {
        strings.Prepare(game.definition());
        SCOPED_TRACE(id + " seat " + std::to_string(seat) + " step " + std::to_string(step));
        CompareLazyView(L, lazy, game, seat, seen[static_cast<size_t>(seat)], strings);
        seen[static_cast<size_t>(seat)] = game.state().log.size();
        ++compared;
      }
    }
    // Random play, but not accusing while something else is legal: random
    // accusations end a Clue game within a few turns.
    std::vector<Action> legal;
    for (const Action& a : game.LegalActions())
      if (a.type != "accuse") legal.push_back(a);
    if (legal.empty()) legal = game.LegalActions();
    ASSERT_FALSE(legal.empty());
    game.Apply(legal[rng() % legal.size()]);
  }
  EXPECT_GT(compared, seats * 5);
}

TEST(BotView, EqualEventsOfTwoGamesShareOneTable) {
  // Event tables are shared by content across games (bot_view.h, shared_events): a
  // replay of the same game hands out the very tables of the first, and two
  // different events never share one.
  auto loaded = LoadPlayable("clue-1949");
  lua_State* L = loaded.rules->sandbox().L();
  lua::BotStrings strings(L);
  lua::LazyBotView lazy(L);
  auto log_of = [&](Game& game) {  // seat 0's log, as a registry reference
    strings.Prepare(game.definition());
    lazy.Push(game, 0, 0, strings);
    lua_getfield(L, -1, "log");
    const int ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lazy.End();
    lua_pop(L, 1);
    return ref;
  };
  Game first = loaded.NewGame(3, 5);
  for (int i = 0; i < 30 && !first.over(); ++i) first.Apply(first.LegalActions().back());
  Game second = loaded.NewGame(3, 5);
  for (const auto& a : first.state().history) second.Apply(a);
  const int a = log_of(first), b = log_of(second);
  lua_rawgeti(L, LUA_REGISTRYINDEX, a);
  lua_rawgeti(L, LUA_REGISTRYINDEX, b);
  const int n = static_cast<int>(lua_objlen(L, -2));
  ASSERT_GT(n, 20);
  ASSERT_EQ(static_cast<int>(lua_objlen(L, -1)), n);
  std::set<const void*> distinct;
  for (int i = 1; i <= n; ++i) {
    lua_rawgeti(L, -2, i);
    lua_rawgeti(L, -2, i);
    EXPECT_TRUE(lua_rawequal(L, -1, -2)) << "event " << i;
    distinct.insert(lua_topointer(L, -1));
    lua_pop(L, 2);
  }
  // Events with different data got tables of their own.
  std::set<std::string> contents;
  for (const Event& e : first.Log(0)) contents.insert(e.type + e.data().ToJson());
  EXPECT_EQ(distinct.size(), contents.size());
  lua_pop(L, 2);
  luaL_unref(L, LUA_REGISTRYINDEX, a);
  luaL_unref(L, LUA_REGISTRYINDEX, b);
}

TEST(BotView, SameTableAsPushValueOfTheViewClue) { CompareAlongAGame("clue-1949", 6, 3); }
TEST(BotView, SameTableAsPushValueOfTheViewClueThreeSeats) { CompareAlongAGame("clue-1949", 3, 8); }
TEST(BotView, SameTableAsPushValueOfTheViewSorry) { CompareAlongAGame("sorry", 4, 5); }
TEST(BotView, SameTableAsPushValueOfTheViewItalian) { CompareAlongAGame("cluedo-italian", 4, 2); }

// Texts come from a cache; each must be the action's canonical text and be
// recognised from an equal Lua string, whichever lists precede (the cache compares each action with the
// one that followed it in the previous list).
TEST(BotStrings, ActionTextsRoundTrip) {
  auto loaded = LoadPlayable("clue-1949");
  lua_State* L = loaded.rules->sandbox().L();
  lua::BotStrings strings(L);
  Game game = loaded.NewGame(4, 1);
  strings.Prepare(game.definition());
  std::vector<Action> all = game.LegalActions();
  ASSERT_GT(all.size(), 10u);
  std::vector<Action> odd, reversed(all.rbegin(), all.rend()), shifted(all.begin() + 5, all.end());
  for (size_t i = 1; i < all.size(); i += 2) odd.push_back(all[i]);
  shifted.insert(shifted.begin() + 3, all.begin(), all.begin() + 5);
  for (auto* list : {&all, &all, &odd, &all, &reversed, &shifted, &all}) {
    strings.BeginActions();
    for (const Action& a : *list) {
      lua::BotStrings::Text t = strings.ActionText(a);
      ASSERT_GE(t.ref, 0);
      strings.Push(t.ref);
      size_t n = 0;
      const char* c = lua_tolstring(L, -1, &n);
      EXPECT_EQ(std::string(c, n), a.Text());
      EXPECT_EQ(c, t.chars);
      // What the bot's choice is recognised by: an equal string made anew in Lua
      // is the cached one.
      const std::string text = a.Text();
      lua_pushlstring(L, text.data(), text.size());
      EXPECT_EQ(lua_tostring(L, -1), t.chars);
      lua_pop(L, 2);
    }
  }
}

// Interned strings come back as themselves, across the growth of the table that
// finds them (open addressing: a string must be found where it was put).
TEST(BotStrings, InternedStringsComeBackAsThemselves) {
  auto loaded = LoadPlayable("clue-1949");
  lua_State* L = loaded.rules->sandbox().L();
  lua::BotStrings strings(L);
  strings.Prepare(loaded.rules->definition());
  const size_t before = strings.interned();
  for (int round = 0; round < 2; ++round) {
    for (int i = 0; i < 3000; ++i) {
      const std::string text = (i % 3 ? "s" : "a longer string, number ") + std::to_string(i);
      strings.PushString(text);
      ASSERT_EQ(std::string(lua_tostring(L, -1)), text) << "round " << round;
      lua_pop(L, 1);
    }
    EXPECT_EQ(strings.interned(), before + 3000) << "round " << round;  // the second finds them all
  }
}

// Past kMaxStrings the cache starts afresh (at Prepare, between decisions); the
// texts and the view stay right afterwards.
TEST(BotStrings, StartsAfreshPastTheCap) {
  auto loaded = LoadPlayable("clue-1949");
  lua_State* L = loaded.rules->sandbox().L();
  lua::BotStrings strings(L);
  Game game = loaded.NewGame(3, 2);
  const Action first = game.LegalActions().front();
  strings.Prepare(game.definition());
  strings.BeginActions();
  ASSERT_GE(strings.ActionText(first).ref, 0);
  for (size_t i = 0; i <= lua::BotStrings::kMaxStrings; ++i) strings.ActionText(Action{"x", -1, {std::to_string(i)}});
  strings.Prepare(game.definition());
  strings.BeginActions();
  const lua::BotStrings::Text after = strings.ActionText(first);
  ASSERT_GE(after.ref, 0);
  strings.Push(after.ref);
  EXPECT_EQ(std::string(lua_tostring(L, -1)), first.Text());
  lua_pop(L, 1);
  lua::LazyBotView lazy(L);
  CompareLazyView(L, lazy, game, 0, 0, strings);
}

// A product's texts come from a table made once; each decision gets a copy of its
// own (a table.clone when the LuaJIT build has it and the room left after the texts
// suffices, else copied entry by entry: `more` past the room forces that path).
TEST(BotStrings, ProductTextsAreCopiedIntoATableOfTheirOwn) {
  auto loaded = LoadPlayable("clue-1949");
  lua_State* L = loaded.rules->sandbox().L();
  lua::BotStrings strings(L);
  Game game = loaded.NewGame(3, 2);
  strings.Prepare(game.definition());
  const ActionProduct p{"accuse", {{"a", "b"}, {"x", "y", "z"}}};
  const int top = lua_gettop(L);
  for (int more : {0, 4, 5, 64, 65, 1000}) {  // the tight table, the roomy one, no clone
    strings.PushCopyOfTexts(p, more);
    ASSERT_EQ(lua_objlen(L, -1), 6u) << more;
    Action member;
    for (int i = 1; i <= 6; ++i) {
      lua_rawgeti(L, -1, i);
      p.Member(static_cast<size_t>(i - 1), -1, member);
      EXPECT_EQ(std::string(lua_tostring(L, -1)), member.Text());
      EXPECT_EQ(lua_tostring(L, -1), strings.TextsOf(p).chars[static_cast<size_t>(i - 1)]);
      lua_pop(L, 1);
    }
    lua_pushstring(L, "changed");  // the copy is the caller's: the cache keeps its texts
    lua_rawseti(L, -2, 1);
    lua_settop(L, top);
  }
}

// A three-seat clue-1949 game (seed 2), the runtime's bot strings prepared for it and
// a lazy view: what most tests below start from.
struct ThreeSeatClue {
  LoadedDefinition loaded = LoadPlayable("clue-1949");
  lua_State* L = loaded.rules->sandbox().L();
  lua::BotStrings strings{L};
  lua::LazyBotView lazy{L};
  Game game = loaded.NewGame(3, 2);
  ThreeSeatClue() { strings.Prepare(game.definition()); }
  // Pushes `code` as a function that runs in the sandbox's environment, as a bot does.
  void Load(const std::string& code) {
    ASSERT_EQ(luaL_loadstring(L, code.c_str()), 0) << lua_tostring(L, -1);
    loaded.rules->sandbox().PushEnv();
    lua_setfenv(L, -2);
  }
};

// A bot reads its view during its decision; a field it did not read then cannot be
// read later (say from a view kept in memory): the error says why. pairs and next
// see every field.
TEST(LazyBotView, FieldsAreFilledDuringTheDecisionOnly) {
  ThreeSeatClue setup;
  auto& [loaded, L, strings, lazy, game] = setup;
  const int top = lua_gettop(L);
  lazy.Push(game, 0, 0, strings);
  lua_getfield(L, -1, "vars");  // read during the decision: kept
  lua_pop(L, 1);
  lua_getfield(L, -1, "zones");  // the zones table is read; no zone in it yet
  lua_pop(L, 1);
  lazy.End();
  lua_getfield(L, -1, "vars");
  EXPECT_TRUE(lua_istable(L, -1));
  lua_pop(L, 1);
  lua_getfield(L, -1, "seat");
  EXPECT_EQ(lua_tointeger(L, -1), 0);
  lua_pop(L, 1);
  for (const std::string code : {"local v = ...; return v.pieces", "local v = ...; return v.zones['hand:0']",
                                 "local v = ...; for k in pairs(v) do end"}) {
    ASSERT_EQ(luaL_loadstring(L, code.c_str()), 0);
    loaded.rules->sandbox().PushEnv();
    lua_setfenv(L, -2);  // the sandbox's pairs
    lua_pushvalue(L, -2);
    ASSERT_NE(lua_pcall(L, 1, 1, 0), 0) << code;
    EXPECT_NE(std::string(lua_tostring(L, -1)).find("was read after the bot's decision"), std::string::npos)
        << lua_tostring(L, -1);
    lua_pop(L, 1);
  }
  lua_settop(L, top);
}

// A view field (or one zone of "zones") read in a decision of `seat`: the table's
// address, a registry reference keeping it, and its content then.
struct Read {
  const void* table = nullptr;
  int ref = LUA_NOREF;
  Value content;
};
Read ReadField(lua_State* L, lua::LazyBotView& lazy, const Game& game, int seat, const std::string& field,
               const std::string& zone, lua::BotStrings& strings) {
  const int top = lua_gettop(L);
  strings.Prepare(game.definition());
  lazy.Push(game, seat, game.state().log.size(), strings);
  lua_getfield(L, -1, field.c_str());
  if (!zone.empty()) lua_getfield(L, -1, zone.c_str());
  Read r{lua_topointer(L, -1), LUA_NOREF, lua::ToValue(L, -1)};
  r.ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lazy.End();
  lua_settop(L, top);
  return r;
}

// Tables of "pieces", "vars" and each zone are handed out again while what they
// show is unchanged (to every seat for the first two, to the seats that see the
// same of a zone); once it changes the view gets a new table, and the one handed
// out earlier still shows what it showed then.
TEST(LazyBotView, KeptTablesAreReusedWhileUnchangedAndNeverWritten) {
  auto loaded = LoadPlayable("clue-1949");
  lua_State* L = loaded.rules->sandbox().L();
  lua::BotStrings strings(L);
  lua::LazyBotView lazy(L);
  Game game = loaded.NewGame(3, 2);
  auto read = [&](int seat, const std::string& field, const std::string& zone = "") {
    return ReadField(L, lazy, game, seat, field, zone, strings);
  };
  auto viewed = [&](int seat, const std::string& field, const std::string& zone = "") {
    Value v = game.View(seat, false)[field];
    return zone.empty() ? v : v[zone];
  };
  auto now = [&](const Read& r) {  // the content of a table read earlier, now
    lua_rawgeti(L, LUA_REGISTRYINDEX, r.ref);
    Value v = lua::ToValue(L, -1);
    lua_pop(L, 1);
    return v;
  };
  const Read vars = read(0, "vars"), pieces = read(0, "pieces"), hand = read(0, "zones", "hand:0");
  const Read other_hand = read(0, "zones", "hand:1");
  EXPECT_EQ(read(1, "vars").table, vars.table);
  EXPECT_EQ(read(2, "pieces").table, pieces.table);
  EXPECT_EQ(read(0, "zones", "hand:0").table, hand.table);
  EXPECT_EQ(read(2, "zones", "hand:1").table, other_hand.table);
  const Read own_hand = read(1, "zones", "hand:1");  // its cards are shown to seat 1 only
  EXPECT_NE(own_hand.table, other_hand.table);
  EXPECT_EQ(own_hand.content, viewed(1, "zones", "hand:1"));
  EXPECT_EQ(other_hand.content, viewed(0, "zones", "hand:1"));
  EXPECT_EQ(read(2, "zones", "hand:1").content, viewed(2, "zones", "hand:1"));

  // The game changes: new tables with the new content; the old ones are as they were.
  const std::string piece = game.definition().pieces[0].id;
  game.PlacePiece(piece, viewed(0, "pieces")[piece] == Value("kitchen") ? "hall" : "kitchen");
  game.SetVar("probe", Value(7));
  const int envelope = game.state().ZoneIndex("envelope");
  ASSERT_GE(envelope, 0);
  const int card = game.state().zones[static_cast<size_t>(envelope)].cards.at(0);
  game.PlaceCard(game.definition().cards[static_cast<size_t>(card)].id, "hand:0");
  const Read vars2 = read(1, "vars"), pieces2 = read(1, "pieces"), hand2 = read(0, "zones", "hand:0");
  EXPECT_NE(vars2.table, vars.table);
  EXPECT_NE(pieces2.table, pieces.table);
  EXPECT_NE(hand2.table, hand.table);
  EXPECT_EQ(vars2.content, viewed(1, "vars"));
  EXPECT_EQ(pieces2.content, viewed(1, "pieces"));
  EXPECT_EQ(hand2.content, viewed(0, "zones", "hand:0"));
  EXPECT_NE(vars2.content, vars.content);
  EXPECT_NE(pieces2.content, pieces.content);
  EXPECT_NE(hand2.content, hand.content);
  EXPECT_EQ(now(vars), vars.content);
  EXPECT_EQ(now(pieces), pieces.content);
  EXPECT_EQ(now(hand), hand.content);
}

// An event's table is made once per game and handed to every seat that sees it,
// at whichever decision each reads it; the log lists each seat's new events.
TEST(LazyBotView, AnEventIsOneTableForEverySeat) {
  ThreeSeatClue setup;
  auto& [loaded, L, strings, lazy, game] = setup;
  // The tables of log entries [from, size) seen by `seat`, by log index.
  auto events = [&](int seat, size_t from, const Game& game) {
    std::map<size_t, const void*> tables;
    lazy.Push(game, seat, from, strings);
    lua_getfield(L, -1, "log");
    size_t n = 0;
    for (size_t i = from; i < game.state().log.size(); ++i) {
      if (!game.state().log[i].VisibleTo(seat)) continue;
      lua_rawgeti(L, -1, static_cast<int>(++n));
      EXPECT_EQ(lua::ToValue(L, -1).Get("type"), Value(game.state().log[i].type)) << i;
      tables[i] = lua_topointer(L, -1);
      lua_pop(L, 1);
    }
    EXPECT_EQ(lua_objlen(L, -1), n);
    lazy.End();
    lua_pop(L, 2);
    return tables;
  };
  const auto first = events(0, 0, game);
  ASSERT_FALSE(first.empty());
  const size_t before = game.state().log.size();
  game.Apply(game.LegalActions().back());  // more events: seat 1 reads old and new ones
  const auto second = events(1, 0, game);
  size_t shared = 0;
  for (const auto& [i, table] : first) {
    if (!second.count(i)) continue;
    EXPECT_EQ(second.at(i), table) << "log entry " << i;
    ++shared;
  }
  EXPECT_GT(shared, 0u);
  EXPECT_GT(second.size(), first.size());
  const auto last = events(2, before, game);  // only the new ones, the same tables as seat 1's
  ASSERT_FALSE(last.empty());
  for (const auto& [i, table] : last) {
    EXPECT_GE(i, before);
    if (second.count(i)) {
      EXPECT_EQ(second.at(i), table) << "log entry " << i;
    }
  }
  // Another game: it may be handed the first's table for an equal event (same type
  // and data; shared_events), never for a different one (the types checked in
  // `events`).
  Game other = loaded.NewGame(4, 3);
  size_t equal = 0, different = 0;
  for (const auto& [i, table] : events(0, 0, other)) {
    if (!first.count(i)) continue;
    const Event& a = game.state().log[i];
    const Event& b = other.state().log[i];
    const bool same_content = a.type == b.type && a.data() == b.data();
    if (first.at(i) == table) {
      EXPECT_TRUE(same_content) << "log entry " << i;
      ++equal;
    } else if (!same_content) {
      ++different;
    }
  }
  EXPECT_GT(equal, 0u);
  EXPECT_GT(different, 0u);
}

// A view starts as a copy of a template made at an earlier decision, with the
// fields that differ set: it must be the table a first view is, down to the order
// in which `pairs` visits it once filled.
TEST(LazyBotView, AViewMadeFromTheTemplateIsTheTableAFirstViewIs) {
  auto loaded = LoadPlayable("clue-1949");
  lua_State* L = loaded.rules->sandbox().L();
  lua::BotStrings strings(L);
  Game game = loaded.NewGame(3, 2);
  strings.Prepare(game.definition());
  const int top = lua_gettop(L);
  lua::LazyBotView used(L);
  used.Push(game, 0, 0, strings);  // makes the template (seat 0, turn 0, ...)
  used.End();
  lua_settop(L, top);
  for (int step = 0; step < 4; ++step) game.Apply(game.LegalActions().back());
  for (int seat = 0; seat < 3; ++seat) {
    lua::LazyBotView fresh(L);
    fresh.Push(game, seat, 0, strings);
    Fill(L);
    used.Push(game, seat, 0, strings);
    Fill(L);
    EXPECT_TRUE(Take(L, -2) == Take(L, -1)) << "seat " << seat;
    EXPECT_EQ(lua::ToValue(L, -1), lua::ToValue(L, -2));
    fresh.End();
    used.End();
    lua_settop(L, top);
  }
}

TEST(LazyBotView, PairsAndNextSeeEveryField) {
  ThreeSeatClue setup;
  auto& [loaded, L, strings, lazy, game] = setup;
  const int top = lua_gettop(L);
  for (const char* walk : {"for k, v in pairs(view) do n = n + 1 end",
                           "local k = next(view) while k ~= nil do n = n + 1 k = next(view, k) end"}) {
    const std::string code = std::string("local view = ... local n = 0 ") + walk + " return n";
    setup.Load(code);  // the sandbox's pairs and next
    lazy.Push(game, 1, 0, strings);
    ASSERT_EQ(lua_pcall(L, 1, 1, 0), 0) << lua_tostring(L, -1);
    EXPECT_EQ(lua_tointeger(L, -1), 15) << walk;  // every field of Game::View, plus log
    lazy.End();
    lua_settop(L, top);
  }
}

// pairs and next fill the view; its methods, which they do not list, must still be
// there, and its metatable still locked (the fill dropped the metatable, and
// view:log_of, view:piece_owner and view:piece_kind with it).
TEST(LazyBotView, MethodsOutlastPairs) {
  ThreeSeatClue setup;
  auto& [loaded, L, strings, lazy, game] = setup;
  const int top = lua_gettop(L);
  for (const char* walk : {"for k in pairs(view) do if type(view[k]) == 'function' then return k end end",
                           "local k = next(view) while k ~= nil do k = next(view, k) end"}) {
    const std::string code = std::string("local view = ... ") + walk + R"(
      local got = {type(view.log_of), type(view.piece_owner), type(view.piece_kind),
                   tostring(getmetatable(view)), #view:log_of("turn") >= 0 and "ok" or "no",
                   view:piece_owner("scarlet")}
      return table.concat(got, " "))";
    setup.Load(code);
    lazy.Push(game, 1, 0, strings);
    ASSERT_EQ(lua_pcall(L, 1, 1, 0), 0) << lua_tostring(L, -1);
    EXPECT_STREQ(lua_tostring(L, -1), "function function function locked ok red") << walk;  // Scarlet is red
    lazy.End();
    lua_settop(L, top);
  }
}

// view:log_of(type, ...) lists the events of view.log of those types only: the
// same tables, in the same order, whichever of the two is read first; it may be
// called during the decision only, with strings.
TEST(LazyBotView, LogOfIsTheLogWithTheEventsOfTheTypesGiven) {
  ThreeSeatClue setup;
  auto& [loaded, L, strings, lazy, game] = setup;
  const int top = lua_gettop(L);
  // Returns "ok" or what differs; `first` says which of the two is read first.
  const std::string code = R"(
    local view, first = ...
    local some, all
    if first == "log_of" then
      some = view:log_of("reveal", "turn", "no_card"); all = view.log
    else
      all = view.log; some = view:log_of("reveal", "turn", "no_card")
    end
    local k, typed = 0, 0
    for i = 1, #all do
      local t = all[i].type
      if t == "reveal" or t == "turn" or t == "no_card" then
        k = k + 1
        if some[k] ~= all[i] then return "entry " .. k .. " is not the log's table" end
      end
      if t == "turn" then typed = typed + 1 end
    end
    if #some ~= k then return "log_of has " .. #some .. " events, not " .. k end
    if #view:log_of() ~= 0 then return "no type given, yet events listed" end
    return "ok", k, typed)";
  std::vector<size_t> seen(3, 0);
  int listed = 0, turns = 0;
  for (int step = 0; step < 60 && !game.over(); ++step) {
    for (int seat = 0; seat < 3; ++seat) {
      setup.Load(code);
      lazy.Push(game, seat, seen[static_cast<size_t>(seat)], strings);
      lua_pushstring(L, (step + seat) % 2 == 0 ? "log_of" : "log");
      ASSERT_EQ(lua_pcall(L, 2, 3, 0), 0) << lua_tostring(L, -1);
      EXPECT_STREQ(lua_tostring(L, -3), "ok") << "seat " << seat << " step " << step;
      listed += static_cast<int>(lua_tointeger(L, -2));
      turns += static_cast<int>(lua_tointeger(L, -1));
      lazy.End();
      lua_settop(L, top);
      seen[static_cast<size_t>(seat)] = game.state().log.size();
    }
    game.Apply(game.LegalActions().back());
  }
  EXPECT_GT(listed, 10);
  EXPECT_GT(turns, 3);
  // Not after the decision, and only with strings.
  for (const std::string bad : {"local view = ... local f = view.log_of return function() return f(view, 'turn') end",
                                "local view = ... return function() return view:log_of({turn = true}) end"}) {
    ASSERT_EQ(luaL_loadstring(L, bad.c_str()), 0);
    lazy.Push(game, 0, 0, strings);
    ASSERT_EQ(lua_pcall(L, 1, 1, 0), 0) << lua_tostring(L, -1);
    const bool after = bad.find("{turn") == std::string::npos;
    if (after) lazy.End();
    ASSERT_NE(lua_pcall(L, 0, 0, 0), 0);
    const std::string error = lua_tostring(L, -1);
    EXPECT_NE(error.find(after ? "after the bot's decision" : "an event type"), std::string::npos) << error;
    if (!after) lazy.End();
    lua_settop(L, top);
  }
}

// view.log_of is one function for every decision: kept from an earlier view, it
// lists the current view's events. The lists of many type lists in turn (more than
// the engine keeps at once: LazyBotView::kMaxTypeLists) stay right, in new games too.
TEST(LazyBotView, LogOfKeptAcrossDecisionsAndTypeLists) {
  ThreeSeatClue setup;
  auto& [loaded, L, strings, lazy, game] = setup;
  const int top = lua_gettop(L);
  // Returns "ok" or what differs, and the number of events listed.
  const std::string code = R"(
    local view, kept, which = ...
    local lists = {{"reveal"}, {"turn", "no_card"}, {"piece_moved", "card_moved"}, {"action"},
                   {"suggestion", "reveal", "roll"}, {"no_card", "turn"}, {"roll"}}
    local types = lists[which % #lists + 1]
    if kept and kept ~= view.log_of then return "view.log_of is another function" end
    local log_of = kept or view.log_of
    local some = log_of(view, unpack(types))
    local all = view.log
    local k = 0
    for i = 1, #all do
      local t = all[i].type
      for _, w in ipairs(types) do
        if t == w then
          k = k + 1
          if some[k] ~= all[i] then return "entry " .. k .. " is not the log's table" end
          break
        end
      end
    end
    if #some ~= k then return "log_of has " .. #some .. " events, not " .. k end
    return "ok", k, view.log_of)";
  int listed = 0, which = 0;
  for (int round = 0; round < 2; ++round) {
    Game g = loaded.NewGame(3, 7 + round);  // another game: another log
    std::vector<size_t> seen(3, 0);
    for (int step = 0; step < 50 && !g.over(); ++step) {
      for (int seat = 0; seat < 3; ++seat) {
        setup.Load(code);
        // Seat 0 sees the whole log each time (its events go back further than a
        // type list's last use).
        lazy.Push(g, seat, seat == 0 ? 0 : seen[static_cast<size_t>(seat)], strings);
        lua_getfield(L, LUA_REGISTRYINDEX, "log_of_test_kept");
        lua_pushinteger(L, which++);
        ASSERT_EQ(lua_pcall(L, 3, 3, 0), 0) << lua_tostring(L, -1);
        EXPECT_STREQ(lua_tostring(L, -3), "ok") << "seat " << seat << " step " << step;
        listed += static_cast<int>(lua_tointeger(L, -2));
        lua_setfield(L, LUA_REGISTRYINDEX, "log_of_test_kept");
        lazy.End();
        lua_settop(L, top);
        seen[static_cast<size_t>(seat)] = g.state().log.size();
      }
      g.Apply(g.LegalActions().back());
    }
  }
  EXPECT_GT(listed, 50);
  lua_pushnil(L);
  lua_setfield(L, LUA_REGISTRYINDEX, "log_of_test_kept");
}

// A seat with no new events gets one shared empty list (most of a Clue seat's
// decisions): a bot that writes into it, or gives it a metatable, must not see
// that in a later empty log.
TEST(LazyBotView, AnEmptyLogWrittenIntoIsNotHandedOutAgain) {
  ThreeSeatClue setup;
  auto& [loaded, L, strings, lazy, game] = setup;
  const int top = lua_gettop(L);
  const std::string code = R"(
    local view, how = ...
    local log = how == "log" and view.log or view:log_of("reveal", "turn")
    if #log ~= 0 or next(log) ~= nil or getmetatable(log) ~= nil then return "not empty" end
    if how == "log" then log[1] = "written" else setmetatable(log, {}) end
    return "ok")";
  const size_t now = game.state().log.size();
  for (int i = 0; i < 6; ++i) {
    setup.Load(code);
    lazy.Push(game, i % 3, now, strings);  // nothing new for anyone
    lua_pushstring(L, i % 2 == 0 ? "log" : "log_of");
    ASSERT_EQ(lua_pcall(L, 2, 1, 0), 0) << lua_tostring(L, -1);
    EXPECT_STREQ(lua_tostring(L, -1), "ok") << "decision " << i;
    lazy.End();
    lua_settop(L, top);
  }
}

}  // namespace
}  // namespace parlor
