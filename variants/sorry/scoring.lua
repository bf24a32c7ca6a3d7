-- SRYS-08: the scores at the end of a game played with the scoring rules.
-- Every player: 5 points per own pawn HOME. The winner (in team play, each winning
-- seat) also: 5 points per opponent pawn not HOME, and a bonus by the most pawns
-- any single opponent has HOME: at most two -> 25, at most one -> 50, none -> 100.
-- Option scoring_bonus: "highest" pays only the highest bonus that applies;
-- "cumulative" pays every one that applies (25 + 50 + 100 = 175 when none is HOME).
local M = {}

local function home_count(geo, pos, colour)
  local n, home = 0, geo.home[colour]
  for _, p in ipairs(geo.pawns[colour]) do if pos[p] == home then n = n + 1 end end
  return n
end

function M.bonus(most_home, mode)
  local b25, b50, b100 = most_home <= 2, most_home <= 1, most_home == 0
  if mode == "cumulative" then
    return (b25 and 25 or 0) + (b50 and 50 or 0) + (b100 and 100 or 0)
  end
  return b100 and 100 or b50 and 50 or b25 and 25 or 0
end

function M.set_scores(g, geo, pos, ctx, winners)
  local is_winner = {}
  for _, s in ipairs(winners) do is_winner[s] = true end
  local mode = g.options.scoring_bonus
  for s = 0, g:seats() - 1 do
    local c = geo.colours[s + 1]
    local score = 5 * home_count(geo, pos, c)
    if is_winner[s] then
      local not_home, most = 0, 0
      for o = 0, g:seats() - 1 do
        local oc = geo.colours[o + 1]
        if not is_winner[o] and ctx.opponent[c][oc] then
          local h = home_count(geo, pos, oc)
          not_home = not_home + (#geo.pawns[oc] - h)
          if h > most then most = h end
        end
      end
      score = score + 5 * not_home + M.bonus(most, mode)
    end
    g:set_score(s, score)
  end
end

return M
