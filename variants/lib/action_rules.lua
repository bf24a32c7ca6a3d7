-- Applying an action by the rule of its type, one shared table of rules for a game
-- and its mods (docs/modding.md, "A new action"; docs/deduction-games.md, section 2).
--
-- Each game wrote the same dispatcher (`local rule = apply[a.type]`, the error for a
-- missing one, the call), and a mod could not reach the game's local table: adding
-- one action type, or replacing one, took a hooks.apply of its own that handed every
-- other type back to the base's. Here the table is the ruleset's, made once, and
-- both the game and its mods write into it:
--
--   local action_rules = require "action_rules"
--   local apply = action_rules.rules()                    -- a game
--   function apply.suggest(g, seat, action) ... end
--   function hooks.apply(g, a) action_rules.apply(g, a) end
--
--   local rules = require("action_rules").rules()         -- a mod: the same table
--   function rules.fly(g, seat, action) ... end
--
-- The game writes its hooks.apply itself, in its own file: the engine names an apply
-- hook by where its function is written (`hook 'apply' of clue-1949
-- (.../clue-1949/rules.lua:<line>) failed: ...`), and that should be the game's file,
-- not this library's.
--
-- The table is made once per ruleset: `require` runs this file once in the Lua state
-- of the rules (the base's scripts, then each mod's). It is filled while the scripts
-- load; the rules only read it while games run (as the game's own local table was).
--
-- A game whose apply does more than look up a rule (Sorry!: one rule for seven
-- types) keeps its own, and raises the same error with M.no_rule.
local M = {}

local rules = {}   -- action type -> function(g, seat, action), for M.apply

local KEYWORDS = {}
for word in ("and break do else elseif end false for function if in local nil not or repeat return then true " ..
             "until while"):gmatch("%a+") do KEYWORDS[word] = true end

-- How a mod writes the rule of type `t` into the table named `table_name`:
-- `function rules.fly(g, seat, action) ... end`, or `rules["end"] = function...`
-- where the type is no Lua name (a keyword, a word with a dash).
local function rule_written(table_name, t)
  if t:match("^[%a_][%w_]*$") and not KEYWORDS[t] then
    return "function " .. table_name .. "." .. t .. "(g, seat, action) ... end"
  end
  return table_name .. "[" .. string.format("%q", t) .. "] = function(g, seat, action) ... end"
end

-- The types a table of rules (or a set) applies, sorted, once each.
local function types_of(known)
  local types = {}
  for t in pairs(known) do types[#types + 1] = tostring(t) end
  table.sort(types)
  return table.concat(types, ", ")
end

-- The rule of each action type for this ruleset: `rules()[type] = function(g, seat,
-- action)`, `seat` the action's actor. The same table at every call: a game fills it
-- and applies through it (M.apply), and a mod adds a type or replaces one.
---@return table<string, fun(g: parlor.G, seat: parlor.Seat, action: parlor.Action)>
function M.rules() return rules end

-- Applies `a` by the rule of its type in M.rules(); a type without one is an error
-- naming it, the types there are, and how to add its rule. A game's hooks.apply calls
-- it: `function hooks.apply(g, a) action_rules.apply(g, a) end`. The rule is called,
-- not tail-called (`return rule(...)`), so that the traceback of an error in it shows
-- each step from the hook down (a tail call leaves no frame of its caller).
---@param g parlor.G
---@param a parlor.Action
function M.apply(g, a)
  local rule = rules[a.type]
  if type(rule) ~= "function" then
    local t = tostring(a.type)
    if rule ~= nil then
      error("the rule of action type '" .. t .. "' in require(\"action_rules\").rules() is a " .. type(rule) ..
            ", not a function: write " .. rule_written("rules", t), 0)
    end
    error("no rule applies action type '" .. t .. "' (listed by hooks.actions; the rules apply " .. types_of(rules) ..
          "): add a rule for it: local rules = require(\"action_rules\").rules(); " .. rule_written("rules", t) ..
          " (or a hooks.apply of your own that applies '" .. t .. "' and calls the base's for the other types: " ..
          "local base_apply = hooks.apply; docs/modding.md, \"A new action\")", 0)
  end
  rule(g, a.actor, a)
end

-- Raises the error for action `a` (its type, a.type), which a game's own apply
-- cannot apply. `known`: the action types it does apply, as a table keyed by type
-- (its own table of functions, or a set).
function M.no_rule(known, a)
  local t = tostring(a.type)
  -- A mod that wrote the rule into M.rules() for a game applying by a table of its
  -- own (Sorry!) would otherwise read only "add a rule for it".
  local unread = rules[t] ~= nil and ("; a rule for '" .. t .. "' is in require(\"action_rules\").rules(), " ..
                                      "but this game's hooks.apply does not apply through that table") or ""
  error("no rule applies action type '" .. t .. "' (listed by hooks.actions; the rules apply " .. types_of(known) ..
        "): add a rule for it: a hooks.apply of your own that applies '" .. t .. "' and calls the base's for " ..
        "the other types (local base_apply = hooks.apply; docs/modding.md, \"A new action\")" .. unread, 0)
end

-- A name this library does not have (`action_rules.aply`) is an error naming it and
-- the closest name (module_guard.lua).
return require("module_guard")(M, "variants/lib/action_rules.lua", "docs/modding.md")
