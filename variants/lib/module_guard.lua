-- Reading a name a library does not have (`D.deal_solution_and_hand`, a misspelt
-- `D.deal_solution_and_hands`) was "attempt to call field ... (a nil value)", which
-- names neither the library nor the name meant. guard(M, file) makes such a read an
-- error at the line that made it, naming the library and the closest name it has.
-- Only reads of missing names go through it: the library's functions cost nothing more.

local typos = require("typos")

-- Typed for editors (docs/modding.md, "Editor support"): the library's own table
-- comes back, so lua-language-server completes each library's functions.
---@generic T: table
---@param M T
---@param file string
---@param doc string
---@return T
return function(M, file, doc)
  return setmetatable(M, {__index = function(_, key)
    local names = {}
    for name in pairs(M) do if type(name) == "string" then names[#names + 1] = name end end
    table.sort(names)   -- pairs' order is no order: the same message in every run
    error(file .. " has no '" .. tostring(key) .. "'" .. typos.did_you_mean(key, names) ..
          " (" .. doc .. " lists what it has)", 2)
  end})
end
