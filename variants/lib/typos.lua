-- The name a misspelt one was meant to be, for "did you mean" in the errors the
-- rules raise about data a modder wrote (a card's `data:` key, a slide's key).

local M = {}

-- Optimal-string-alignment distance (a swap of two neighbours is one typo).
function M.distance(a, b)
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

-- The closest of `names` (a list, searched in its order) to `key`, or nil when none
-- is near: 1 typo for names of up to 3 letters, 2 up to 8, 3 beyond.
function M.closest(key, names)
  if type(key) ~= "string" then return nil end
  local best, best_d = nil, nil
  for _, name in ipairs(names) do
    local d = M.distance(key, name)
    if d <= (#key <= 3 and 1 or (#key <= 8 and 2 or 3)) and (best_d == nil or d < best_d) then
      best, best_d = name, d
    end
  end
  return best
end

-- "; did you mean 'x'?" for the closest name, or "".
function M.did_you_mean(key, names)
  local best = M.closest(key, names)
  return best and ("; did you mean '" .. best .. "'?") or ""
end

return M
