-- One fault: undo puts the stones back but forgets the counter of moves without a capture, on which the draw rule
-- depends. Two piles; a move takes 1 or 2 from one pile; taking 2 is a capture; after 4 moves without a capture, a draw.
bounds = {-1, 1}
function start() return { piles = {3, 3}, mover = 1, quiet = 0 } end
function turn(s) return s.mover end
function moves(s)
  local list = {}
  for pile = 1, 2 do
    for take = 1, math.min(2, s.piles[pile]) do list[#list + 1] = pile * 10 + take end
  end
  return list
end
function play(s, m)
  local pile, take = m // 10, m % 10
  s.piles[pile] = s.piles[pile] - take
  s.mover = 3 - s.mover
  if take == 2 then s.quiet = 0 else s.quiet = s.quiet + 1 end
end
function undo(s, m)
  local pile, take = m // 10, m % 10
  s.piles[pile] = s.piles[pile] + take
  s.mover = 3 - s.mover
end
function result(s)
  if s.piles[1] + s.piles[2] == 0 then if s.mover == 2 then return 1 else return -1 end end
  if s.quiet >= 4 then return 0 end
  return nil
end
function key(s) return ((s.piles[1] * 4 + s.piles[2]) * 3 + s.mover) * 8 + s.quiet end
