-- A graph board, to see the window draw one: Tapatan, nine points joined along the rows, the columns and both
-- diagonals. Each side places three stones, one a turn (the move is the point), then slides one of them along a line
-- to the empty point beside it (the move is 100 × from + to: a from·to number, picked by two clicks); three in a
-- line wins, and 60 moves without it are a draw. The points carry their names, black and white stones stand on them.
id = "graph-slide"
name = "Graph slide"
sides = {"Black", "White"}
bounds = {-1, 1}
board = { shape = "grid", width = 2, height = 2, moves = "points" }

-- Points 1–9 row by row from the top left, on the corners of a 2 × 2 grid.
local NAMES = { "a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1" }
local LINES = {
  {1, 2}, {2, 3}, {4, 5}, {5, 6}, {7, 8}, {8, 9}, {1, 4}, {4, 7}, {2, 5}, {5, 8}, {3, 6}, {6, 9},
  {1, 5}, {5, 9}, {3, 5}, {5, 7},
}
local ROWS = { {1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {1, 4, 7}, {2, 5, 8}, {3, 6, 9}, {1, 5, 9}, {3, 5, 7} }
local NEXT = {}
for p = 1, 9 do NEXT[p] = {} end
for _, line in ipairs(LINES) do
  table.insert(NEXT[line[1]], line[2])
  table.insert(NEXT[line[2]], line[1])
end

function start() return { at = { 0, 0, 0, 0, 0, 0, 0, 0, 0 }, player = 1, placed = 0, plies = 0 } end
function turn(s) return s.player end

local function three(s, who)
  for _, row in ipairs(ROWS) do
    if s.at[row[1]] == who and s.at[row[2]] == who and s.at[row[3]] == who then return true end
  end
  return false
end

function result(s)
  if three(s, 1) then return 1 end
  if three(s, 2) then return -1 end
  if s.plies >= 60 then return 0 end
  return nil
end

function moves(s)
  local list = {}
  if s.placed < 6 then
    for p = 1, 9 do if s.at[p] == 0 then list[#list + 1] = p end end
  else
    for p = 1, 9 do
      if s.at[p] == s.player then
        for _, q in ipairs(NEXT[p]) do if s.at[q] == 0 then list[#list + 1] = 100 * p + q end end
      end
    end
  end
  -- A side whose stones are all blocked passes.
  if #list == 0 then list[1] = 0 end
  return list
end

function play(s, m)
  local at = {}
  for p = 1, 9 do at[p] = s.at[p] end
  local placed = s.placed
  if m >= 100 then
    at[m % 100], at[m // 100] = at[m // 100], 0
  elseif m >= 1 then
    at[m] = s.player
    placed = placed + 1
  end
  return { at = at, player = 3 - s.player, placed = placed, plies = s.plies + 1 }
end

function key(s) return table.concat(s.at) .. s.player .. ":" .. s.plies end

function move_name(s, m)
  if m == 0 then return "pass" end
  if m >= 100 then return NAMES[m // 100] .. "-" .. NAMES[m % 100] end
  return NAMES[m]
end

local STONES = { "black", "white" }

function draw(s)
  local points, edges = {}, {}
  for p = 1, 9 do
    points[p] = { (p - 1) % 3, (p - 1) // 3, stone = STONES[s.at[p]], label = NAMES[p] }
  end
  for i, line in ipairs(LINES) do edges[i] = { line[1], line[2], drawn = true } end
  return { {}, {}, {}, {}, points = points, edges = edges }
end

function click(s, n, from, kind)
  if kind ~= "point" then return nil, "click a point" end
  if s.placed < 6 then
    if s.at[n] ~= 0 then return nil, "that point is taken" end
    return n
  end
  if s.at[n] == s.player then return "select" end
  if from == nil then return nil, "click one of your stones, then where it goes" end
  if s.at[n] ~= 0 then return nil, "that point is taken" end
  return 100 * from + n -- the window checks that it is a move (along a line)
end
