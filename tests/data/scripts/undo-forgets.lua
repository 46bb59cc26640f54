-- One fault: play changes the position in place, and undo puts the stones back but forgets whose turn it was.
bounds = {-1, 1}
function start() return { pile = 6, mover = 1 } end
function turn(s) return s.mover end
function moves(s)
  if s.mover == 2 then return {1} end
  if s.pile >= 2 then return {1, 2} end
  return {1}
end
function play(s, m) s.pile = s.pile - m; s.mover = 3 - s.mover end
function undo(s, m) s.pile = s.pile + m end
function result(s)
  if s.pile <= 0 then if s.mover == 2 then return 1 else return -1 end end
  return nil
end
function key(s) return s.pile * 2 + s.mover end
