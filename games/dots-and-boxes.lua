-- Dots and Boxes (Édouard Lucas, 1889) on 3 × 3 boxes, 4 × 4 dots. Players take turns drawing a line between two
-- neighbouring dots; whoever draws the fourth side of a box owns it and must draw another line. When every line is
-- drawn, the one who owns more boxes wins. Scores are the margin in boxes (first player's minus second's).

id = "dots-and-boxes"
name = "Dots and Boxes 3 × 3"
description = "Draw a line between two dots; close a box to own it and draw again. More boxes wins. " ..
  "Lucas (1889); Berlekamp's The Dots and Boxes Game (2000) tells how chains decide it."
sides = {"Red", "Blue"}
-- The levels are listed: level 1 draws lines at random, level 2 looks one line ahead and errs by up to a box, 3–6
-- look 2, 3, 4 and 6 lines ahead, and 7–10 search by node budgets, 5,000 to 100,000 nodes (level 10 solves the
-- game from about the tenth line on, in about a second). Measured steps: 57–100 % (docs/strength.md).
ai = {
  level = 5, depth = {1, 24}, time_ms = {1000, 10000}, tt_mib = 32, mistakes = 0,
  levels = {
    {depth = 1, mistakes = 100},
    {depth = 1, mistakes = 1},
    {depth = 2, mistakes = 0.5},
    {depth = 3},
    {depth = 4},
    {depth = 6},
    {nodes = 5000},
    {nodes = 15000},
    {nodes = 40000},
    {nodes = 100000},
  },
}
-- Nine boxes: the margin is between −9 and 9, and `evaluate` stays inside it (see its comment).
bounds = {-9, 9}

-- Moves are numbered on a 7 × 7 grid: dots where row and column are both even (counting from 0 at the top left),
-- lines between them, boxes where both are odd. A move is the number of a line's place on that grid, 1 … 49, row by
-- row from the top left (saved games, perft counts and the measured ladder use these numbers). The board the window
-- draws is the game's own: 3 × 3 boxes (cells), 16 dots (points) and 24 lines (edges) between them; `draw` and
-- `click` map a line's edge to its move.
local SIZE = 7
board = { shape = "grid", width = 3, height = 3 }

