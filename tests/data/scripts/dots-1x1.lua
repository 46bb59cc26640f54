-- Dots and Boxes on one box: the smallest board of points and lines, for the window's tests. Four dots, four lines
-- (the moves are the lines' numbers: board.moves = "edges"); whoever draws the fourth line wins the box and the game.
-- A line is played by clicking it, or by clicking its two dots one after the other.

id = "dots-1x1"
name = "Dots and Boxes 1 × 1"
sides = {"First", "Second"}
bounds = {-1, 1}

-- The dots, in cells from the top left corner, and the lines as pairs of dots.
local DOTS = { {0, 0}, {1, 0}, {0, 1}, {1, 1} }
local LINES = { {1, 2}, {1, 3}, {2, 4}, {3, 4} }
local NAMES = { "top", "left", "right", "bottom" }

board = { shape = "grid", width = 1, height = 1, moves = "edges" }

function start()
  return { drawn = { false, false, false, false }, player = 1, count = 0, last = nil }
end

function turn(s)
  return s.player
end

function moves(s)
  local list = {}
  for line = 1, 4 do
    if not s.drawn[line] then list[#list + 1] = line end
  end
  return list
end

function play(s, m)
  local drawn = { s.drawn[1], s.drawn[2], s.drawn[3], s.drawn[4] }
  drawn[m] = s.player
  local count = s.count + 1
  -- The fourth line completes the box: its drawer owns it (and would move again, but the game is over).
  local next_player = count == 4 and s.player or 3 - s.player
  return { drawn = drawn, player = next_player, count = count, owner = count == 4 and s.player or nil }
end

function result(s)
  if s.owner == 1 then return 1 elseif s.owner == 2 then return -1 end
  return nil
end

function key(s)
  local k = s.player
  for line = 1, 4 do k = k * 3 + (s.drawn[line] or 0) end
  return k
end

function move_name(s, m)
  return NAMES[m]
end

local COLOURS = { "red", "blue" }

function draw(s)
  local points, edges = {}, {}
  for i, dot in ipairs(DOTS) do points[i] = { dot[1], dot[2] } end
  for i, line in ipairs(LINES) do
    local by = s.drawn[i]
    edges[i] = { line[1], line[2], drawn = by ~= false, colour = by and COLOURS[by] or nil }
  end
  return { { owner = s.owner, label = s.owner and sides[s.owner] or nil }, points = points, edges = edges }
end

-- A line is its own move; a dot starts a line, and a second dot ends it.
function click(s, index, from, kind)
  if kind == "edge" then return index end
  if kind ~= "point" then return nil, "click a line, or two dots" end
  if from == nil then return "select" end
  for i, line in ipairs(LINES) do
    if (line[1] == from and line[2] == index) or (line[1] == index and line[2] == from) then return i end
  end
  return nil, "those two dots are not joined by a line"
end
