-- Nine Men's Morris on its 24 points: three nested squares joined at their sides' midpoints. Each side has nine
-- pieces in hand. While a side has pieces in hand it places one on an empty point; once both hands are empty (Black
-- places the last one), a move slides a piece along a line to the next point if it is empty, and a side left with
-- three pieces flies: a piece goes to any empty point. Three of a side's pieces on one line — a mill — formed by a
-- move take one piece of the other side, which must not stand in a mill unless every one of them does.
--
-- The end: a side left with fewer than three pieces, on the board and in hand together, has lost; so has a side
-- with no move when it is its turn (its pieces all blocked). The no-mill draw rule: once the placing is over, 50
-- slides or flies in a row, counting both sides' (25 each), none of which forms a mill, draw the game — a mill
-- formed starts the count again. The 50th such move is played and the game is then a draw, unless it left the
-- side to move without a move (a loss, as above). No game lasts for ever: a mill takes a piece, so there are at
-- most 16 of them, and between two of them fewer than 50 moves.
--
-- A removal is a move of its own: the side that formed a mill moves again (`turn` says so), and its moves are then
-- the pieces it may take. So every move is one click — a point to place on, the point of the piece to take — or two
-- for a slide (the piece, then where it goes), and the window dots the legal points for a placement or a removal.
-- Moves: a placement on point p is p; a removal of the piece on point p is p too (a position asks for one kind or
-- the other, never both); a slide or a fly from a to b is 100 × a + b. `perft` counts a removal as a ply.

id = "nine-mens-morris"
name = "Nine Men's Morris"
description = "Place nine pieces each, then slide them along the lines; three in a row (a mill) takes an enemy " ..
  "piece, and with three left a side flies. Fewer than three pieces, or no move, loses; 50 moves in a row " ..
  "after the placing without a mill draw. Solved by Gasser (1996): a draw."
sides = {"White", "Black"}
-- A win scores 1, the evaluation at most 0.5, a piece 0.05. Level 1 moves at random, level 2 looks one ply ahead
-- erring by up to two pieces, levels 3–6 look 1, 2, 3 and 4 plies ahead, and levels 7–10 search 3,000, 10,000,
-- 30,000 and 90,000 nodes a move (a removal is a ply of its own): budgets a factor of 2 apart scored 54 % (9 v 8 at
-- 10,000 and 5,000 nodes, 40 games), too often ending inside the same ply.
ai = {
  level = 5, depth = {1, 30}, time_ms = {1000, 10000}, tt_mib = 16, mistakes = 0,
  levels = {
    {depth = 1, mistakes = 1000},
    {depth = 1, mistakes = 0.1},
    {depth = 1},
    {depth = 2},
    {depth = 3},
    {depth = 4},
    {nodes = 3000},
    {nodes = 10000},
    {nodes = 30000},
    {nodes = 90000},
  },
}
bounds = {-1, 1}

-- How many slides or flies in a row without a mill draw the game.
DRAW_MOVES = 50

-- The points, numbered 1 … 24 row by row from the top left, named as the usual notation names them: columns a–g,
-- rows 1–7 from the bottom. The window draws them at the centres of a 7 × 7 grid of cells, whose columns and rows
-- are labelled with the same letters and numbers.
local NAMES = { "a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5", "e5", "a4", "b4", "c4",
                "e4", "f4", "g4", "c3", "d3", "e3", "b2", "d2", "f2", "a1", "d1", "g1" }
local POINTS = #NAMES
local COLUMN, ROW = {}, {}
for p, n in ipairs(NAMES) do COLUMN[p], ROW[p] = n:byte(1) - string.byte("a"), 7 - tonumber(n:sub(2)) end
board = { shape = "grid", width = 7, height = 7, moves = "points",
          coordinates = { columns = { "a", "b", "c", "d", "e", "f", "g" }, rows = { "7", "6", "5", "4", "3", "2", "1" } } }

