-- Connect Four (7 × 6) as a script: a copy of the compiled Connect Four (same moves, Pons' scores, same
-- evaluation), kept as an oracle for the tests. It plays in place and takes moves back with `undo`, the faster
-- way for a larger board.

id = "connect-four-script"
name = "Connect Four (script)"
description = "Drop stones into 7 columns of 6; four in a row wins. Written in Lua: the compiled Connect Four's twin."
sides = {"Red", "Yellow"}
-- The levels are listed, held by depth or node budget: Lua searches this game at about 12,000 nodes a second here,
-- a hundredth of the compiled game's speed, so its ladder keeps to small searches. Level 1 moves at random (a
-- margin for mistakes of 40, more than any two scores differ), 2 and 3 look one ply ahead (with a margin of 0.2,
-- then none), 4 and 5 two (0.5, then none), 6, 7 and 8 three, four and six plies; 9 and 10 search 4,000 and 12,000
-- nodes (about 1 s a move here). The time is only a ceiling (the README's *The level ladder*).
ai = {
  level = 5, depth = {2, 16}, time_ms = {1000, 10000}, tt_mib = 64,
  levels = {
    {depth = 1, mistakes = 40},
    {depth = 1, mistakes = 0.2},
    {depth = 1, mistakes = 0},
    {depth = 2, mistakes = 0.5},
    {depth = 2, mistakes = 0},
    {depth = 3, mistakes = 0},
    {depth = 4, mistakes = 0},
    {depth = 6, mistakes = 0},
    {nodes = 4000, mistakes = 0},
    {nodes = 12000, mistakes = 0},
  },
}
-- Pons' scores: a win with the w-th stone of the game scores (44 − w) // 2; at most 18.
bounds = {-18, 18}

local W, H = 7, 6
board = { shape = "grid", width = W, height = H }

-- cells[column * H + row + 1], row 0 at the bottom; a move is a column, 0 … 6.
local ZOBRIST = {}
for i = 1, 2 * W * H do ZOBRIST[i] = math.random(math.mininteger, math.maxinteger) end

function start()
  local cells = {}
  for i = 1, W * H do cells[i] = 0 end
  return { cells = cells, heights = {0, 0, 0, 0, 0, 0, 0}, played = 0, won = false, hash = 0 }
end

function turn(s)
  return s.played % 2 + 1
end

-- The list is reused: the studio reads it before its next call.
local list, listed = {}, 0

function moves(s)
  local n, heights = 0, s.heights
  for column = 0, W - 1 do
    if heights[column + 1] < H then n = n + 1; list[n] = column end
  end
  for i = n + 1, listed do list[i] = nil end
  listed = n
  return list
end

local function at(cells, column, row)
  if column < 0 or column >= W or row < 0 or row >= H then return -1 end
  return cells[column * H + row + 1]
end

-- Stones of `stone` in a row through (column, row) along (dc, dr), not counting the cell itself.
local function run(cells, column, row, dc, dr, stone)
  local n = 0
  local c, r = column + dc, row + dr
  while at(cells, c, r) == stone do
    n = n + 1
    c, r = c + dc, r + dr
  end
  return n
end

local DIRECTIONS = { {1, 0}, {0, 1}, {1, 1}, {1, -1} }

local function fours(cells, column, row, stone)
  for _, d in ipairs(DIRECTIONS) do
    if run(cells, column, row, d[1], d[2], stone) + run(cells, column, row, -d[1], -d[2], stone) >= 3 then
      return true
    end
  end
  return false
end

-- In place: the driver knows because `undo` is defined.
function play(s, column)
  local row = s.heights[column + 1]
  local stone = s.played % 2 + 1
  s.cells[column * H + row + 1] = stone
  s.heights[column + 1] = row + 1
  s.played = s.played + 1
  s.hash = s.hash ~ ZOBRIST[(stone - 1) * W * H + column * H + row + 1]
  s.won = fours(s.cells, column, row, stone)
end

function undo(s, column)
  local row = s.heights[column + 1] - 1
  local stone = s.cells[column * H + row + 1]
  s.cells[column * H + row + 1] = 0
  s.heights[column + 1] = row
  s.played = s.played - 1
  s.hash = s.hash ~ ZOBRIST[(stone - 1) * W * H + column * H + row + 1]
  s.won = false
end

function result(s)
  if s.won then
    local score = (W * H + 2 - s.played) // 2
    if s.played % 2 == 1 then return score else return -score end
  end
  if s.played == W * H then return 0 end
  return nil
end

function key(s)
  return s.hash
end

-- Every line of four cells on the board, as four cell indexes: the evaluation counts stones line by line.
local LINES = {}
for column = 0, W - 1 do
  for row = 0, H - 1 do
    for _, d in ipairs(DIRECTIONS) do
      local last_column, last_row = column + 3 * d[1], row + 3 * d[2]
      if last_column < W and last_row >= 0 and last_row < H then
        local line = {}
        for k = 0, 3 do line[k + 1] = (column + k * d[1]) * H + row + k * d[2] + 1 end
        LINES[#LINES + 1] = line
      end
    end
  end
end

-- The cells marked as completing four for Red or Yellow, by the evaluation's stamp (no table made per call).
local red_marks, yellow_marks, stamp = {}, {}, 0

-- The compiled evaluation: empty cells that would complete four for the player to move, less the opponent's,
-- over 64 — here from Red's side. An empty cell completes four exactly when a line through it holds three stones
-- of one colour: the 69 lines are read once each, rather than four directions walked from each of 42 cells.
function evaluate(s)
  local cells = s.cells
  local red, yellow = 0, 0
  stamp = stamp + 1
  for i = 1, #LINES do
    local line = LINES[i]
    local a, b, c, d = cells[line[1]], cells[line[2]], cells[line[3]], cells[line[4]]
    local empty, reds, yellows = 0, 0, 0
    if a == 0 then empty = line[1] elseif a == 1 then reds = reds + 1 else yellows = yellows + 1 end
    if b == 0 then empty = line[2] elseif b == 1 then reds = reds + 1 else yellows = yellows + 1 end
    if c == 0 then empty = line[3] elseif c == 1 then reds = reds + 1 else yellows = yellows + 1 end
    if d == 0 then empty = line[4] elseif d == 1 then reds = reds + 1 else yellows = yellows + 1 end
    if reds == 3 and empty ~= 0 and red_marks[empty] ~= stamp then
      red_marks[empty] = stamp
      red = red + 1
    elseif yellows == 3 and empty ~= 0 and yellow_marks[empty] ~= stamp then
      yellow_marks[empty] = stamp
      yellow = yellow + 1
    end
  end
  return (red - yellow) / 64
end

function move_name(s, column)
  return tostring(column + 1)
end

function draw(s)
  local cells = {}
  for row = H - 1, 0, -1 do
    for column = 0, W - 1 do
      local v = s.cells[column * H + row + 1]
      cells[#cells + 1] = { stone = (v == 1 and "red") or (v == 2 and "yellow") or nil, background = "blue" }
    end
  end
  return cells
end

function click(s, cell)
  local column = (cell - 1) % W
  if s.heights[column + 1] == H then return nil, "that column is full" end
  return column
end
