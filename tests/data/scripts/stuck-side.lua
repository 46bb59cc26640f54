-- One fault: a side with no move is not over. Stones slide right along a row of four points; a side whose stones
-- cannot slide has lost, but result forgets it and only ends the game when every stone is at the right end.
bounds = {-1, 1}
function start() return { cells = {1, 0, 0, 2}, mover = 1 } end
function turn(s) return s.mover end
function moves(s)
  local list = {}
  for c = 1, 3 do
    if s.cells[c] == s.mover and s.cells[c + 1] == 0 then list[#list + 1] = c end
  end
  return list
end
function play(s, c)
  local cells = { s.cells[1], s.cells[2], s.cells[3], s.cells[4] }
  cells[c + 1], cells[c] = cells[c], 0
  return { cells = cells, mover = 3 - s.mover }
end
function result(s)
  if s.cells[4] ~= 0 and s.cells[3] ~= 0 then return 0 end
  return nil
end
function key(s) return ((s.cells[1] * 3 + s.cells[2]) * 3 + s.cells[3]) * 3 + s.cells[4] + 100 * s.mover end
