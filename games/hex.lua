-- Hex (Piet Hein, 1942; John Nash, 1948) on 7 × 7. Red joins top and bottom, Blue left and right; the board
-- always fills up with a winner, so there are no draws. The board is the usual rhombus: each row starts half a
-- cell further right than the one above.

id = "hex"
name = "Hex 7 × 7"
description = "Red joins the top and bottom edges, Blue the left and right. Hein (1942), Nash (1948); " ..
  "there are no draws, and the first player wins with perfect play (Nash's strategy-stealing argument)."
sides = {"Red", "Blue"}
ai = { level = 5, depth = {1, 8}, time_ms = {200, 3000}, tt_mib = 32, mistakes = 0.2 }
bounds = {-1, 1}

local N = 7
board = { shape = "hex", width = N, height = N, shift = 0.5 }

-- Cells are numbered 1 … 49 row by row from the top left; a move is a cell's number.
local NEIGHBOURS = {}
for r = 0, N - 1 do
  for c = 0, N - 1 do
    local list = {}
    for _, d in ipairs({ {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0} }) do
      local rr, cc = r + d[1], c + d[2]
      if rr >= 0 and rr < N and cc >= 0 and cc < N then list[#list + 1] = rr * N + cc + 1 end
    end
    NEIGHBOURS[r * N + c + 1] = list
  end
end

-- Random keys, one per cell and colour, xored together: a position's key (Zobrist, 1970).
local ZOBRIST = {}
for i = 1, 2 * N * N do ZOBRIST[i] = math.random(math.mininteger, math.maxinteger) end

function start()
  local cells = {}
  for i = 1, N * N do cells[i] = 0 end
  return { cells = cells, player = 1, played = 0, winner = nil, hash = 0 }
end

function turn(s)
  return s.player
end

function moves(s)
  local list = {}
  for i = 1, N * N do
    if s.cells[i] == 0 then list[#list + 1] = i end
  end
  return list
end

-- Does the group of `colour` through `cell` touch both of that colour's edges?
local function joins(cells, cell, colour)
  local seen, todo = { [cell] = true }, { cell }
  local low, high = false, false
  while #todo > 0 do
    local here = table.remove(todo)
    local r, c = (here - 1) // N, (here - 1) % N
    local along = colour == 1 and r or c
    if along == 0 then low = true end
    if along == N - 1 then high = true end
    if low and high then return true end
    for _, next in ipairs(NEIGHBOURS[here]) do
      if not seen[next] and cells[next] == colour then
        seen[next] = true
        todo[#todo + 1] = next
      end
    end
  end
  return false
end

function play(s, cell)
  local cells = {}
  for i = 1, N * N do cells[i] = s.cells[i] end
  cells[cell] = s.player
  local winner = nil
  if joins(cells, cell, s.player) then winner = s.player end
  return {
    cells = cells, player = 3 - s.player, played = s.played + 1, winner = winner,
    hash = s.hash ~ ZOBRIST[(s.player - 1) * N * N + cell],
  }
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

-- How many empty cells `colour` still needs to join its edges (a shortest path where its own stones cost
-- nothing and the opponent's block), found by a breadth-first search that takes free steps first.
local function distance(cells, colour)
  local INF = 1000
  local dist, front, back, queue = {}, 1, 0, {}
  for i = 1, N * N do dist[i] = INF end
  local function push(i, d, free)
    if d < dist[i] then
      dist[i] = d
      if free then front = front - 1; queue[front] = i else back = back + 1; queue[back] = i end
    end
  end
  for k = 0, N - 1 do
    local i = colour == 1 and k + 1 or k * N + 1
    if cells[i] == colour then push(i, 0, true) elseif cells[i] == 0 then push(i, 1, false) end
  end
  while front <= back do
    local here = queue[front]
    queue[front] = nil
    front = front + 1
    local r, c = (here - 1) // N, (here - 1) % N
    if (colour == 1 and r == N - 1) or (colour == 2 and c == N - 1) then return dist[here] end
    for _, next in ipairs(NEIGHBOURS[here]) do
      local v = cells[next]
      if v == colour then push(next, dist[here], true) elseif v == 0 then push(next, dist[here] + 1, false) end
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
