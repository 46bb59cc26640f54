-- One fault: play counts its calls in a global, and the count is part of the position: the same moves give
-- another key the second time.
bounds = {-1, 1}
local plays = 0
function start() return { pile = 6, mover = 1, stamp = 0 } end
function turn(s) return s.mover end
function moves(s) if s.pile >= 2 then return {1, 2} end return {1} end
function play(s, m)
  plays = plays + 1
  return { pile = s.pile - m, mover = 3 - s.mover, stamp = plays }
end
function result(s)
  if s.pile == 0 then if s.mover == 2 then return 1 else return -1 end end
  return nil
end
function key(s) return s.pile * 2 + s.mover + 100 * s.stamp end
