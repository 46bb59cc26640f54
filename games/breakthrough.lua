-- Breakthrough (Dan Troyka, 2000) on 6 × 6. Each side has two rows of pawns. A pawn moves one square straight
-- forward onto an empty square, or one square diagonally forward onto an empty square or an enemy pawn, which it
-- captures. Whoever reaches the far row first, or captures every enemy pawn, wins; there are no draws.

id = "breakthrough"
name = "Breakthrough 6 × 6"
description = "Pawns step forward, straight or diagonally, and capture diagonally. Reach the far row, or take " ..
  "every enemy pawn, to win. Troyka (2000); the 2001 8 × 8 Zillions design contest winner."
sides = {"White", "Black"}
-- The levels are listed (a win scores about 1, the evaluation at most 0.5, a pawn 0.05), by even depths: a search
-- that ends on its own move (depth 3) played worse than depth 2 (45 %, 40 games), while depth 4 beat depth 3 by 88 %;
-- and by margins for mistakes of 0.1 (two pawns), since smaller ones did not weaken a level (0.03 scored 55 % against
-- none at depth 2) and a larger one made depth 4 no better than depth 2 (0.25: 50 %), or depth 6 worse than depth 4
-- (0.1: 35 %, 20 games). Level 1 moves at random; levels 2–8 look 1, 1, 2, 2, 4, 4 and 6 plies ahead, erring by up
-- to 0.1 at 2, 4 and 6; levels 9 and 10 search 60,000 and 150,000 nodes (depth 6 and 7 from the start, deeper as
-- pawns come off; about a second at level 10).
ai = {
  level = 5, depth = {1, 16}, time_ms = {1000, 10000}, tt_mib = 32, mistakes = 0,
  levels = {
    {depth = 1, mistakes = 1000},
    {depth = 1, mistakes = 0.1},
    {depth = 1},
    {depth = 2, mistakes = 0.1},
    {depth = 2},
    {depth = 4, mistakes = 0.1},
    {depth = 4},
    {depth = 6},
    {nodes = 60000},
    {nodes = 150000},
  },
}
bounds = {-1, 1}

local N = 6
board = { shape = "grid", width = N, height = N,
          coordinates = { columns = {"a", "b", "c", "d", "e", "f"}, rows = {"6", "5", "4", "3", "2", "1"} } }

