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
-- NEXT[me][pit]: the pit after `pit` as `me` sows, past the opponent's store.
local NEXT = { {}, {} }
for me = 1, 2 do
  for pit = 1, 14 do
    local after = pit % 14 + 1
    if after == STORE[3 - me] then after = after % 14 + 1 end
    NEXT[me][pit] = after
  end
end

-- The search calls `play`, `undo` and `moves` hundreds of thousands of times, so this file plays in place (with
-- `undo`) and makes no table per call: what each move of the line did is kept by ply (the number of moves played)
-- in the lists below, which `undo` reads to sow backwards and the board to say what just happened (the last pit
-- sown is kept only when it captured: only then does `undo` need it).
local MOVE, MOVER, SOWN, LAST_PIT, CAPTURED, SWEPT = {}, {}, {}, {}, {}, {}

function start()
  local p = {}
  for i = 1, 14 do p[i] = SEEDS end
  p[7], p[14] = 0, 0
  return { pits = p, player = 1, over = false, plies = 0 }
end

function turn(s)
  return s.player
end

-- A move is the pit's number, 1–6, counted from the mover's left. The list is reused: the studio reads it before
-- its next call.
local list, listed = {}, 0

function moves(s)
  local n, pits, base = 0, s.pits, (s.player - 1) * 7
  for m = 1, 6 do
    if pits[base + m] > 0 then n = n + 1; list[n] = m end
  end
  for i = n + 1, listed do list[i] = nil end
  listed = n
  return list
end

-- A move is never played from a position that is over (it has no moves), so `s.over` is false here.
function play(s, m)
  local ply = s.plies + 1
  local p, me = s.pits, s.player
  local base = (me - 1) * 7
  local from = base + m
  local seeds = p[from]
  p[from] = 0
  -- South sows 1, 2, … 13 and North 8, 9, … 14 before either wraps round or skips a store: most sowings are one
  -- run of pits.
  local last = from + seeds
  if last <= 12 + me then
    for i = from + 1, last do p[i] = p[i] + 1 end
  else
    local after = NEXT[me]
    last = from
    for _ = 1, seeds do
      last = after[last]
      p[last] = p[last] + 1
    end
  end
  local store, next_player, captured = base + 7, 3 - me, 0
  if last == store then
    next_player = me
  elseif last > base and last < store and p[last] == 1 then
    local opposite = 14 - last
    captured = p[opposite]
    if captured > 0 then
      p[store] = p[store] + captured + 1
      p[last], p[opposite] = 0, 0
      LAST_PIT[ply] = last
    end
  end
  -- Over when one side's pits are all empty: the first pit that holds seeds on each side answers (most often the
  -- first one looked at), and only then are the pits added up and swept into the stores.
  if (p[1] == 0 and p[2] == 0 and p[3] == 0 and p[4] == 0 and p[5] == 0 and p[6] == 0)
    or (p[8] == 0 and p[9] == 0 and p[10] == 0 and p[11] == 0 and p[12] == 0 and p[13] == 0) then
    -- The pits swept into the stores, kept for `undo` (once a game).
    local swept, south, north = SWEPT[ply] or {}, 0, 0
    SWEPT[ply] = swept
    for i = 1, 6 do
      local a, b = p[i], p[7 + i]
      swept[i], swept[6 + i] = a, b
      south, north = south + a, north + b
      p[i], p[7 + i] = 0, 0
    end
    p[7], p[14] = p[7] + south, p[14] + north
    s.over = true
  end
  MOVE[ply], MOVER[ply], SOWN[ply], CAPTURED[ply] = m, me, seeds, captured
  s.player, s.plies = next_player, ply
end

-- Takes the last move back: the sweep at the game's end, the capture, then the sowing, each undone.
function undo(s, m)
  local ply = s.plies
  local p, me = s.pits, MOVER[ply]
  if s.over then
    local swept, south, north = SWEPT[ply], 0, 0
    for i = 1, 6 do
      local a, b = swept[i], swept[6 + i]
      p[i], p[7 + i] = a, b
      south, north = south + a, north + b
    end
    p[7], p[14] = p[7] - south, p[14] - north
    s.over = false
  end
  local base = (me - 1) * 7
  local captured = CAPTURED[ply]
  if captured > 0 then
    local store, pit = base + 7, LAST_PIT[ply]
    p[store] = p[store] - captured - 1
    p[pit], p[14 - pit] = 1, captured
  end
  local from, seeds = base + m, SOWN[ply]
  local last = from + seeds
  if last <= 12 + me then
    for i = from + 1, last do p[i] = p[i] - 1 end
  else
    local after = NEXT[me]
    last = from
    for _ = 1, seeds do
      last = after[last]
      p[last] = p[last] - 1
    end
  end
  p[from] = seeds
  s.player, s.plies = me, ply - 1
end

function result(s)
  if s.over then return s.pits[7] - s.pits[14] end
  return nil
end

function evaluate(s)
  return s.pits[7] - s.pits[14]
end

local char = string.char

function key(s)
  local p = s.pits
  return char(s.player, p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10], p[11], p[12], p[13], p[14])
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
  -- The move that led here, if any: what the board says just happened.
  local ply = s.plies
  local last, mover = MOVE[ply], MOVER[ply]
  local function pit(i, colour)
    local owner, number = i < 7 and 1 or 2, i < 7 and i or i - 7
    local marked = last ~= nil and mover == owner and last == number
    return { label = tostring(p[i]), background = colour, note = "pit " .. number, marked = marked }
  end
  cells[1] = { label = tostring(p[14]), background = "#c8a070", note = "North", tall = true }
  for c = 2, 7 do cells[c] = pit(15 - c, "#e0c090") end
  cells[8] = { label = tostring(p[7]), background = "#c8a070", note = "South", tall = true }
  cells[9] = false
  for c = 2, 7 do cells[8 + c] = pit(c - 1, "#e0c090") end
  cells[16] = false
  local score = string.format("South %d – North %d", p[7], p[14])
  if last == nil then
    cells.caption = score
    return cells
  end
  local what = sides[mover] .. " sowed pit " .. last
  if CAPTURED[ply] > 0 then what = what .. " and captured " .. CAPTURED[ply] end
  if s.player == mover and not s.over then what = what .. ": last seed in the store, extra turn" end
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
