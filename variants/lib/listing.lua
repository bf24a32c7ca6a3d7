-- The legal actions a definition lists, read and filtered from Lua: for a house rule
-- that keeps only some of the base's actions ("a move that bumps must be played when
-- there is one"), and for messages naming what is legal (docs/modding.md).
--
--   local listing = require "listing"
--   hooks.actions = listing.filter(hooks.actions, function(g, seat, action) ... end)
--
-- An action here is a list: {type, arg1, arg2, ...}, its arguments as the base gave
-- them (a number stays a number until the engine makes it text).
local M = {}

-- Every combination of one element from each of lists[i..], after `prefix`.
local function expand(kind, lists, i, prefix, into)
  if i > #lists then
    local action = {kind}
    for k = 1, #prefix do action[k + 1] = prefix[k] end
    into[#into + 1] = action
    return
  end
  local list = lists[i]
  for k = 1, #list do                     -- not ipairs: a g:fixed_list reads only as #l and l[k]
    prefix[#prefix + 1] = list[k]
    expand(kind, lists, i + 1, prefix, into)
    prefix[#prefix] = nil
  end
end

-- The actions that `actions(g, seat, out)` (a base's hooks.actions) adds, in the order
-- it adds them, through a stand-in `out`; an out:add_product is expanded into its
-- combinations (a fixed list from g:fixed_list as well as a plain list).
function M.collect(actions, g, seat)
  local list = {}
  local out = {}
  function out.add(_, ...) list[#list + 1] = {...} end
  function out.add_product(_, kind, ...) expand(kind, {...}, 1, {}, list) end
  actions(g, seat, out)
  return list
end

-- An action's text as the engine writes it ("move red_1 7").
function M.text(action)
  local parts = {}
  for i = 1, #action do parts[i] = tostring(action[i]) end
  return table.concat(parts, " ")
end

-- The texts of the actions `actions` lists for `seat`, sorted as the engine sorts them.
function M.texts(actions, g, seat)
  local texts = {}
  for i, action in ipairs(M.collect(actions, g, seat)) do texts[i] = M.text(action) end
  table.sort(texts)
  return texts
end

-- An actions hook listing only the actions of `actions` that keep(g, seat, action)
-- accepts, or every one when it accepts none (a house rule that narrows a choice never
-- leaves a seat with nothing to do).
function M.filter(actions, keep)
  return function(g, seat, out)
    local list = M.collect(actions, g, seat)
    local kept = {}
    for _, action in ipairs(list) do
      if keep(g, seat, action) then kept[#kept + 1] = action end
    end
    if #kept == 0 then kept = list end
    for _, action in ipairs(kept) do out:add(unpack(action)) end
  end
end

-- A why_illegal hook for such a filter: an action the base `actions` lists but
-- keep(g, seat, action) refuses is answered with `reason` (a text, or a function
-- (g, action) returning one), so that a player typing it is told the house rule
-- rather than shown the legal actions alone; any other is answered by `why_illegal`
-- (the base's hook, may be nil). `action` is the engine's (type, actor, args).
--
--   local base = hooks.actions
--   hooks.actions = listing.filter(base, keep)
--   hooks.why_illegal = listing.refusal(hooks.why_illegal, base, keep, "house rule: ...")
function M.refusal(why_illegal, actions, keep, reason)
  return function(g, action)
    local seat, args = action.actor, action.args
    local as_list = {action.type}
    for i = 1, #args do as_list[i + 1] = args[i] end
    local text = M.text(as_list)
    local list = M.collect(actions, g, seat)
    local listed, kept_any = false, false
    for _, a in ipairs(list) do
      if keep(g, seat, a) then kept_any = true end
      if M.text(a) == text then listed = true end
    end
    -- Refused by the house rule: the base lists it, and the filter kept others.
    if listed and kept_any and not keep(g, seat, as_list) then
      if type(reason) == "function" then return reason(g, action) end
      return reason
    end
    if why_illegal then return why_illegal(g, action) end
    return nil
  end
end

-- A name this library does not have (a misspelt function) is an error naming it
-- and the closest name (module_guard.lua).
return require("module_guard")(M, "variants/lib/listing.lua", "docs/modding.md")
