-- One fault: undo takes a placed stone off the board but forgets to put it back in its owner's hand. Each side has
-- two stones in hand and places them on a row of five points; then the game is a draw.
bounds = {-1, 1}
function start() return { cells = {0, 0, 0, 0, 0}, hand = {2, 2}, mover = 1 } end
function turn(s) return s.mover end
function moves(s)
  local list = {}
  if s.hand[s.mover] == 0 then return {0} end
  for c = 1, 5 do if s.cells[c] == 0 then list[#list + 1] = c end end
  return list
end
function play(s, m)
  if m ~= 0 then
    s.cells[m] = s.mover
    s.hand[s.mover] = s.hand[s.mover] - 1
  end
  s.mover = 3 - s.mover
end
function undo(s, m)
  s.mover = 3 - s.mover
  if m ~= 0 then s.cells[m] = 0 end
end
function result(s) if s.hand[1] + s.hand[2] == 0 then return 0 end return nil end
function key(s)
  local k = s.mover
  for c = 1, 5 do k = k * 3 + s.cells[c] end
  return (k * 3 + s.hand[1]) * 3 + s.hand[2]
end