-- Lines get bits 0 … 23 (for the position's `lines`), boxes bits 0 … 8 (for each side's boxes).
local LINE_BIT, LINE_CELLS = {}, {}
local BOX_OF = {}     -- the cells of the boxes beside each line's cell: one or two
local BOX_BIT = {}    -- box cell → its bit
local BOX_LINES = {}  -- box bit → the mask of its four lines
local BOX_CELLS = {}  -- box bit → its cell
local ALL_LINES = 0
do
  local lines, boxes = 0, 0
  for cell = 1, SIZE * SIZE do
    local r, c = (cell - 1) // SIZE, (cell - 1) % SIZE
    if (r + c) % 2 == 1 then
      LINE_BIT[cell] = 1 << lines
      LINE_CELLS[#LINE_CELLS + 1] = cell
      lines = lines + 1
    elseif r % 2 == 1 then
      BOX_BIT[cell] = boxes
      BOX_CELLS[boxes] = cell
      boxes = boxes + 1
    end
  end
  ALL_LINES = (1 << lines) - 1
  for cell, bit in pairs(BOX_BIT) do
    local mask = 0
    for _, side in ipairs({ cell - SIZE, cell + SIZE, cell - 1, cell + 1 }) do
      mask = mask | LINE_BIT[side]
      BOX_OF[side] = BOX_OF[side] or {}
      table.insert(BOX_OF[side], cell)
    end
    BOX_LINES[bit] = mask
  end
  -- `pairs` visits boxes in no set order: keep each line's boxes in cell order, so `play` is deterministic.
  for _, list in pairs(BOX_OF) do table.sort(list) end
end
local BOXES = 9

-- How many of a mask's bits are set, for 9-bit masks of boxes.
local COUNT = { [0] = 0 }
for m = 1, (1 << BOXES) - 1 do COUNT[m] = COUNT[m >> 1] + (m & 1) end

-- `lines`: the lines drawn; `won`: each side's boxes (bit masks); `last`: the line just drawn (for the board only).
function start()
  return { lines = 0, won = {0, 0}, player = 1 }
end

function turn(s)
  return s.player
end

-- How many sides of box `bit` are drawn.
local function sides_drawn(lines, bit)
  local m = lines & BOX_LINES[bit]
  local n = 0
  while m ~= 0 do
    m = m & (m - 1)
    n = n + 1
  end
  return n
end

-- Every line not yet drawn, those that close a box first, then those that give no box a third side, then the
-- rest: the order α-β tries them in, which prunes far more than the board's order.
function moves(s)
  local drawn = {}
  for bit = 0, BOXES - 1 do drawn[bit] = sides_drawn(s.lines, bit) end
  local closing, quiet, giving = {}, {}, {}
  for _, cell in ipairs(LINE_CELLS) do
    if s.lines & LINE_BIT[cell] == 0 then
      local most = 0
      for _, box in ipairs(BOX_OF[cell]) do most = math.max(most, drawn[BOX_BIT[box]]) end
      local list = most == 3 and closing or (most == 2 and giving or quiet)
      list[#list + 1] = cell
    end
  end
  for _, cell in ipairs(quiet) do closing[#closing + 1] = cell end
  for _, cell in ipairs(giving) do closing[#closing + 1] = cell end
  return closing
end

-- Draws the line; a box whose fourth side it is goes to the mover, who then moves again.
function play(s, cell)
  local me = s.player
  local lines = s.lines | LINE_BIT[cell]
  local won = { s.won[1], s.won[2] }
  local closed = 0
  for _, box in ipairs(BOX_OF[cell]) do
    local bit = BOX_BIT[box]
    if lines & BOX_LINES[bit] == BOX_LINES[bit] then
      won[me] = won[me] | (1 << bit)
      closed = closed + 1
    end
  end
  local next_player = closed > 0 and me or 3 - me
  return { lines = lines, won = won, player = next_player, last = cell, closed = closed }
end

function result(s)
  if s.lines ~= ALL_LINES then return nil end
  return COUNT[s.won[1]] - COUNT[s.won[2]]
end

-- The margin so far, plus the boxes the side to move can close at once (three sides drawn): it will take them.
-- The margin and the boxes left to win add up to at most 9, so the guess never lies outside the scores a game can
-- end with, and a sure win is never ranked below a guess.
function evaluate(s)
  local margin = COUNT[s.won[1]] - COUNT[s.won[2]]
  local owned = s.won[1] | s.won[2]
  local ready = 0
  for bit = 0, BOXES - 1 do
    if owned & (1 << bit) == 0 and sides_drawn(s.lines, bit) == 3 then ready = ready + 1 end
  end
  if s.player == 1 then return margin + ready else return margin - ready end
end

-- The lines, whose turn it is, and the first player's boxes. Not the boxes won would be the silent bug: two
-- positions with the same lines but different scores would share one entry of the table, and a value reported as
-- exact would be the other position's. (The second player's count follows: every closed box is someone's.)
function key(s)
  return s.lines | (s.player - 1) << 24 | COUNT[s.won[1]] << 25
end

-- Dots are named like a chess board's squares: columns a–d from the left, rows 1–4 from the bottom. A line is
-- named by its two dots, the lower and lefter first: "a1-b1" (across), "a1-a2" (up).
local function dot_name(r, c)
  return string.char(string.byte("a") + c // 2) .. tostring(4 - r // 2)
end

function move_name(s, cell)
  local r, c = (cell - 1) // SIZE, (cell - 1) % SIZE
  if r % 2 == 0 then return dot_name(r, c - 1) .. "-" .. dot_name(r, c + 1) end
  return dot_name(r + 1, c) .. "-" .. dot_name(r - 1, c)
end

-- The board the window draws: point p (1 … 16) is the p-th dot of the 7 × 7 grid, row by row, at (column, row)
-- counted in boxes from the top left corner; edge e (1 … 24) is line LINE_CELLS[e], between the dots on either side
-- of it; box bit b is cell b + 1 of the 3 × 3 board.
local POINTS = {}    -- point → { x, y, label = its name on the board's edge }
local POINT_AT = {}  -- a dot's grid cell → its point
local ENDS = {}      -- edge → its two points
do
  for cell = 1, SIZE * SIZE do
    local r, c = (cell - 1) // SIZE, (cell - 1) % SIZE
    if r % 2 == 0 and c % 2 == 0 then
      -- The dots along the top and the right edge carry their names, written at their upper right: outside the
      -- board, where no box's colour hides them. They name the columns (a–d) and the rows (4–1).
      local named = r == 0 or c == SIZE - 1
      POINTS[#POINTS + 1] = { c // 2, r // 2, label = named and dot_name(r, c) or nil }
      POINT_AT[cell] = #POINTS
    end
  end
  for edge, cell in ipairs(LINE_CELLS) do
    -- A line across a row joins the dots left and right of it; a line down a column, those above and below.
    local step = ((cell - 1) // SIZE) % 2 == 0 and 1 or SIZE
    ENDS[edge] = { POINT_AT[cell - step], POINT_AT[cell + step] }
  end
end

local OWNER = { "#e07070", "#7090e0" }

-- Lines drawn in ink, the last one marked, the others faint (each a move); each box in its owner's colour, with
-- the owner's name; the dots along the top and the right named as the moves name them.
function draw(s)
  local boxes, edges = {}, {}
  for bit = 0, BOXES - 1 do
    local owner = (s.won[1] >> bit) & 1 == 1 and 1 or ((s.won[2] >> bit) & 1 == 1 and 2 or nil)
    boxes[bit + 1] = owner and { background = OWNER[owner], label = sides[owner] } or {}
  end
  for edge, cell in ipairs(LINE_CELLS) do
    local ends = ENDS[edge]
    edges[edge] = { ends[1], ends[2], drawn = s.lines & LINE_BIT[cell] ~= 0, marked = s.last == cell }
  end
  local score = string.format("%s %d – %s %d", sides[1], COUNT[s.won[1]], sides[2], COUNT[s.won[2]])
  if s.last and s.closed > 0 and result(s) == nil then
    score = score .. " · " .. sides[s.player] .. " closed a box and draws again"
  end
  boxes.points, boxes.edges, boxes.caption = POINTS, edges, score
  return boxes
end

-- The line on edge `edge` as a move, unless it is drawn already.
local function line_move(s, edge)
  local cell = LINE_CELLS[edge]
  if s.lines & LINE_BIT[cell] ~= 0 then return nil, "that line is drawn already" end
  return cell
end

-- The edge between points `a` and `b`, if they are neighbours.
local function edge_between(a, b)
  for edge, ends in ipairs(ENDS) do
    if (ends[1] == a and ends[2] == b) or (ends[1] == b and ends[2] == a) then return edge end
  end
  return nil
end

-- A click on a line draws it; a click on a dot starts a line, and one on a neighbouring dot ends it there.
function click(s, n, from, kind)
  if kind == "edge" then return line_move(s, n) end
  if kind ~= "point" then return nil, "that is a box: click a line between two dots" end
  if from == nil then return "select" end
  if from == n then return nil, "that dot again: click a dot beside it, or a line" end
  local edge = edge_between(from, n)
  if edge then return line_move(s, edge) end
  return nil, "those two dots are not joined by a line"
end
