-- One fault: the die's chances add up to 0.9. Each turn a die of three faces is rolled (1, 2 or 3 stones), then the
-- player takes them or passes; whoever takes the last stone wins.
bounds = {-1, 1}
function start() return { pile = 6, mover = 1, rolled = nil } end
function turn(s) if s.rolled == nil then return "chance" end return s.mover end
function chances(s) return { {1, 0.3}, {2, 0.3}, {3, 0.3} } end
function moves(s) return {0, 1} end
function play(s, m)
  if s.rolled == nil then return { pile = s.pile, mover = s.mover, rolled = m } end
  local pile = s.pile
  if m == 1 then pile = math.max(0, pile - s.rolled) end
  return { pile = pile, mover = 3 - s.mover, rolled = nil }
end
function result(s)
  if s.pile == 0 then if s.mover == 2 then return 1 else return -1 end end
  return nil
end
function key(s) return s.pile * 8 + s.mover * 4 + (s.rolled or 0) end
