-- One fault: a click on a filled cell still plays it.
bounds = {-1, 1}
board = { shape = "grid", width = 3, height = 1 }
function start() return { cells = {0, 0, 0}, played = 0 } end
function turn(s) return s.played % 2 + 1 end
function moves(s)
  local list = {}
  for cell = 1, 3 do if s.cells[cell] == 0 then list[#list + 1] = cell end end
  return list
end
function play(s, cell)
  local cells = { s.cells[1], s.cells[2], s.cells[3] }
  cells[cell] = s.played % 2 + 1
  return { cells = cells, played = s.played + 1 }
end
function result(s) if s.played == 3 then return 0 end return nil end
function key(s) return s.cells[1] * 9 + s.cells[2] * 3 + s.cells[3] end
function draw(s)
  local cells = {}
  for i = 1, 3 do cells[i] = (s.cells[i] == 1 and "X") or (s.cells[i] == 2 and "O") or {} end
  return cells
end
function click(s, cell) return cell end
