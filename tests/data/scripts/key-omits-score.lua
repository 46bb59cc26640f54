-- One fault: the key leaves out the score. A pile of 6, take 1 or 2; each stone taken scores a point for its
-- taker, and the higher score wins. After "1, 2" and "2, 1" the pile and the turn are the same, the scores are not:
-- the key says they are one position (the fault a Dots and Boxes script once had).
bounds = {-6, 6}
function start() return { pile = 6, mover = 1, score = 0 } end
function turn(s) return s.mover end
function moves(s) if s.pile >= 2 then return {1, 2} end return {1} end
function play(s, m)
  local gain = m
  if s.mover == 2 then gain = -m end
  return { pile = s.pile - m, mover = 3 - s.mover, score = s.score + gain }
end
function result(s) if s.pile == 0 then return s.score end return nil end
function evaluate(s) return s.score end
function key(s) return s.pile * 2 + s.mover end
