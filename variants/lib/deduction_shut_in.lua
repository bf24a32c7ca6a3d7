-- A token shut in its room, for the deduction bot (variants/lib/deduction_bot.lua):
-- every square one step outside the room's doors holds a token, so a roll moves it
-- nowhere (the Cluedo editions: an occupied door square closes that door both ways,
-- CL49-12) and the turn is lost. The bot asks `blockers` before it rolls and, where
-- the edition offers something else that gets out or uses the turn (a passage,
-- staying and suggesting, a suggestion before moving), takes that instead. It reads
-- only what a bot gets: the board's static distances and the pieces of its view.
local M = {}

-- DOORS[room]: the places one step from the room (the squares outside its doors),
-- sorted, or false where one of them is a place of the room's own kind (an area,
-- which never fills: the room cannot be shut in). Read from board:distances once per
-- board (the same for every game of the definition a Lua state runs; another board,
-- a test's, reads them again).
local DOORS, DOORS_BOARD = {}, nil

local function doors_of(board, room)
  if board ~= DOORS_BOARD then DOORS, DOORS_BOARD = {}, board end
  local doors = DOORS[room]
  if doors ~= nil then return doors end
  doors = {}
  local ok, dist = pcall(board.distances, board, room)
  if ok and type(dist) == "table" then
    for place, steps in pairs(dist) do
      if steps == 1 then doors[#doors + 1] = place end
    end
    table.sort(doors)   -- pairs' order is no order: the same blockers in every run
    local kind = board.place_kind and board:place_kind(room)
    for _, place in ipairs(doors) do
      if kind and board:place_kind(place) == kind then doors = false break end
    end
  end
  if doors and #doors == 0 then doors = false end   -- no door at all: no token shuts it
  DOORS[room] = doors
  return doors
end

-- The pieces standing on the squares outside `room`'s doors, one a door in the
-- doors' order, when every one of those squares holds a piece (a roll then moves the
-- token nowhere); nil when a door is open, or the room is no place of the board.
function M.blockers(view, room, board)
  local doors = board and doors_of(board, room)
  if not doors then return nil end
  local on = {}   -- place -> the piece on it (the least id, should two share a place)
  for piece, place in pairs(view.pieces) do
    local there = on[place]
    if there == nil or piece < there then on[place] = piece end
  end
  local blockers = {}
  for i = 1, #doors do
    local piece = on[doors[i]]
    if piece == nil then return nil end
    blockers[i] = piece
  end
  return blockers
end

-- "suggest" and, for each asked category (`asked`, in order), its first candidate,
-- except that a category with a card that is a blocking piece (a suspect's token on
-- a door square: a card that is itself a piece) names that card: the suggestion then
-- calls the piece into the room, and that door is open at the next roll. nil when no
-- blocker is a card of an asked category.
function M.suggestion_calling_a_blocker(blockers, asked, candidates, category_of)
  local call = {}   -- category -> the blocker named for it
  local any = false
  for _, piece in ipairs(blockers) do
    local c = category_of[piece]
    if c and call[c] == nil then call[c], any = piece, true end
  end
  if not any then return nil end
  local parts = {"suggest"}
  for _, c in ipairs(asked) do
    local pick = call[c] or candidates[c][1]
    if pick == nil then return nil end
    parts[#parts + 1] = pick
  end
  if #parts == 1 then return nil end
  return table.concat(parts, " ")
end

return require("module_guard")(M, "variants/lib/deduction_shut_in.lua", "docs/deduction-games.md")
