-- Hex (Piet Hein, 1942; John Nash, 1948) on 7 × 7. Red joins top and bottom, Blue left and right; the board
-- always fills up with a winner, so there are no draws. The board is the usual rhombus: each row starts half a
-- cell further right than the one above.

id = "hex"
name = "Hex 7 × 7"
description = "Red joins the top and bottom edges, Blue the left and right. Hein (1942), Nash (1948); " ..
  "there are no draws, and the first player wins with perfect play (Nash's strategy-stealing argument)."
sides = {"Red", "Blue"}
-- The levels are listed, each by its depth and margin for mistakes: levels 1–4 look 1 ply ahead with margins of 2
-- (nearly random moves), 0.5, 0.2 and none; 5 and 6 look 2 plies ahead (0.2, then none); 7 looks 3; 8 and 9
-- look 4 (0.2, then none) and 10 looks 5 (90,000 nodes, under a second in the opening here). The time is only a
-- ceiling (the README's *The level ladder*).
ai = {
  level = 5, depth = {1, 8}, time_ms = {1000, 10000}, tt_mib = 32, mistakes = 0.2,
  levels = {
    {depth = 1, mistakes = 2},
    {depth = 1, mistakes = 0.5},
    {depth = 1, mistakes = 0.2},
    {depth = 1, mistakes = 0},
    {depth = 2, mistakes = 0.2},
    {depth = 2, mistakes = 0},
    {depth = 3, mistakes = 0},
    {depth = 4, mistakes = 0.2},
    {depth = 4, mistakes = 0},
    {depth = 5, mistakes = 0},
  },
}
bounds = {-1, 1}

local N = 7
-- Move n is cell n, so the window rings the last stone; every empty cell is a move, so it dots none. The
-- coordinates are the moves' names: columns a–g, rows 1–7 from the top.
board = { shape = "hex", width = N, height = N, shift = 0.5, moves = "cells", dots = false, coordinates = true }

-- Cells are numbered 1 … 49 row by row from the top left; a move is a cell's number. The search calls `play`,
-- `undo` and `evaluate` hundreds of thousands of times, so this file plays in place (with `undo`) and keeps, besides
-- the cells, each colour's stones as the bits of one integer (cell i is bit i - 1, so row r is bits 7r … 7r + 6):
-- a group or a shortest path then grows by a whole ring of cells in a dozen integer operations.
local CELLS = N * N
-- The board, each colour's two edges (Red's are the top and bottom rows, Blue's the left and right columns) and
-- the board but its first or last column, as bits. A step right (or up and right) must not wrap onto the next
-- row's first cell, nor a step left (or down and left) onto the row before's last. They are written as numbers so
-- that Lua compiles them into the code (checked against their meaning below).
local BOARD <const> = 0x1ffffffffffff
local TOP <const>, BOTTOM <const>, LEFT <const>, RIGHT <const> = 0x7f, 0x1fc0000000000, 0x40810204081, 0x1020408102040
local NOT_FIRST_COLUMN <const>, NOT_LAST_COLUMN <const> = 0x1fbf7efdfbf7e, 0xfdfbf7efdfbf
local FIRST_EDGE, LAST_EDGE = { TOP, LEFT }, { BOTTOM, RIGHT }
do
  local top, bottom, left, right = 0, 0, 0, 0
  for k = 0, N - 1 do
    top, bottom = top | 1 << k, bottom | 1 << ((N - 1) * N + k)
    left, right = left | 1 << (k * N), right | 1 << (k * N + N - 1)
  end
  assert(BOARD == (1 << CELLS) - 1 and TOP == top and BOTTOM == bottom and LEFT == left and RIGHT == right)
  assert(NOT_FIRST_COLUMN == BOARD ~ left and NOT_LAST_COLUMN == BOARD ~ right)
end

-- The cells next to those in `x`, and maybe cells off the board (bits 49 and up), which the callers mask away.
-- A cell's six neighbours are left and right (±1), above (−7, and −6 up and right) and below (+7, +6 down and
-- left).
--   ((x << 1 | x >> 6) & NOT_FIRST_COLUMN) | ((x >> 1 | x << 6) & NOT_LAST_COLUMN) | x << 7 | x >> 7
-- is written out where it is used: a function call would cost more than the step.

-- Random keys, one per cell and colour, xored together: a position's key (Zobrist, 1970).
local ZOBRIST = { {}, {} }
for colour = 1, 2 do
  for i = 1, CELLS do ZOBRIST[colour][i] = math.random(math.mininteger, math.maxinteger) end
end

function start()
  local cells = {}
  for i = 1, CELLS do cells[i] = 0 end
  return { cells = cells, stones = { 0, 0 }, player = 1, played = 0, winner = nil, hash = 0 }
end

function turn(s)
  return s.player
