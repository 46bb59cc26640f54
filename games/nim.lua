-- Nim: heaps of stones; a move takes one or more stones from one heap. Whoever takes the last stone wins
-- (or, in misère Nim, loses). The whole game in one file: docs/writing-a-game.md walks through it line by line.

id = "nim"
name = "Nim"
description = "Take stones from one heap at a time; whoever takes the last stone wins. Bouton (1901) solved it: " ..
  "the player to move loses exactly when the heaps' sizes, xored together, give 0."
sides = {"First", "Second"}
-- The levels are listed (the README's *The level ladder*): level 1 moves at random, levels 2–9 look 1, 1, 2, 3, 3,
-- 4, 5 and 6 plies ahead, and level 10 solves the game. Levels 2, 4, 5, 7, 8 and 9 choose at random among the moves
-- they see as equally good (a margin of 0.5; a win scores 1), 3 and 6 take the first of them: which is stronger
-- depends on the depth (taking the first at one and three plies, choosing at random at two).
ai = {
  level = 5, depth = {1, 30}, time_ms = {100, 1000}, tt_mib = 4,
  levels = {
    {depth = 1, mistakes = 1000},
    {depth = 1, mistakes = 0.5},
    {depth = 1, mistakes = 0},
    {depth = 2, mistakes = 0.5},
    {depth = 3, mistakes = 0.5},
    {depth = 3, mistakes = 0},
    {depth = 4, mistakes = 0.5},
    {depth = 5, mistakes = 0.5},
    {depth = 6, mistakes = 0.5},
    {},
  },
}
bounds = {-1, 1}

-- The game's settings: change them here.
heaps = {3, 4, 5}
misere = false

-- The board: one row of cells per heap, as wide as the largest heap.
local widest = math.max(table.unpack(heaps))
board = { shape = "grid", width = widest, height = #heaps }

-- A position is a table: the heap sizes and whose turn it is.
function start()
  local sizes = {}
  for i, size in ipairs(heaps) do sizes[i] = size end
  return { heaps = sizes, player = 1 }
end

function turn(position)
  return position.player
end

-- A move is a whole number: 100 × heap + how many stones to take (so 203 takes 3 from heap 2).
function moves(position)
  local list = {}
  for heap, size in ipairs(position.heaps) do
    for take = 1, size do
      list[#list + 1] = 100 * heap + take
    end
  end
  return list
end

-- Returns a new position; the one it is given stays as it was (the search goes back to it).
function play(position, move)
  local heap, take = move // 100, move % 100
  local sizes = {}
  for i, size in ipairs(position.heaps) do sizes[i] = size end
  sizes[heap] = sizes[heap] - take
  return { heaps = sizes, player = 3 - position.player }
end

-- nil while stones remain; then 1 if the first player won, -1 if the second did.
function result(position)
  for _, size in ipairs(position.heaps) do
    if size > 0 then return nil end
  end
  -- No stones left: the player to move did not take the last one.
  local mover_won = misere
  if (position.player == 1) == mover_won then return 1 else return -1 end
end

-- Equal positions must give equal keys: the table of positions seen remembers them by it.
function key(position)
  return position.player .. ":" .. table.concat(position.heaps, ",")
end

function move_name(position, move)
  return string.format("take %d from heap %d", move % 100, move // 100)
end

-- One cell per stone; a click on a stone takes it and every stone to its right.
function draw(position)
  local cells = {}
  for heap = 1, #heaps do
    for column = 1, widest do
      local here = (heap - 1) * widest + column
      if column <= position.heaps[heap] then
        cells[here] = { stone = "brown", background = "wood" }
      else
        cells[here] = { background = "wood" }
      end
    end
  end
  cells.caption = "Heaps: " .. table.concat(position.heaps, ", ")
  return cells
end

function click(position, cell)
  local heap, column = (cell - 1) // widest + 1, (cell - 1) % widest + 1
  local size = position.heaps[heap]
  if column > size then
    return nil, "there is no stone there"
  end
  return 100 * heap + (size - column + 1)
end
