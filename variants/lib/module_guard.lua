-- Reading a name a library does not have (`D.deal_solution_and_hand`, a misspelt
-- `D.deal_solution_and_hands`) was "attempt to call field ... (a nil value)", which
-- names neither the library nor the name meant. guard(M, file) makes such a read an
-- error at the line that made it, naming the library and the closest name it has.
-- Only reads of missing names go through it: the library's functions cost nothing more.

-- Optimal-string-alignment distance (a swap of two neighbours is one typo).
local function distance(a, b)
  local la, lb = #a, #b
  local d = {}
  for i = 0, la do d[i] = {[0] = i} end
  for j = 0, lb do d[0][j] = j end
  for i = 1, la do
    for j = 1, lb do
      local cost = a:sub(i, i) == b:sub(j, j) and 0 or 1
      local v = math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
      if i > 1 and j > 1 and a:sub(i, i) == b:sub(j - 1, j - 1) and a:sub(i - 1, i - 1) == b:sub(j, j) then
        v = math.min(v, d[i - 2][j - 2] + 1)
      end
      d[i][j] = v
    end
  end
  return d[la][lb]
end

return function(M, file, doc)
  return setmetatable(M, {__index = function(_, key)
    local names = {}
    for name in pairs(M) do if type(name) == "string" then names[#names + 1] = name end end
    table.sort(names)   -- pairs' order is no order: the same message in every run
    local best, best_d = nil, nil
    if type(key) == "string" then
      for _, name in ipairs(names) do
        local d = distance(key, name)
        if d <= (#key <= 3 and 1 or (#key <= 8 and 2 or 3)) and (best_d == nil or d < best_d) then
          best, best_d = name, d
        end
      end
    end
    error(file .. " has no '" .. tostring(key) .. "'" .. (best and ("; did you mean '" .. best .. "'?") or "") ..
          " (" .. doc .. " lists what it has)", 2)
  end})
end
