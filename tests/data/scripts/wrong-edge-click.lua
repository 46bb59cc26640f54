-- One fault: a click on a line gives the line's number minus one (a list counted from 0), so the top line gives move
-- 0, never legal. Dots and Boxes on one box: four dots, four lines (move n is line n).
bounds = {-1, 1}
local LINES = { {1, 2}, {1, 3}, {2, 4}, {3, 4} }
board = { shape = "grid", width = 1, height = 1, moves = "edges" }
function start() return { drawn = { false, false, false, false }, player = 1, count = 0 } end
function turn(s) return s.player end
function moves(s)
  local list = {}
  for line = 1, 4 do if not s.drawn[line] then list[#list + 1] = line end end
  return list
end
function play(s, m)
  local drawn = { s.drawn[1], s.drawn[2], s.drawn[3], s.drawn[4] }
  drawn[m] = true
  return { drawn = drawn, player = 3 - s.player, count = s.count + 1 }
end
function result(s) if s.count == 4 then return 0 end return nil end
function key(s)
  local k = s.player
  for line = 1, 4 do k = k * 2 + (s.drawn[line] and 1 or 0) end
  return k
end
function draw(s)
  local edges = {}
  for i, line in ipairs(LINES) do edges[i] = { line[1], line[2], drawn = s.drawn[i] } end
  return { {}, points = { {0, 0}, {1, 0}, {0, 1}, {1, 1} }, edges = edges }
end
function click(s, index, from, kind)
  if kind ~= "edge" then return nil, "click a line" end
  if s.drawn[index] then return nil, "drawn already" end
  return index - 1
end
