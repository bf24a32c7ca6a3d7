---@meta
-- Type annotations (LuaCATS) of parlor's Lua API, for lua-language-server: completion,
-- hover and type checks while writing a definition's or a mod's rules. This file runs
-- nothing and no game loads it; docs/modding.md ("Editor support") says how to point an
-- editor at it. docs/hooks.md is the reference; each line below is taken from it.
-- python/tests/test_lua_annotations_s31.py fails when this file and the engine disagree
-- (a method or field one has and the other lacks) or when docs/hooks.md documents a call
-- missing here.

---A seat number, from 0.
---@alias parlor.Seat integer

---An id of the definition: a place, piece, card, zone, category or kind.
---@alias parlor.Id string

---What a variable or an event field holds (kept as JSON: finite numbers, UTF-8 strings).
---@alias parlor.Value nil|boolean|number|string|table

---A list of action arguments for out:add_product: a Lua list, or a fixed list (g:fixed_list).
---@alias parlor.ArgList string[]|parlor.FixedList

-- ---------------------------------------------------------------------------------
-- g: the game, handed to every engine hook (read-only in actions, why_illegal, same_as,
-- check_options and seat_name). Methods are called with `:`; g takes no new fields.
-- ---------------------------------------------------------------------------------

---@class parlor.G
---@field place_of table<parlor.Id, parlor.Id|nil> piece -> its place id; nil when it is off the board (read-only; pairs sees nothing)
---@field occupant table<parlor.Id, parlor.Id|false> place -> the first occupying piece (definition order), false when none is there (read-only)
---@field num_seats integer the number of seats, as g:seats() gives it, without a call (read-only: never assign it)
---@field options table<string, boolean|number|string> option id -> its value; an unknown option is an error (read-only)
---@field vars table<string, boolean|number|string|nil> a game variable (g:get) when it holds a boolean, number or string; nil when unset; one holding a table is an error to read here (read-only)
local G = {}

-- Seats and turns

---number of seats
---@return integer
function G:seats() end

---the seat whose turn it is
---@return parlor.Seat
function G:turn() end

