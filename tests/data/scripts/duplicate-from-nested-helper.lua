-- One fault: the helper that lists the takes from a pile adds each through another helper, and asks it for the take
-- of one stone twice; the list grows by `table.insert`. A pile of 6, take 1 or 2; whoever takes the last stone wins.
bounds = {-1, 1}
function start() return { pile = 6, mover = 1 } end
function turn(s) return s.mover end
function play(s, m) return { pile = s.pile - m, mover = 3 - s.mover } end
function result(s)
  if s.pile == 0 then if s.mover == 2 then return 1 else return -1 end end
  return nil
end
function key(s) return s.pile * 2 + s.mover end
local function add(list, take)
  table.insert(list, take)
end
local function add_takes(list, pile)
  add(list, 1)
  if pile >= 2 then add(list, 2) end
  if pile >= 3 then add(list, 1) end
end
function moves(s)
  local list = {}
  add_takes(list, s.pile)
  return list
end