end

-- The list is reused: the studio reads it before its next call.
local list, listed = {}, 0

function moves(s)
  local n, cells = 0, s.cells
  for i = 1, CELLS do
    if cells[i] == 0 then n = n + 1; list[n] = i end
  end
  for i = n + 1, listed do list[i] = nil end
  listed = n
  return list
end

-- Does the group of `colour` (its stones `own`) through `cell` touch both of that colour's edges? The group grows a
-- ring of neighbours at a time, until it touches both or stops growing.
local function joins(own, cell, colour)
  local first, last = FIRST_EDGE[colour], LAST_EDGE[colour]
  local group = 1 << (cell - 1)
  while true do
    if group & first ~= 0 and group & last ~= 0 then return true end
    local grown = group | (((group << 1 | group >> 6) & NOT_FIRST_COLUMN) | ((group >> 1 | group << 6)
      & NOT_LAST_COLUMN) | group << 7 | group >> 7) & own
    if grown == group then return false end
    group = grown
  end
end

-- Plays in place (the script defines `undo`): a stone, the turn passes, and the key changes by the stone's key.
-- No one can join two edges with fewer than N stones, so the group is looked at only from the first player's N-th.
function play(s, cell)
  local me, stones = s.player, s.stones
  s.cells[cell] = me
  local own = stones[me] | 1 << (cell - 1)
  stones[me] = own
  local played = s.played + 1
  s.played = played
  s.hash = s.hash ~ ZOBRIST[me][cell]
  if played >= 2 * N - 1 and joins(own, cell, me) then s.winner = me end
  s.player = 3 - me
end

-- Takes back the stone on `cell`: the game was not over before it (no move is played after a win).
function undo(s, cell)
  local me, stones = 3 - s.player, s.stones
  s.cells[cell] = 0
  stones[me] = stones[me] ~ 1 << (cell - 1)
  s.played = s.played - 1
  s.hash = s.hash ~ ZOBRIST[me][cell]
  s.winner = nil
  s.player = me
end

-- A win is worth a little more the sooner it comes.
function result(s)
  if s.winner == nil then return nil end
  local value = 1 - s.played / 100
  if s.winner == 1 then return value else return -value end
end

function key(s)
  return s.hash
end

local INF = 1000

-- How many empty cells (`free`) a colour with the stones `own` still needs to join its edges `first` and `last`: a
-- shortest path where its own stones cost nothing and the opponent's block. `reach` is every cell at most `d` empty
-- cells away from the first edge (own stones joined to them included); it grows by one empty ring a step, then
-- through the own stones that ring touches, until it reaches the last edge (the distance is `d`) or stops growing
-- (no path: INF).
local function distance(own, free, first, last)
  local reach, d = first & own, 0
  local entry = first & free
  while true do
    -- Through own stones, as far as they go: this costs nothing.
    while true do
      local grown = reach | (((reach << 1 | reach >> 6) & NOT_FIRST_COLUMN) | ((reach >> 1 | reach << 6)
        & NOT_LAST_COLUMN) | reach << 7 | reach >> 7) & own
      if grown == reach then break end
      reach = grown
    end
    if reach & last ~= 0 then return d end
    -- One empty cell further: the empty neighbours, and the first edge's empty cells.
    local grown = reach | entry | (((reach << 1 | reach >> 6) & NOT_FIRST_COLUMN) | ((reach >> 1 | reach << 6)
      & NOT_LAST_COLUMN) | reach << 7 | reach >> 7) & free
    if grown == reach then return INF end
    reach, d = grown, d + 1
  end
end

-- The difference of the two distances, scaled well inside the bounds (a real win always counts for more).
function evaluate(s)
  local stones = s.stones
  local red, blue = stones[1], stones[2]
  local free = BOARD ~ (red | blue)
  red, blue = distance(red, free, TOP, BOTTOM), distance(blue, free, LEFT, RIGHT)
  return math.max(-0.5, math.min(0.5, (blue - red) / 20))
end

function move_name(s, cell)
  local r, c = (cell - 1) // N, (cell - 1) % N
  return string.char(string.byte("a") + c) .. tostring(r + 1)
end

function draw(s)
  local cells = {}
  for i = 1, N * N do
    local r, c = (i - 1) // N, (i - 1) % N
    local background = "#e8e0d0"
    if r == 0 or r == N - 1 then background = "#f0c8c8" end
    if c == 0 or c == N - 1 then background = "#c8d4f0" end
    local stone = nil
    if s.cells[i] == 1 then stone = "red" elseif s.cells[i] == 2 then stone = "blue" end
    cells[i] = { stone = stone, background = background }
  end
  return cells
end

function click(s, cell)
  if s.cells[cell] ~= 0 then return nil, "that cell is taken" end
  return cell
end
