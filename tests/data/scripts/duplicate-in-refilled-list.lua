-- One fault: the moves are listed in one table refilled at every call (as the shipped scripts do), and the helper that
-- lists the takes from a pile puts the take of one stone in it twice once the pile has 4 stones or more. A pile of 6,
-- take 1 or 2; whoever takes the last stone wins.
bounds = {-1, 1}
function start() return { pile = 6, mover = 1 } end
function turn(s) return s.mover end
function play(s, m) return { pile = s.pile - m, mover = 3 - s.mover } end
function result(s)
  if s.pile == 0 then if s.mover == 2 then return 1 else return -1 end end
  return nil
end
function key(s) return s.pile * 2 + s.mover end
local list, listed, n = {}, 0, 0
local function put(take)
  n = n + 1
  list[n] = take
end
local function put_takes(pile)
  put(1)
  if pile >= 2 then put(2) end
  if pile >= 4 then put(1) end
end
function moves(s)
  n = 0
  put_takes(s.pile)
  for i = n + 1, listed do list[i] = nil end
  listed = n
  return list
end
