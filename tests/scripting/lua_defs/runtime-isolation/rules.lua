-- Writes while the scripts load go through: the same for every game.
table.unpack = table.unpack or unpack
function string.shout(s) return s:upper() .. "!" end
counter = 0                      -- a global made while loading
local engine_tostring = tostring
local fake = function() return "fake" end

-- What each action does (its type); `look` notes what this game sees.
local effects = {
  format_nil = function(g) string.format = nil end,
  insert_fake = function(g) table.insert = fake end,
  rawset_string = function(g) rawset(string, "format", nil) end,
  where_nil = function(g) g.where = nil end,
  where_fake = function(g) g.where = fake end,
  read_where = function(g) return g:where("pawn") end,
  tostring_fake = function(g) tostring = fake end,
  count = function(g) counter = counter + 1 end,
  rawset_global = function(g) rawset(_G, "made_late", 1) end,
  rawset_options = function(g) rawset(g.options, "pawns", 9) end,
  rawset_g = function(g) rawset(g, "memory", {}) end,
  unseal = function(g) setmetatable(_G, nil) end,
  unlock_hooks = function(g) setmetatable(hooks, nil) end,
  seats_nil_then_fail = function(g) g.num_seats = nil; error("failed after writing") end,
  look = function(g)
    local functions = 0
    for _, v in pairs(string) do if type(v) == "function" then functions = functions + 1 end end
    g:set("string_functions", functions)
    g:set("math_next", next(math) ~= nil)
    g:set("shout", string.shout("hi"))
    g:set("unpacked", select("#", table.unpack({1, 2, 3})))
    g:set("format", string.format("%d", 7))
    g:set("where_engine", rawget(g, "where") ~= nil and rawget(g, "where") ~= fake)
    g:set("tostring_engine", tostring == engine_tostring)
    g:set("counter", counter)
    g:set("hooks_locked", type(getmetatable(hooks)) == "string")
    g:set("num_seats", g.num_seats)
  end,
}
local types = {}
for t in pairs(effects) do types[#types + 1] = t end
table.sort(types)

function hooks.setup(g) g:begin_turn(0) end
function hooks.actions(g, seat, out) for _, t in ipairs(types) do out:add(t) end end
function hooks.apply(g, a) effects[a.type](g) end
