-- One fault: the helper that lists the takes from a pile adds the take of one stone twice. A pile of 6, take 1 or 2;
-- whoever takes the last stone wins.
bounds = {-1, 1}
function start() return { pile = 6, mover = 1 } end
function turn(s) return s.mover end
function play(s, m) return { pile = s.pile - m, mover = 3 - s.mover } end
function result(s)
  if s.pile == 0 then if s.mover == 2 then return 1 else return -1 end end
  return nil
end
function key(s) return s.pile * 2 + s.mover end
local function add_takes(list, pile)
  list[#list + 1] = 1
  if pile >= 2 then list[#list + 1] = 2 end
  list[#list + 1] = 1
end
function moves(s)
  local list = {}
  add_takes(list, s.pile)
  return list
end
