-- Pig (John Scarne, 1945), to 30 points: roll a die as often as you like, adding its points to your turn's total;
-- a 1 loses the turn's total and ends your turn. Hold to bank the total. The first to 30 wins. Its chance turns
-- let expectiminimax and Star1 (Ballard, 1983) run on a script.

id = "pig"
name = "Pig (to 30)"
description = "Roll, or hold to bank your turn's points; a 1 loses them. First to 30 wins. Scarne (1945); " ..
  "Neller and Presser (2004) solved Pig to 100."
sides = {"First", "Second"}
-- The levels are listed (the README's *Pig's levels*). Looking one move ahead, holding always scores better than
-- rolling (the evaluation counts a turn's total as half banked): level 1 banks every roll, the most timid player.
-- Levels 2-4 are that search with margins for mistakes that let it roll on, and level 5 moves at random. From three
-- plies the search plays as it does at twelve, close to perfectly: levels 6-9 are it with margins of 1, 0.4, 0.2
-- and 0.12 (in the evaluation's units: a lead of the whole goal scores 0.5), and level 10 is it without mistakes.
ai = {
  level = 5, depth = {2, 12}, time_ms = {100, 1500}, tt_mib = 16, mistakes = 0.1,
  levels = {
    {depth = 1, mistakes = 0},
    {depth = 1, mistakes = 0.06},
    {depth = 1, mistakes = 0.11},
    {depth = 1, mistakes = 0.25},
    {depth = 1, mistakes = 1000},
    {depth = 3, mistakes = 1},
    {depth = 3, mistakes = 0.4},
    {depth = 3, mistakes = 0.2},
    {depth = 3, mistakes = 0.12},
    {depth = 3, mistakes = 0},
  },
}
bounds = {-1, 1}

local GOAL = 30
local ROLL, HOLD = 1, 2

-- `rolling`: the die is in the air (a chance turn); `total`: the points of the turn so far.
function start()
  return { score = {0, 0}, player = 1, total = 0, rolling = false, winner = nil }
end

function turn(s)
  if s.rolling then return "chance" end
  return s.player
end

function moves(s)
  if s.total > 0 then return { ROLL, HOLD } end
  return { ROLL }
end

-- The die: each face with probability 1/6.
function chances(s)
  local list = {}
  for face = 1, 6 do list[face] = { face, 1 / 6 } end
  return list
end

function play(s, m)
  -- `die` (the last face rolled, and by whom) only tells the board what happened: `key` leaves it out.
  local n = { score = { s.score[1], s.score[2] }, player = s.player, total = s.total, rolling = false, die = s.die,
              roller = s.roller }
  if s.rolling then
    n.die, n.roller = m, s.player
    if m == 1 then
      n.total, n.player = 0, 3 - s.player
    else
      n.total = s.total + m
      if n.score[n.player] + n.total >= GOAL then n.winner = n.player end
    end
  elseif m == ROLL then
    n.rolling = true
  else
    n.score[n.player] = n.score[n.player] + n.total
    n.total, n.player = 0, 3 - s.player
  end
  return n
end

function result(s)
  if s.winner == 1 then return 1 elseif s.winner == 2 then return -1 end
  return nil
end

function key(s)
  return string.format("%d:%d:%d:%d:%s", s.player, s.score[1], s.score[2], s.total, s.rolling)
end

-- A rough guess: the lead, counting the turn's total as half banked.
function evaluate(s)
  local mine = s.total / 2
  local first = s.score[1] + (s.player == 1 and mine or 0)
  local second = s.score[2] + (s.player == 2 and mine or 0)
  return (first - second) / (2 * GOAL)
end

function move_name(s, m)
  if s.rolling then return "die " .. m end
  if m == ROLL then return "roll" end
  return "hold"
end

-- Two rows of cells, one a side: its name, its score on a counter in its colour, then the choices "roll" and
-- "hold" (click them), the turn's total and the die last rolled, drawn with its pips.
board = { shape = "grid", width = 4, height = 2 }

local COLOURS = { "#d63031", "#f1c40f" }

function draw(s)
  local function side(p)
    local to_play = p == s.player and not s.rolling
    return { label = sides[p], note = to_play and "to play" or nil, background = to_play and "#f0e0a0" or "#e0e0e0" }
  end
  local function score(p)
    return { piece = "counter", colour = COLOURS[p], label = tostring(s.score[p]), note = "of " .. GOAL,
             background = "#f4efe4" }
  end
  local die = { label = "–", note = "die", background = "#fbfbf4" }
  if s.die then
    die = { piece = "die" .. s.die, note = "die", background = s.die == 1 and "#f0c8c0" or "#fbfbf4" }
  end
  local caption = sides[s.player] .. " to play: turn total " .. s.total
  if s.rolling then
    caption = "The die is rolling"
  elseif s.die == 1 and s.total == 0 and s.roller ~= s.player then
    caption = sides[s.roller] .. " rolled a 1 and lost the turn's points. " .. caption
  elseif s.die and s.roller == s.player then
    caption = sides[s.roller] .. " rolled " .. s.die .. ". " .. caption
  end
  local can_hold = s.total > 0 and not s.rolling
  return {
    side(1), score(1), { glyph = "roll", background = s.rolling and "#e0e0e0" or "#c8e0c8" },
    { label = "+" .. s.total, note = "this turn", background = "#f4efe4" },
    side(2), score(2), { glyph = "hold", background = can_hold and "#c8d8f0" or "#e0e0e0" }, die,
    caption = caption,
  }
end

function click(s, cell)
  if s.rolling then return nil, "the die is rolling" end
  if cell == 3 then return ROLL end
  if cell == 7 then
    if s.total == 0 then return nil, "nothing to hold yet: roll first" end
    return HOLD
  end
  return nil, "click roll or hold"
end