-- Squares are numbered 1 … 36 row by row from the top left (the board's cells): White starts on the bottom two
-- rows and moves up, Black on the top two and moves down. A move is 100 × from + to. The search calls `play`,
-- `undo` and `evaluate` hundreds of thousands of times, so the position changes in place (with `undo`) and keeps
-- its key up to date.
local SQUARES = N * N
local ROW, COLUMN = {}, {}
for sq = 1, SQUARES do ROW[sq], COLUMN[sq] = (sq - 1) // N, (sq - 1) % N end
-- How a pawn of each side steps: one row up (White, −N) or down (Black, +N); the row it wins on.
local FORWARD = { -N, N }
local GOAL_ROW = { 0, N - 1 }

local ZOBRIST = { {}, {} }
for colour = 1, 2 do
  for sq = 1, SQUARES do ZOBRIST[colour][sq] = math.random(math.mininteger, math.maxinteger) end
end
local BLACK_TO_MOVE = math.random(math.mininteger, math.maxinteger)

-- `cells[sq]`: 0, 1 (White) or 2 (Black); `count`: each side's pawns; `taken[ply]`: what each move captured, and
-- `played[ply]` the move, so that `undo` can put it back and the board can mark the last move.
function start()
  local cells = {}
  local hash = 0
  for sq = 1, SQUARES do
    local r = ROW[sq]
    cells[sq] = r >= N - 2 and 1 or (r < 2 and 2 or 0)
    if cells[sq] ~= 0 then hash = hash ~ ZOBRIST[cells[sq]][sq] end
  end
  return { cells = cells, player = 1, count = { 2 * N, 2 * N }, winner = nil, hash = hash, taken = {},
           played = {}, ply = 0 }
end

function turn(s)
  return s.player
end

-- Captures first (the order α-β tries them in), then the other steps.
function moves(s)
  local me, cells = s.player, s.cells
  local step = FORWARD[me]
  local captures, steps = {}, {}
  for sq = 1, SQUARES do
    if cells[sq] == me then
      local ahead, c = sq + step, COLUMN[sq]
      if cells[ahead] == 0 then steps[#steps + 1] = 100 * sq + ahead end
      for _, side in ipairs({ -1, 1 }) do
        local cc = c + side
        if cc >= 0 and cc < N then
          local to = ahead + side
          local there = cells[to]
          if there == 0 then
            steps[#steps + 1] = 100 * sq + to
          elseif there ~= me then
            captures[#captures + 1] = 100 * sq + to
          end
        end
      end
    end
  end
  for _, m in ipairs(steps) do captures[#captures + 1] = m end
  return captures
end

-- Plays in place: the pawn moves, whatever stood on its new square is taken, and the turn passes.
function play(s, m)
  local from, to = m // 100, m % 100
  local me, them = s.player, 3 - s.player
  local cells = s.cells
  local taken = cells[to]
  local hash = s.hash ~ ZOBRIST[me][from] ~ ZOBRIST[me][to] ~ BLACK_TO_MOVE
  if taken ~= 0 then
    hash = hash ~ ZOBRIST[them][to]
    s.count[them] = s.count[them] - 1
  end
  cells[from], cells[to] = 0, me
  s.ply = s.ply + 1
  s.taken[s.ply], s.played[s.ply] = taken, m
  if ROW[to] == GOAL_ROW[me] or s.count[them] == 0 then s.winner = me end
  s.player, s.hash = them, hash
end

function undo(s, m)
  local from, to = m // 100, m % 100
  local me, them = 3 - s.player, s.player
  local taken = s.taken[s.ply]
  local cells = s.cells
  local hash = s.hash ~ ZOBRIST[me][from] ~ ZOBRIST[me][to] ~ BLACK_TO_MOVE
  if taken ~= 0 then
    hash = hash ~ ZOBRIST[them][to]
    s.count[them] = s.count[them] + 1
  end
  cells[from], cells[to] = me, taken
  s.taken[s.ply], s.played[s.ply] = nil, nil
  s.ply = s.ply - 1
  s.winner, s.player, s.hash = nil, me, hash
end

-- A pawn always has a move unless it stands on the far row (its first diagonal step forward is on the board, and
-- nothing of its own is further forward than the foremost pawn), so the game ends only by a win. A win is worth a
-- little more the sooner it comes.
function result(s)
  if s.winner == nil then return nil end
  local value = 1 - s.ply / 1000
  if s.winner == 1 then return value else return -value end
end

-- Each pawn is worth 10, and more the further it has come (the square of its rows forward: a runner near the goal
-- matters); a pawn still on its home row guards it, +2. The side to move gets a tempo of 3. Scaled so the guess
-- stays inside ±0.5: a real win always counts for more.
local WORTH = { {}, {} }
for sq = 1, SQUARES do
  local up, down = N - 1 - ROW[sq], ROW[sq]
  WORTH[1][sq] = 10 + up * up + (up == 0 and 2 or 0)
  WORTH[2][sq] = 10 + down * down + (down == 0 and 2 or 0)
end

function evaluate(s)
  local cells, score = s.cells, 0
  local white, black = WORTH[1], WORTH[2]
  for sq = 1, SQUARES do
    local v = cells[sq]
    if v == 1 then score = score + white[sq] elseif v == 2 then score = score - black[sq] end
  end
  score = score + (s.player == 1 and 3 or -3)
  return math.max(-0.5, math.min(0.5, score / 200))
end

function key(s)
  return s.hash
end

local function square_name(sq)
  return string.char(string.byte("a") + COLUMN[sq]) .. tostring(N - ROW[sq])
end

-- Chess's way: `b2-b3` for a step, `b2xc3` for a capture.
local function name(m, capture)
  return square_name(m // 100) .. (capture and "x" or "-") .. square_name(m % 100)
end

function move_name(s, m)
  return name(m, s.cells[m % 100] ~= 0)
end

function draw(s)
  local cells = {}
  local last = s.played[s.ply]
  for sq = 1, SQUARES do
    local light = (ROW[sq] + COLUMN[sq]) % 2 == 0
    local cell = { background = light and "#eed8b0" or "#b88a5a" }
    -- Pawns from the chess set: Breakthrough is played with a chess set's pawns.
    if s.cells[sq] == 1 then cell.piece = "P" elseif s.cells[sq] == 2 then cell.piece = "p" end
    if last and (sq == last // 100 or sq == last % 100) then cell.marked = true end
    cells[sq] = cell
  end
  local counts = string.format("%s %d – %s %d pawns", sides[1], s.count[1], sides[2], s.count[2])
  if last then counts = sides[3 - s.player] .. " played " .. name(last, s.taken[s.ply] ~= 0) .. " · " .. counts end
  cells.caption = counts
  return cells
end

-- A click on one of your pawns picks it up; a click on a square it can reach moves it there. Another of your pawns
-- picks that one up instead.
function click(s, sq, from)
  local me = s.player
  if s.cells[sq] == me then return "select" end
  if from == nil then return nil, "click one of your pawns, then where it goes" end
  if ROW[sq] ~= ROW[from] + FORWARD[me] // N or math.abs(COLUMN[sq] - COLUMN[from]) > 1 then
    return nil, "a pawn goes one row forward, straight or diagonally"
  end
  if COLUMN[sq] == COLUMN[from] and s.cells[sq] ~= 0 then
    return nil, "a pawn captures diagonally, never straight ahead"
  end
  return 100 * from + sq
end
