-- No fault, only width: the start has 100,000 moves, each ending the game; a check's time cap must hold on it.
bounds = {-1, 1}
local WIDTH = 100000
function start() return { taken = 0, mover = 1 } end
function turn(s) return s.mover end
function moves(s)
  local list = {}
  if s.taken == 0 then
    for m = 1, WIDTH do list[m] = m end
  end
  return list
end
function play(s, m) return { taken = m, mover = 3 - s.mover } end
function result(s)
  if s.taken ~= 0 then return s.taken % 2 == 0 and 1 or -1 end
  return nil
end
function key(s) return s.taken * 2 + s.mover end