-- The 16 lines of three points: the eight rows of the squares, then the eight columns. Neighbouring points of a
-- line are joined (the 32 edges the pieces slide along).
local LINES = {
  { 1, 2, 3 }, { 4, 5, 6 }, { 7, 8, 9 }, { 10, 11, 12 }, { 13, 14, 15 }, { 16, 17, 18 }, { 19, 20, 21 }, { 22, 23, 24 },
  { 1, 10, 22 }, { 4, 11, 19 }, { 7, 12, 16 }, { 2, 5, 8 }, { 17, 20, 23 }, { 9, 13, 18 }, { 6, 14, 21 }, { 3, 15, 24 },
}
-- A side's pieces are the bits of one integer: point p is bit p − 1.
local BIT, ALL = {}, (1 << POINTS) - 1
for p = 1, POINTS do BIT[p] = 1 << (p - 1) end
local MILL, MILLS_AT, ADJACENT, EDGES = {}, {}, {}, {}
for p = 1, POINTS do MILLS_AT[p], ADJACENT[p] = {}, 0 end
for i, line in ipairs(LINES) do
  MILL[i] = BIT[line[1]] | BIT[line[2]] | BIT[line[3]]
  for _, p in ipairs(line) do table.insert(MILLS_AT[p], MILL[i]) end
  for j = 1, 2 do
    local a, b = line[j], line[j + 1]
    ADJACENT[a], ADJACENT[b] = ADJACENT[a] | BIT[b], ADJACENT[b] | BIT[a]
    EDGES[#EDGES + 1] = { a, b }
  end
end

-- The points of `bits` that stand in a mill of those pieces.
local function in_mills(bits)
  local covered = 0
  for i = 1, #MILL do
    local mask = MILL[i]
    if bits & mask == mask then covered = covered | mask end
  end
  return covered
end

-- Whether a piece of `bits` arriving on `to` completes a mill there.
local function forms_mill(bits, to)
  for _, mask in ipairs(MILLS_AT[to]) do
    if bits & mask == mask then return true end
  end
  return false
end

-- The position changes in place (with `undo`): `stones[side]` the side's pieces as bits, `count` how many there are,
-- `hand` how many it still has to place, `quiet` the slides in a row without a mill, `remove` whether the side to
-- move has formed a mill and now takes a piece, `over` the result once known. `saved` keeps what `undo` puts back
-- (nine numbers a ply), `played` the moves, for the board's marks and caption.
function start()
  return { stones = { 0, 0 }, count = { 0, 0 }, hand = { 9, 9 }, quiet = 0, remove = false, player = 1,
           over = nil, ply = 0, saved = {}, played = {} }
end

function turn(s)
  return s.player
end

-- Whether the side `x`, sliding, has a piece next to an empty point.
local function can_slide(s, x)
  local mine, empty = s.stones[x], ALL & ~(s.stones[1] | s.stones[2])
  for p = 1, POINTS do
    if mine & BIT[p] ~= 0 and ADJACENT[p] & empty ~= 0 then return true end
  end
  return false
end

-- The result once the turn has passed to `x`. While a side places, or flies, it always has an empty point to go to
-- (at most 18 of the 24 are taken; a flying side's three leave at least 12): only a sliding side can be stuck.
local function judge(s, x)
  if s.count[x] + s.hand[x] < 3 or (s.hand[x] == 0 and s.count[x] > 3 and not can_slide(s, x)) then
    s.over = x == 1 and -1 or 1
  elseif s.quiet >= DRAW_MOVES then
    s.over = 0
  end
end

function play(s, m)
  local me, them = s.player, 3 - s.player
  local stones, count, hand, saved = s.stones, s.count, s.hand, s.saved
  local base = s.ply * 9
  saved[base + 1], saved[base + 2], saved[base + 3], saved[base + 4] = stones[1], stones[2], count[1], count[2]
  saved[base + 5], saved[base + 6], saved[base + 7], saved[base + 8] = hand[1], hand[2], s.quiet, s.remove
  saved[base + 9] = me
  s.ply = s.ply + 1
  s.played[s.ply] = m
  if s.remove then
    stones[them], count[them] = stones[them] & ~BIT[m], count[them] - 1
    s.remove, s.player = false, them
    judge(s, them)
    return
  end
  local to = m
  if m > 100 then
    to = m % 100
    stones[me] = stones[me] & ~BIT[m // 100]
  else
    hand[me], count[me] = hand[me] - 1, count[me] + 1
  end
  stones[me] = stones[me] | BIT[to]
  if forms_mill(stones[me], to) then
    s.quiet = 0
    -- The other side always has a piece on the board by the time a mill can form (it has placed at least two
    -- before the first, and places one for every piece taken while placing); the test keeps it so.
    if count[them] > 0 then
      s.remove = true
      return
    end
  elseif m > 100 then
    s.quiet = s.quiet + 1
  end
  s.player = them
  judge(s, them)
end

function undo(s, m)
  local base = (s.ply - 1) * 9
  local stones, count, hand, saved = s.stones, s.count, s.hand, s.saved
  stones[1], stones[2], count[1], count[2] = saved[base + 1], saved[base + 2], saved[base + 3], saved[base + 4]
  hand[1], hand[2], s.quiet, s.remove = saved[base + 5], saved[base + 6], saved[base + 7], saved[base + 8]
  s.player, s.over = saved[base + 9], nil
  s.played[s.ply] = nil
  s.ply = s.ply - 1
end

function result(s)
  return s.over
end

-- One list refilled at every call (the studio reads it before calling again), its old tail cleared. Moves that form
-- a mill come first: α-β cuts more when it tries them first.
local LIST, LATER = {}, {}
local listed = 0

function moves(s)
  local me, them = s.player, 3 - s.player
  local stones = s.stones
  local mine, empty = stones[me], ALL & ~(stones[1] | stones[2])
  local n, later = 0, 0
  if s.remove then
    local theirs = stones[them]
    local free = theirs & ~in_mills(theirs)
    if free == 0 then free = theirs end
    for p = 1, POINTS do
      if free & BIT[p] ~= 0 then n = n + 1; LIST[n] = p end
    end
  elseif s.hand[me] > 0 then
    for p = 1, POINTS do
      if empty & BIT[p] ~= 0 then
        if forms_mill(mine | BIT[p], p) then n = n + 1; LIST[n] = p else later = later + 1; LATER[later] = p end
      end
    end
  else
    local flying = s.count[me] == 3
    for from = 1, POINTS do
      if mine & BIT[from] ~= 0 then
        local targets = flying and empty or (ADJACENT[from] & empty)
        local rest = mine & ~BIT[from]
        for to = 1, POINTS do
          if targets & BIT[to] ~= 0 then
            local m = 100 * from + to
            if forms_mill(rest | BIT[to], to) then n = n + 1; LIST[n] = m else later = later + 1; LATER[later] = m end
          end
        end
      end
    end
  end
  for i = 1, later do LIST[n + i] = LATER[i] end
  n = n + later
  for i = n + 1, listed do LIST[i] = nil end
  listed = n
  return LIST
end

-- The pieces on the board and in hand, 1 each (0.05 once scaled); each mill standing 0.3; each line of two pieces
-- and an empty point (a mill to come) 0.2; while sliding, each slide a side has 0.1 (a blocked side has lost); the
-- side that takes a piece now, 0.8. Scaled by 1/20 and kept inside ±0.5: a real win always counts for more.
function evaluate(s)
  local white, black = s.stones[1], s.stones[2]
  local empty = ALL & ~(white | black)
  local score = s.count[1] + s.hand[1] - s.count[2] - s.hand[2]
  for i = 1, #MILL do
    local mask = MILL[i]
    local w, b = white & mask, black & mask
    if w == mask then
      score = score + 0.3
    elseif b == mask then
      score = score - 0.3
    elseif empty & mask ~= 0 then
      -- One empty point and two pieces of one side.
      if b == 0 and w ~= 0 and w & (w - 1) ~= 0 then score = score + 0.2 end
      if w == 0 and b ~= 0 and b & (b - 1) ~= 0 then score = score - 0.2 end
    end
  end
  for side = 1, 2 do
    if s.hand[side] == 0 and s.count[side] > 3 then
      local mine, slides = s.stones[side], 0
      for p = 1, POINTS do
        if mine & BIT[p] ~= 0 then
          local free = ADJACENT[p] & empty
          while free ~= 0 do
            slides = slides + 1
            free = free & (free - 1)
          end
        end
      end
      score = score + (side == 1 and 0.1 or -0.1) * slides
    end
  end
  if s.remove then score = score + (s.player == 1 and 0.8 or -0.8) end
  return math.max(-0.5, math.min(0.5, score / 20))
end

-- Everything the moves and the result read: both sides' pieces (48 bits), the hands (4 bits each), the slides
-- without a mill (6 bits) and whether a removal is due (1 bit); the studio adds whose turn it is.
function key(s)
  return s.stones[1] | s.stones[2] << 24 | s.hand[1] << 48 | s.hand[2] << 52 | s.quiet << 56 |
    (s.remove and 1 or 0) << 62
end

-- `d7` places on d7, `xd7` takes the piece on d7, `d7-d6` slides (or flies) from d7 to d6.
local function name(m, removal)
  if removal then return "x" .. NAMES[m] end
  if m > 100 then return NAMES[m // 100] .. "-" .. NAMES[m % 100] end
  return NAMES[m]
end

function move_name(s, m)
  return name(m, s.remove)
end

local COLOURS = { "white", "black" }

local function caption(s)
  local me, them = s.player, 3 - s.player
  if s.over then
    if s.over == 0 then return string.format("A draw: %d moves in a row without a mill", s.quiet) end
    local loser = s.over > 0 and 2 or 1
    local why = s.count[loser] + s.hand[loser] < 3 and "has fewer than three pieces" or "cannot move"
    return string.format("%s wins: %s %s", sides[3 - loser], sides[loser], why)
  end
  local counts = string.format("%s %d on the board, %d in hand · %s %d, %d", sides[1], s.count[1], s.hand[1],
    sides[2], s.count[2], s.hand[2])
  local doing
  if s.remove then
    doing = string.format("%s has a mill: click a piece of %s to take", sides[me], sides[them])
  elseif s.hand[me] > 0 then
    doing = string.format("%s places", sides[me])
  elseif s.count[me] == 3 then
    doing = string.format("%s flies (three pieces left)", sides[me])
  else
    doing = string.format("%s slides · %d of %d moves without a mill", sides[me], s.quiet, DRAW_MOVES)
  end
  return doing .. " · " .. counts
end

-- The board: a wooden board (the 7 × 7 cells, which place the points and the labels and carry no move), the 32
-- lines, the points with their pieces. On wood, as on a real board, both sides' pieces show whatever the window's
-- theme. A placement or removal is ringed by the window (`moves = "points"`); a slide's arrival is marked here.
local LINE = "#5a3a1a"

function draw(s)
  local cells = {}
  for c = 1, 49 do cells[c] = { background = "wood" } end
  local last = s.played[s.ply]
  local arrived = last and last > 100 and last % 100
  local points = {}
  for p = 1, POINTS do
    local point = { COLUMN[p] + 0.5, ROW[p] + 0.5 }
    for side = 1, 2 do
      if s.stones[side] & BIT[p] ~= 0 then point.stone = COLOURS[side] end
    end
    if not point.stone then point.colour = LINE end
    if p == arrived then point.marked = true end
    points[p] = point
  end
  local edges = {}
  for i, e in ipairs(EDGES) do edges[i] = { e[1], e[2], drawn = true, colour = LINE } end
  cells.points, cells.edges, cells.caption = points, edges, caption(s)
  return cells
end

-- A placement or a removal is a click on its point; a slide is a click on one of your pieces, then on where it goes
-- (another of your pieces picks that one up instead).
function click(s, n, from, kind)
  if kind ~= "point" then return nil, "click a point, where lines meet" end
  local me, them = s.player, 3 - s.player
  local bit = BIT[n]
  if s.remove then
    local theirs = s.stones[them]
    if theirs & bit == 0 then return nil, "click a piece of " .. sides[them] .. " to take it" end
    local milled = in_mills(theirs)
    if milled & bit ~= 0 and milled ~= theirs then return nil, "that piece stands in a mill: take another" end
    return n
  end
  local taken = (s.stones[1] | s.stones[2]) & bit ~= 0
  if s.hand[me] > 0 then
    if taken then return nil, "that point is taken: place on an empty one" end
    return n
  end
  if s.stones[me] & bit ~= 0 then return "select" end
  if from == nil then return nil, "click one of your pieces, then where it goes" end
  if taken then return nil, "that point is taken" end
  if s.count[me] > 3 and ADJACENT[from] & bit == 0 then
    return nil, "a piece slides along a line to the next point (with three pieces left, it flies anywhere)"
  end
  return 100 * from + n
end
