-- Kalah (William Julius Champion Jr., 1940s): six pits a side with four seeds each, and a store at each end.
-- Sow the seeds of one of your pits counter-clockwise, one per pit, into your own store but not your opponent's.
-- The last seed in your store: move again. The last seed in an empty pit of yours, with seeds opposite: capture
-- both. When one side's pits are empty, the other side's seeds go to its owner's store; the larger store wins.

id = "kalah"
name = "Kalah"
description = "Mancala with 6 pits and 4 seeds each: extra turns when the last seed lands in your store, " ..
  "captures when it lands in an empty pit of yours. The larger store wins."
sides = {"South", "North"}
-- The levels are listed: budgets 1.7× apart play alike from 36,000 nodes up, so the top levels step by more and the
-- weakest look one or two plies ahead and err (the README's *The level ladder*).
ai = {
  level = 5, depth = {1, 16}, time_ms = {100, 2000}, nodes = {1000, 100000}, tt_mib = 32, mistakes = 4,
  levels = {
    {depth = 1, mistakes = 4},
    {depth = 1, mistakes = 2},
    {depth = 2, mistakes = 2},
    {depth = 3, nodes = 1700, mistakes = 2},
    {depth = 4, nodes = 2800, mistakes = 1},
    {depth = 6, nodes = 4600, mistakes = 0.5},
    {depth = 8, nodes = 7700, mistakes = 0.25},
    {depth = 11, nodes = 22000, mistakes = 0.0625},
    {depth = 13, nodes = 36000, mistakes = 0},
    {},
  },
}
-- Scores are the difference of the stores, South's minus North's.
bounds = {-48, 48}

-- Pits 1–6 are South's (left to right), 7 South's store, 8–13 North's (right to left as South sees them), 14
-- North's store. Sowing goes 1, 2, … 14, 1, …
local SEEDS = 4
local STORE = {7, 14}

function start()
  local p = {}
  for i = 1, 14 do p[i] = SEEDS end
  p[7], p[14] = 0, 0
  return { pits = p, player = 1, over = false }
end

function turn(s)
  return s.player
end

-- A move is the pit's number, 1–6, counted from the mover's left.
function moves(s)
  local list, base = {}, (s.player - 1) * 7
  for m = 1, 6 do
    if s.pits[base + m] > 0 then list[#list + 1] = m end
  end
  return list
end

function play(s, m)
  local o = s.pits
  local p = { o[1], o[2], o[3], o[4], o[5], o[6], o[7], o[8], o[9], o[10], o[11], o[12], o[13], o[14] }
  local me = s.player
  local skip = STORE[3 - me]
  local pit = (me - 1) * 7 + m
  local seeds = p[pit]
  p[pit] = 0
  while seeds > 0 do
    pit = pit % 14 + 1
    if pit ~= skip then
      p[pit] = p[pit] + 1
      seeds = seeds - 1
    end
  end
  local next_player = 3 - me
  local captured = 0
  if pit == STORE[me] then
    next_player = me
  elseif p[pit] == 1 and (pit - 1) // 7 == me - 1 and p[14 - pit] > 0 then
    captured = p[14 - pit]
    p[STORE[me]] = p[STORE[me]] + p[14 - pit] + 1
    p[pit], p[14 - pit] = 0, 0
  end
  local south = p[1] + p[2] + p[3] + p[4] + p[5] + p[6]
  local north = p[8] + p[9] + p[10] + p[11] + p[12] + p[13]
  local over = south == 0 or north == 0
  if over then
    p[7], p[14] = p[7] + south, p[14] + north
    for i = 1, 6 do p[i], p[7 + i] = 0, 0 end
  end
  -- `last`, `mover`, `extra` and `captured` only tell the board what just happened: `key` leaves them out.
  return { pits = p, player = next_player, over = over, last = m, mover = me,
           extra = next_player == me and not over, captured = captured }
end

function result(s)
  if s.over then return s.pits[7] - s.pits[14] end
  return nil
end

function evaluate(s)
  return s.pits[7] - s.pits[14]
end

function key(s)
  local p = s.pits
  return string.char(s.player, p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10], p[11], p[12], p[13], p[14])
end

function move_name(s, m)
  return tostring(m)
end

-- Drawn as 8 × 2 pits: North's store on the left and South's on the right, each as tall as both rows; North's
-- pits above South's. Each pit is numbered as its move is named (from its owner's left), and the pit last sown
-- from is ringed.
board = { shape = "pits", width = 8, height = 2 }

function draw(s)
  local p, cells = s.pits, {}
  local function pit(i, colour)
    local owner, number = i < 7 and 1 or 2, i < 7 and i or i - 7
    local marked = s.last ~= nil and s.mover == owner and s.last == number
    return { label = tostring(p[i]), background = colour, note = "pit " .. number, marked = marked }
  end
  cells[1] = { label = tostring(p[14]), background = "#c8a070", note = "North", tall = true }
  for c = 2, 7 do cells[c] = pit(15 - c, "#e0c090") end
  cells[8] = { label = tostring(p[7]), background = "#c8a070", note = "South", tall = true }
  cells[9] = false
  for c = 2, 7 do cells[8 + c] = pit(c - 1, "#e0c090") end
  cells[16] = false
  local score = string.format("South %d – North %d", p[7], p[14])
  if s.last == nil then
    cells.caption = score
    return cells
  end
  local what = sides[s.mover] .. " sowed pit " .. s.last
  if s.captured > 0 then what = what .. " and captured " .. s.captured end
  if s.extra then what = what .. ": last seed in the store, extra turn" end
  cells.caption = what .. " · " .. score
  return cells
end

function click(s, cell)
  local row, column = (cell - 1) // 8, (cell - 1) % 8
  if column == 0 or column == 7 then return nil, "that is a store: click one of your pits" end
  local owner = row == 1 and 1 or 2
  if owner ~= s.player then return nil, "that pit is your opponent's" end
  local m = owner == 1 and column or 7 - column
  if s.pits[(owner - 1) * 7 + m] == 0 then return nil, "that pit is empty" end
  return m
end
