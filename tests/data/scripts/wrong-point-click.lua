-- One fault: a click on a point returns move 999, which is never legal. Four points in a row; a move places a stone
-- on an empty point (move n is point n); the game ends when all four are taken.
bounds = {-1, 1}
board = { shape = "grid", width = 4, height = 1, moves = "points" }
function start() return { stones = {0, 0, 0, 0}, played = 0 } end
function turn(s) return s.played % 2 + 1 end
function moves(s)
  local list = {}
  for p = 1, 4 do if s.stones[p] == 0 then list[#list + 1] = p end end
  return list
end
function play(s, p)
  local stones = { s.stones[1], s.stones[2], s.stones[3], s.stones[4] }
  stones[p] = s.played % 2 + 1
  return { stones = stones, played = s.played + 1 }
end
function result(s) if s.played == 4 then return 0 end return nil end
function key(s) return ((s.stones[1] * 3 + s.stones[2]) * 3 + s.stones[3]) * 3 + s.stones[4] end
function draw(s)
  local points = {}
  for p = 1, 4 do points[p] = { p - 0.5, 0.5, stone = ({ "black", "white" })[s.stones[p]] } end
  return { {}, {}, {}, {}, points = points }
end
function click(s, index, from, kind)
  if kind ~= "point" then return nil, "click a point" end
  if s.stones[index] ~= 0 then return nil, "taken" end
  return 999
end
