-- Tic-tac-toe as a script: a copy of the compiled m,n,k family's 3 × 3 game (same moves, same scores, same
-- evaluation), kept as an oracle — the tests check that both give the same perft counts and game values.

id = "tic-tac-toe-script"
name = "Tic-tac-toe (script)"
description = "Three in a row on 3 × 3, written in Lua: the compiled tic-tac-toe's twin. Perfect play draws."
sides = {"X", "O"}
-- Levels 1–9 look two plies ahead and err by a margin (a win scores up to 9), from 1,000 (random moves) down to 1;
-- level 10 solves the game. Two plies, where the compiled game's levels look one: this twin has no shortcut that
-- sees the opponent's win on the next move.
ai = {
  level = 6, depth = {1, 9}, time_ms = {100, 1000}, tt_mib = 4,
  levels = {
    {depth = 2, mistakes = 1000},
    {depth = 2, mistakes = 30},
    {depth = 2, mistakes = 16},
    {depth = 2, mistakes = 11},
    {depth = 2, mistakes = 8},
    {depth = 2, mistakes = 6},
    {depth = 2, mistakes = 4.5},
    {depth = 2, mistakes = 3},
    {depth = 2, mistakes = 1},
    {},
  },
}
-- As the compiled game: a win scores 10 − (stones on the board), from the winner's side.
bounds = {-9, 9}
board = { shape = "grid", width = 3, height = 3 }

-- Moves are cells 0 … 8, row by row from the top left, as the compiled game numbers them. The search calls
-- `play`, `undo`, `moves` and `evaluate` at every node, so this file plays in place (with `undo`), reuses its list of
-- moves and walks its lines by index.
local LINES = { {0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6} }
-- The lines again, as indexes into `cells` (1 … 9).
local CELLS_OF = {}
for i, line in ipairs(LINES) do CELLS_OF[i] = { line[1] + 1, line[2] + 1, line[3] + 1 } end

function start()
  return { cells = {0, 0, 0, 0, 0, 0, 0, 0, 0}, played = 0, won = false }
end

function turn(s)
  return s.played % 2 + 1
end

-- The list is reused: the studio reads it before its next call.
local list, listed = {}, 0

function moves(s)
  local n, cells = 0, s.cells
  for cell = 0, 8 do
    if cells[cell + 1] == 0 then n = n + 1; list[n] = cell end
  end
  for i = n + 1, listed do list[i] = nil end
  listed = n
  return list
end

-- In place: the driver knows because `undo` is defined.
function play(s, cell)
  local cells = s.cells
  local stone = s.played % 2 + 1
  cells[cell + 1] = stone
  local won = false
  for i = 1, #CELLS_OF do
    local line = CELLS_OF[i]
    if cells[line[1]] == stone and cells[line[2]] == stone and cells[line[3]] == stone then won = true end
  end
  s.played, s.won = s.played + 1, won
end

-- No move follows a win, so the position before a move was never won.
function undo(s, cell)
  s.cells[cell + 1] = 0
  s.played, s.won = s.played - 1, false
end

-- The player who just moved won: X if an odd number of stones is down.
function result(s)
  if s.won then
    local score = 10 - s.played
    if s.played % 2 == 1 then return score else return -score end
  end
  if s.played == 9 then return 0 end
  return nil
end

function key(s)
  local k = 0
  for i = 9, 1, -1 do k = k * 3 + s.cells[i] end
  return k
end

-- The compiled game's open lines: a line with n stones of one player only counts 4^(n-1) for them, the side to
-- move's TEMPO times more (it places the next stone); the sum, squashed by tanh into (−0.99, 0.99), from X's side.
local TEMPO = 1.5

function evaluate(s)
  local x_weight, o_weight = TEMPO, 1
  if s.played % 2 == 1 then x_weight, o_weight = 1, TEMPO end
  local score, cells = 0, s.cells
  for i = 1, #CELLS_OF do
    local line = CELLS_OF[i]
    local x, o = 0, 0
    for k = 1, 3 do
      local v = cells[line[k]]
      if v == 1 then x = x + 1 elseif v == 2 then o = o + 1 end
    end
    if x > 0 and o == 0 then score = score + 4 ^ (x - 1) * x_weight end
    if o > 0 and x == 0 then score = score - 4 ^ (o - 1) * o_weight end
  end
  local e = math.exp(2 * score / 256)
  return (e - 1) / (e + 1) * 0.99
end

-- Column letter and row number from the bottom: a3 is the top left.
function move_name(s, cell)
  return string.char(string.byte("a") + cell % 3) .. tostring(3 - cell // 3)
end

function draw(s)
  local cells = {}
  for i = 1, 9 do
    local v = s.cells[i]
    cells[i] = (v == 1 and "X") or (v == 2 and "O") or {}
  end
  return cells
end

function click(s, cell)
  if s.cells[cell] ~= 0 then return nil, "that square is taken" end
  return cell - 1
end