---the seat that must act now (differs from g:turn() while another seat decides inside someone's turn)
---@return parlor.Seat
function G:actor() end

---the turn count
---@return integer
function G:turn_number() end

---whether the game has ended
---@return boolean
function G:over() end

---a seat's status; only "active" seats take turns by default
---@param s parlor.Seat
---@return string
function G:status(s) end

---sets a seat's status (free text: "out", "finished"...); a public event
---@param s parlor.Seat
---@param text string
function G:set_status(s, text) end

---team number (-1 none)
---@param s parlor.Seat
---@return integer
function G:team(s) end

---sets a seat's team number
---@param s parlor.Seat
---@param n integer
function G:set_team(s, n) end

---a seat's score
---@param s parlor.Seat
---@return integer
function G:score(s) end

---sets a seat's score
---@param s parlor.Seat
---@param n integer
function G:set_score(s, n) end

---next "active" seat after `s` going `dir` (1 clockwise, the default; -1 the other way), or nil
---@param s parlor.Seat
---@param dir? 1|-1
---@return parlor.Seat|nil
function G:next_active(s, dir) end

---the way turns pass when there is no next_seat hook: 1 (seat + 1, the default) or -1 (seat - 1); saved with the state
---@param d 1|-1
function G:set_turn_direction(d) end

---the turn direction: 1 or -1
---@return 1|-1
function G:turn_direction() end

---the seat that must act now (a refuter choosing a card); later g:set_actor(g:turn())
---@param s parlor.Seat
function G:set_actor(s) end

---begins seat `s`'s turn (runs turn_start); setup calls it for the first turn
---@param s parlor.Seat
function G:begin_turn(s) end

---runs turn_end, next_seat, then begins the next turn (turn_start)
function G:end_turn() end

---ends the game; `winners` a list of seats (may be empty, or nil), `reason` the ending (may be left out)
---@param winners parlor.Seat[]|nil
---@param reason? string
function G:finish(winners, reason) end

-- Options, data and variables

---the value of a declared option (an error for an undeclared one)
---@param id string
---@return boolean|number|string
function G:option(id) end

---where the hook in force under `name` is defined, as parlor check shows it ("my-mod (rules.lua:12)"), or nil
---@param name string
---@return string|nil
function G:hook_origin(name) end

---the definition's `data:` as a table (treat it as read-only); card and piece data under card_data / piece_data
---@return table
function G:data() end

---the definition id
---@return string
function G:definition() end

---a game variable (public in every view, except keys starting with `_`)
---@param key string
---@return parlor.Value
function G:get(key) end

---sets a game variable (nil deletes). Values: nil, booleans, numbers, strings, tables of them
---@param key string
---@param value parlor.Value
function G:set(key, value) end

---one field of a variable holding a table with named fields (nil deletes the field); false and no change when the variable is not set
---@param key string
---@param field string
---@param value parlor.Value
---@return boolean
function G:set_field(key, field, value) end

---a per-seat variable, shown only in that seat's view
---@param s parlor.Seat
---@param key string
---@return parlor.Value
function G:seat_get(s, key) end

---sets a per-seat variable (nil deletes)
---@param s parlor.Seat
---@param key string
---@param value parlor.Value
function G:seat_set(s, key, value) end

-- Pieces and the board

---place id or nil (off the board)
---@param piece parlor.Id
---@return parlor.Id|nil
function G:where(piece) end

---moves a piece (public event); an error if the place is full or a lane of another owner. nil takes it off the board
---@param piece parlor.Id
---@param place parlor.Id|nil
---@param why? string
function G:move(piece, place, why) end

---pieces in definition order, of one kind when given
---@param kind? string
---@return parlor.Id[]
function G:pieces(kind) end

---a piece's kind ("" when the definition sets none)
---@param piece parlor.Id
---@return string
function G:piece_kind(piece) end

---a piece's owner tag ("" when the definition sets none)
---@param piece parlor.Id
---@return string
function G:piece_owner(piece) end

---pieces on a place
---@param place parlor.Id
---@return parlor.Id[]
function G:pieces_at(place) end

---whether an occupying piece is on the place
---@param place parlor.Id
---@return boolean
function G:occupied(place) end

---board places, of one kind when given
---@param kind? string
---@return parlor.Id[]
function G:places(kind) end

---a place's kind
---@param place parlor.Id
---@return string
function G:place_kind(place) end

---whether the place is an area (a room)
---@param place parlor.Id
---@return boolean
function G:is_area(place) end

---whether the place has the tag (a track's tags:, a legend's, an area's)
---@param place parlor.Id
---@param tag string
---@return boolean
function G:has_tag(place, tag) end

---the place's tags, in the definition's order
---@param place parlor.Id
---@return string[]
function G:place_tags(place) end

---places one step away
---@param place parlor.Id
---@return parlor.Id[]
function G:neighbours(place) end

---places joined by a passage
---@param place parlor.Id
---@return parlor.Id[]
function G:passages(place) end

---@class parlor.ReachOptions
---@field area_ends_move? boolean entering an area ends the move early (true)
---@field door_costs_step? boolean stepping through a door into a room costs a step (true)
---@field passages? boolean also list passage destinations (false)

---places (in the text order of their ids) where a move of exactly `steps` steps can end, never touching a place twice nor passing a full place
---@param from parlor.Id
---@param steps integer
---@param opts? parlor.ReachOptions
---@return parlor.Id[]
function G:reachable(from, steps, opts) end

---@class parlor.DistanceOptions
---@field avoid_occupied? boolean go round occupied places (false)

---fewest steps, or nil
---@param a parlor.Id
---@param b parlor.Id
---@param opts? parlor.DistanceOptions
---@return integer|nil
function G:distance(a, b, opts) end

---the place `steps` (0 to 1,000,000; negative is an error) forward along the track, forking into the lane of `owner`; nil past the end of a lane or of an open track
---@param from parlor.Id
---@param steps integer
---@param owner? string
---@return parlor.Id|nil
function G:advance(from, steps, owner) end

---the places g:advance passes, the last one included (empty where g:advance is nil)
---@param from parlor.Id
---@param steps integer
---@param owner? string
---@return parlor.Id[]
function G:advance_path(from, steps, owner) end

---the place `steps` (0 to 1,000,000) backward along the loop (never into a lane); nil before the first square of an open track
---@param from parlor.Id
---@param steps integer
---@return parlor.Id|nil
function G:retreat(from, steps) end

---the forward steps from `a` to `b` for that owner, nil when `b` is not ahead of `a`
---@param a parlor.Id
---@param b parlor.Id
---@param owner? string
---@return integer|nil
function G:track_distance(a, b, owner) end

-- Cards

---cards in definition order, of one category when given
---@param category? string
---@return parlor.Id[]
function G:cards(category) end

---the card categories, in the definition's order
---@return string[]
function G:categories() end

---a card's category
---@param card parlor.Id
---@return string
function G:category(card) end

---zone contents (top of a pile = last)
---@param zone parlor.Id
---@return parlor.Id[]
function G:zone(zone) end

---the number of cards in a zone
---@param zone parlor.Id
---@return integer
function G:zone_size(zone) end

---the top card of a zone, or nil when it is empty
---@param zone parlor.Id
---@return parlor.Id|nil
function G:top(zone) end

---the zone a card is in
---@param card parlor.Id
---@return parlor.Id
function G:card_zone(card) end

---the id of seat `s`'s copy of a per-seat zone ("hand:2"); the zone is checked where the id is used
---@param zone parlor.Id
---@param s parlor.Seat
---@return parlor.Id
function G:seat_zone(zone, s) end

---moves a card to the top of a zone; seats that see the source or the destination learn which card
---@param card parlor.Id
---@param zone parlor.Id
function G:move_card(card, zone) end

---moves the top card of `from` to `to` and returns it; nil (nothing moved) when `from` is empty
---@param from parlor.Id
---@param to parlor.Id
---@return parlor.Id|nil
function G:draw(from, to) end

---moves every card of `from` onto `to`, bottom card first, each as g:move_card moves it
---@param from parlor.Id
---@param to parlor.Id
function G:move_all(from, to) end

---shuffles with the engine RNG (or a rigged order)
---@param zone parlor.Id
function G:shuffle(zone) end

---deals from the top one card at a time, round the zones, all cards when no count; returns the number of cards dealt
---@param from parlor.Id
---@param zones parlor.Id[]
---@param count? integer
---@return integer
function G:deal(from, zones, count) end

---shows a card to `seats` (a seat or a list): they get a reveal event with the card, everyone else one without it; `info` fields are added to both
---@param card parlor.Id
---@param seats parlor.Seat|parlor.Seat[]
---@param info? table
function G:reveal(card, seats, info) end

---lets `seats` (default all) see a hidden zone from now on
---@param zone parlor.Id
---@param seats? parlor.Seat|parlor.Seat[]
function G:reveal_zone(zone, seats) end

---the first seat in the list whose per-seat `zone` holds any of `cards`, and the list of those it holds; nil if none
---@param seats parlor.Seat[]
---@param zone parlor.Id
---@param cards parlor.Id[]
---@return parlor.Seat|nil seat
---@return parlor.Id[]|nil held
function G:first_holder(seats, zone, cards) end

---a fixed copy of a list of action arguments (sorted, repeats dropped) for out:add_product; make it once and keep it
---@param list string[]
---@return parlor.FixedList
function G:fixed_list(list) end

-- Chance and events

---@class parlor.RollOptions
---@field seat? parlor.Seat the seat rolling, the roll event's seat (default: whose turn it is)
---@field seen_by? parlor.Seat[] the seats that see the values (default: every seat); the others get a roll event with the count only

---rolls dice (default: the definition's dice:); returns the values and their total; a roll event,
---public unless options.seen_by says who sees the values (the options table comes last: g:roll(opts),
---g:roll(count, opts) or g:roll(count, sides, opts))
---@param count? integer|parlor.RollOptions
---@param sides? integer|parlor.RollOptions
---@param options? parlor.RollOptions
---@return integer[] values
---@return number total
function G:roll(count, sides, options) end

---a uniform integer in 1..n from the engine RNG (math.random is not available)
---@param n integer
---@return integer
function G:random(n) end

---records an event, public or visible only to `seats`; a `card` field must be a card id and `cards` a list of them; the engine's own event types are refused
---@param type string
---@param fields? table<string, parlor.Value>
---@param seats? parlor.Seat|parlor.Seat[]
function G:emit(type, fields, seats) end

-- ---------------------------------------------------------------------------------
-- Values the hooks receive or make
-- ---------------------------------------------------------------------------------

---A fixed list made by g:fixed_list: reads like a Lua list (`#l`, `l[i]`; not ipairs), cannot be changed.
---@class parlor.FixedList
---@field [integer] string

---`out` of hooks.actions: the legal actions of the seat that must act are added to it.
---@class parlor.Out
local Out = {}

---adds one legal action (one-word arguments; ids, not display names)
---@param type string
---@param ... string|number
function Out:add(type, ...) end

---adds one action per combination of one argument from each list, kept as one product (hundreds of actions cost about one)
---@param type string
---@param ... parlor.ArgList
function Out:add_product(type, ...) end

---The action apply, why_illegal and same_as receive (its metatable is the engine's and locked).
---@class parlor.Action
---@field type string the action's type
---@field actor parlor.Seat the seat acting
---@field args string[] its arguments
---@field text string type and arguments, space-separated (made when read: pairs does not list it)

-- ---------------------------------------------------------------------------------
-- The bot hook: view, board and what it returns
-- ---------------------------------------------------------------------------------

---One seat of view.seats: `view.seats[s + 1]` for seat s.
---@class parlor.ViewSeat
---@field status string
---@field team integer
---@field score integer
---@field vars? table<string, parlor.Value> g:seat_set's variables, in the seat's own entry only (nil when it has none)

---One zone of view.zones.
---@class parlor.ViewZone
---@field count integer how many cards it holds
---@field visibility string its visibility
---@field owner? parlor.Seat the seat of a per-seat zone
---@field cards? parlor.Id[] its cards (top last), only for a zone the seat may see

---An event of view.log: its `type` and its fields.
---@class parlor.Event
---@field type string
---@field [string] parlor.Value

---What a bot's seat may know, as plain Lua values (treat it as read-only). Fields are filled when first read, during the decision only.
---@class parlor.View
---@field seat parlor.Seat the seat the bot plays
---@field num_seats integer
---@field actor parlor.Seat
---@field turn_seat parlor.Seat
---@field turn_number integer
---@field over boolean whether the game ended
---@field winners parlor.Seat[] the winning seats
---@field end_reason string g:finish's reason
---@field definition string the definition id
---@field options table<string, boolean|number|string> option id -> value
---@field vars table<string, parlor.Value> the public game variables (keys starting with `_` left out)
---@field seats parlor.ViewSeat[] one entry a seat
---@field pieces table<parlor.Id, parlor.Id> piece id -> its place id (absent when off the board)
---@field zones table<parlor.Id, parlor.ViewZone> zone id -> {count, visibility, owner, cards}; a per-seat zone's copies by `hand:0`, `hand:1`..., and its plain id (`zones.hand`) for the viewing seat's own copy (not listed by pairs)
---@field log parlor.Event[] the events the seat may see that are new since this bot's previous decision
local View = {}

---view.log with only the events of the types given (the same tables, in the same order); during the decision only
---@param ... string
---@return parlor.Event[]
function View:log_of(...) end

---the piece's owner tag ("" when none), as g:piece_owner; during the decision only
---@param piece parlor.Id
---@return string
function View:piece_owner(piece) end

---the piece's kind ("" when none), as g:piece_kind; during the decision only
---@param piece parlor.Id
---@return string
function View:piece_kind(piece) end

---the card's category ("" when none), as g:category: a card game's rank of a card in hand; during the decision only
---@param card parlor.Id
---@return string
function View:card_category(card) end

---The board's static geometry for bots (never nil: a definition without a board gets an empty one, where has_place is false and the other calls fail); each table it returns is made once and handed out again: never write into it.
---@class parlor.Board
local Board = {}

---place id -> the fewest steps along step and door edges (tokens ignored, passages not counted) to every place reachable from `place`
---@param place parlor.Id
---@return table<parlor.Id, integer>
function Board:distances(place) end

---as g:advance
---@param from parlor.Id
---@param steps integer
---@param owner? string
---@return parlor.Id|nil
function Board:advance(from, steps, owner) end

---as g:retreat
---@param from parlor.Id
---@param steps integer
---@return parlor.Id|nil
function Board:retreat(from, steps) end

---as g:track_distance
---@param a parlor.Id
---@param b parlor.Id
---@param owner? string
---@return integer|nil
function Board:track_distance(a, b, owner) end

---whether the id names a place of the board (false for any other string, never an error)
---@param id string
---@return boolean
function Board:has_place(id) end

---as g:place_kind
---@param place parlor.Id
---@return string
function Board:place_kind(place) end

---as g:has_tag: whether the place has the tag (a race bot's safe squares)
---@param place parlor.Id
---@param tag string
---@return boolean
function Board:has_tag(place, tag) end

---as g:place_tags: the place's tags, in the definition's order (one list per place, never write into it)
---@param place parlor.Id
---@return string[]
function Board:place_tags(place) end

---The bot's `cards`: category -> card ids; cards[1] to cards[#cards] list the categories in the definition's order.
---@class parlor.BotCards
---@field [integer] string
---@field [string] parlor.Id[]

-- ---------------------------------------------------------------------------------
-- hooks: the engine hooks (docs/hooks.md "Engine hooks"); a game adds game hooks of
-- its own under any other name.
-- ---------------------------------------------------------------------------------

---@class parlor.Hooks
---@field setup fun(g: parlor.G) once, when a game is created: place pieces, deal, begin the first turn. Required
---@field check_options? fun(options: table<string, boolean|number|string>, num_seats: integer, g: parlor.G): string|nil before setup: nil when the options fit this number of seats, else a text saying what is wrong
---@field actions fun(g: parlor.G, seat: parlor.Seat, out: parlor.Out) add each legal action of the seat that must act (g read-only). Required
---@field apply fun(g: parlor.G, action: parlor.Action) apply a legal action through g; error("...") rejects it. Required
---@field why_illegal? fun(g: parlor.G, action: parlor.Action): string|nil why an attempted action is illegal, or nil (g read-only)
---@field same_as? fun(g: parlor.G, action: parlor.Action): string|nil the text of the listed action an unlisted one is another way of writing, or nil (g read-only)
---@field turn_start? fun(g: parlor.G, seat: parlor.Seat) when a turn begins: reset per-turn variables
---@field turn_end? fun(g: parlor.G, seat: parlor.Seat) when g:end_turn() is called, before choosing the next seat
---@field next_seat? fun(g: parlor.G, seat: parlor.Seat): parlor.Seat|nil by g:end_turn() to choose who plays next; nil when nobody can play
---@field seat_name? fun(g: parlor.G, seat: parlor.Seat): string|nil what the seat plays (an id with a display name, or a short text), or nil (g read-only)
---@field bot? fun(view: parlor.View, legal: string[], cards: parlor.BotCards, memory: any, board: parlor.Board): (string|integer), any the definition's own bot: the chosen action's text or 1-based index, and the new memory
---@field notebook? fun(view: parlor.View, cards: parlor.BotCards, board: parlor.Board): parlor.Notebook|nil the seat's detective notebook, from its whole log (no g, no memory), or nil when the rules keep none
---@field bot_legal? "shared" the bot reads `legal` during its decision only and never changes it: the same table is handed again for the same list
---@field [string] function a game hook of the game's own (called as hooks.name(...))

---What hooks.notebook returns: what a seat's own observations prove.
---@class parlor.Notebook
---@field cards table<parlor.Id, {holder: parlor.Seat}|{lacks: parlor.Seat[]}> card -> the seat known to hold it, or the seats known not to (a card left out: nothing known)
---@field solution? parlor.Id[] the cards proved to be in the solution (in no hand)
---@field broken? boolean the observations contradict each other

---The hooks table a definition's scripts fill (never assign `hooks` itself).
---@type parlor.Hooks
hooks = {}
