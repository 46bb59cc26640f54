-- A tour of what a script's board can show (the picture in docs/writing-a-game.md): a 3 × 3 board of Dots and
-- Boxes part-played — dots, lines drawn in their player's colour and lines still to play, boxes filled by their
-- owners, coordinates — with pieces by name in the empty boxes. Playable: a move draws a line; no boxes are scored.

id = "board-tour"
name = "Board tour"
sides = {"Red", "Gold"}
bounds = {-1, 1}

-- Points 1–16 are the corners, row by row; edges 1–12 the level lines (row by row), 13–24 the upright ones.
local POINTS, LINES = {}, {}
for r = 0, 3 do
  for c = 0, 3 do POINTS[#POINTS + 1] = { c, r } end
end
for r = 0, 3 do
  for c = 0, 2 do LINES[#LINES + 1] = { r * 4 + c + 1, r * 4 + c + 2 } end
end
for r = 0, 2 do
  for c = 0, 3 do LINES[#LINES + 1] = { r * 4 + c + 1, (r + 1) * 4 + c + 1 } end
end

board = { shape = "grid", width = 3, height = 3, moves = "edges", coordinates = true }

function start()
  -- Boxes a1 (Red's) and b1 (Gold's) are closed; who drew each line.
  local drawn = { [1] = 1, [4] = 1, [13] = 1, [14] = 2, [2] = 2, [5] = 2, [15] = 2, [9] = 1, [20] = 2 }
  return { drawn = drawn, player = 1, count = 9 }
end

function turn(s)
  return s.player
end

function moves(s)
  local list = {}
  for line = 1, #LINES do
    if not s.drawn[line] then list[#list + 1] = line end
  end
  return list
end

function play(s, m)
  local drawn = {}
  for line, by in pairs(s.drawn) do drawn[line] = by end
  drawn[m] = s.player
  return { drawn = drawn, player = 3 - s.player, count = s.count + 1 }
end

function result(s)
  if s.count == #LINES then return 0 end
  return nil
end

local COLOURS = { "#d63031", "#e0a800" }

function draw(s)
  local points, edges = {}, {}
  for i, p in ipairs(POINTS) do points[i] = { p[1], p[2] } end
  for i, line in ipairs(LINES) do
    local by = s.drawn[i]
    edges[i] = { line[1], line[2], drawn = by ~= nil, colour = by and COLOURS[by] or nil }
  end
  return {
    { owner = 1 }, { owner = 2 }, { piece = "counter", colour = "wood", label = "12" },
    { piece = "king", colour = "white" }, { piece = "die5" }, { piece = "N" },
    { stone = "blue" }, { glyph = "hold" }, { piece = "man" },
    points = points, edges = edges, caption = "Red's box, Gold's box; pieces by name",
  }
end
