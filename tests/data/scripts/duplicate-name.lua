-- One fault: both moves are called "take".
bounds = {-1, 1}
function start() return { pile = 6, mover = 1 } end
function turn(s) return s.mover end
function play(s, m) return { pile = s.pile - m, mover = 3 - s.mover } end
-- Whoever takes the last stone wins.
function result(s)
  if s.pile == 0 then if s.mover == 2 then return 1 else return -1 end end
  return nil
end
function key(s) return s.pile * 2 + s.mover end
function moves(s) if s.pile >= 2 then return {1, 2} end return {1} end
function move_name(s, m) return "take" end
