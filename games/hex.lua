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
-- look 4 (0.2, then none) and 10 looks 5 (90,000 nodes, 2–3 s, in the opening here). The time is only a
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
-- `undo` and `evaluate` hundreds of thousands of times, so this file plays in place (with `undo`), computes what
-- it can once, here, and reuses its working tables and its list of moves instead of building new ones on every call.
local CELLS = N * N
local ROW, COLUMN, NEIGHBOURS = {}, {}, {}
for r = 0, N - 1 do
  for c = 0, N - 1 do
    local cell, list = r * N + c + 1, {}
    for _, d in ipairs({ {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0} }) do
      local rr, cc = r + d[1], c + d[2]
      if rr >= 0 and rr < N and cc >= 0 and cc < N then list[#list + 1] = rr * N + cc + 1 end
    end
    ROW[cell], COLUMN[cell], NEIGHBOURS[cell] = r, c, list
  end
end
-- Where each colour's edges are: Red's are the top and bottom rows, Blue's the left and right columns.
local ALONG = { ROW, COLUMN }
local FIRST_EDGE = { {}, {} }
for k = 0, N - 1 do FIRST_EDGE[1][k + 1], FIRST_EDGE[2][k + 1] = k + 1, k * N + 1 end

-- Random keys, one per cell and colour, xored together: a position's key (Zobrist, 1970).
local ZOBRIST = { {}, {} }
for colour = 1, 2 do
  for i = 1, CELLS do ZOBRIST[colour][i] = math.random(math.mininteger, math.maxinteger) end
end

function start()
  local cells = {}
  for i = 1, CELLS do cells[i] = 0 end
  return { cells = cells, player = 1, played = 0, winner = nil, hash = 0 }
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

-- Working tables, made once: `seen[i] == mark` marks the cells visited by the current search of a group.
local seen, pending, mark = {}, {}, 0
for i = 1, CELLS do seen[i], pending[i] = 0, 0 end

-- Does the group of `colour` through `cell` touch both of that colour's edges? A depth-first walk of the group.
local function joins(cells, cell, colour)
  mark = mark + 1
  local along = ALONG[colour]
  local low, high, top = false, false, 1
  pending[1], seen[cell] = cell, mark
  while top > 0 do
    local here = pending[top]
    top = top - 1
    local a = along[here]
    if a == 0 then low = true elseif a == N - 1 then high = true end
    if low and high then return true end
    local around = NEIGHBOURS[here]
    for k = 1, #around do
      local next = around[k]
      if seen[next] ~= mark and cells[next] == colour then
        seen[next] = mark
        top = top + 1
        pending[top] = next
      end
    end
  end
  return false
end

-- Plays in place (the script defines `undo`): a stone, the turn passes, and the key changes by the stone's key.
-- No one can join two edges with fewer than N stones, so the group is looked at only from the first player's N-th.
function play(s, cell)
  local me = s.player
  s.cells[cell] = me
  s.played = s.played + 1
  s.hash = s.hash ~ ZOBRIST[me][cell]
  if s.played >= 2 * N - 1 and joins(s.cells, cell, me) then s.winner = me end
  s.player = 3 - me
end

-- Takes back the stone on `cell`: the game was not over before it (no move is played after a win).
function undo(s, cell)
  local me = 3 - s.player
  s.cells[cell] = 0
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

-- The distance search's working tables: the distances, and a double-ended queue in one array that starts in the
-- middle and grows both ways (room for eight entries a cell each way; past an end Lua only grows the table).
local INF, MIDDLE = 1000, 8 * CELLS
local dist, queue = {}, {}
for i = 1, CELLS do dist[i] = INF end
for i = 1, 2 * MIDDLE do queue[i] = 0 end

-- How many empty cells `colour` still needs to join its edges: a shortest path where its own stones cost nothing
-- and the opponent's block, found by a breadth-first search that takes free steps first (a "0-1 BFS").
local function distance(cells, colour)
  local along = ALONG[colour]
  for i = 1, CELLS do dist[i] = INF end
  local front, back = MIDDLE + 1, MIDDLE
  local edge = FIRST_EDGE[colour]
  for k = 1, N do
    local i = edge[k]
    local v = cells[i]
    if v == colour then
      dist[i] = 0
      front = front - 1
      queue[front] = i
    elseif v == 0 then
      dist[i] = 1
      back = back + 1
      queue[back] = i
    end
  end
  while front <= back do
    local here = queue[front]
    front = front + 1
    local d = dist[here]
    if along[here] == N - 1 then return d end
    local around = NEIGHBOURS[here]
    for k = 1, #around do
      local next = around[k]
      local v = cells[next]
      if v == colour then
        if d < dist[next] then
          dist[next] = d
          front = front - 1
          queue[front] = next
        end
      elseif v == 0 and d + 1 < dist[next] then
        dist[next] = d + 1
        back = back + 1
        queue[back] = next
      end
    end
  end
  return INF
end

-- The difference of the two distances, scaled well inside the bounds (a real win always counts for more).
function evaluate(s)
  local red, blue = distance(s.cells, 1), distance(s.cells, 2)
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
