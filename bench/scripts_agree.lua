-- Do two versions of a game script answer the studio alike? Plays the same seeded random games in both, through
-- the studio's own driver (crates/alphabeta-core/src/games/script/driver.lua), and compares everything the search
-- reads — whose turn, the result, the key, the moves and the evaluation — at every position and at every child of
-- it (each child played and taken back, the sibling's undo sent with the next play, as the studio does). Stops at
-- the first difference, naming the game, the ply and the child.
--
--   git show c4e6137:games/hex.lua > /tmp/hex-before.lua
--   lua5.4 bench/scripts_agree.lua /tmp/hex-before.lua games/hex.lua 500 9
--
-- Run from the repository's root, with the stand-alone `lua5.4` (no sandbox: the scripts are trusted here). Each
-- script is loaded as the sandbox loads it, after `math.randomseed(0)`, so random Zobrist keys agree.

local DRIVER = "crates/alphabeta-core/src/games/script/driver.lua"
local old_path, new_path = arg[1], arg[2]
local games, seed = tonumber(arg[3] or "100"), tonumber(arg[4] or "1")
if not (old_path and new_path) then
  io.stderr:write("usage: lua5.4 bench/scripts_agree.lua OLD.lua NEW.lua [GAMES] [SEED]\n")
  os.exit(2)
end

-- A script and its driver in an environment of their own.
local function load_game(path)
  math.randomseed(0)
  local env = setmetatable({}, { __index = _G })
  assert(loadfile(path, "t", env))()
  local at = setmetatable({}, { __index = function(_, name) return path .. ":" .. name end })
  return assert(loadfile(DRIVER))(env, at, table.unpack)
end

local A, B = load_game(old_path), load_game(new_path)
local compared = 0

local function agree(what, a, b)
  if a ~= b or math.type(a) ~= math.type(b) then
    error(string.format("%s: %s against %s", what, tostring(a), tostring(b)), 0)
  end
end

-- Compares the moves and the evaluation of position n; returns a copy of the moves (the scripts reuse their lists).
local function compare_position(n, where)
  local a, b = A.moves(n), B.moves(n)
  agree(where .. ": the number of moves", #a, #b)
  local list = {}
  for i = 1, #a do
    agree(where .. ": move " .. i, a[i], b[i])
    list[i] = a[i]
  end
  agree(where .. ": evaluate", A.evaluate(n), B.evaluate(n))
  compared = compared + 1
  return list
end

-- Compares what two `play`s (or `start`s) answered: whose turn, the result and the key.
local function compare_answers(where, ...)
  local answers = { ... }
  agree(where .. ": turn", answers[1], answers[4])
  agree(where .. ": result", answers[2], answers[5])
  agree(where .. ": key", answers[3], answers[6])
  return answers[2]
end

math.randomseed(seed)
for game = 1, games do
  local a1, a2, a3 = A.start()
  local over = compare_answers("game " .. game .. " start", a1, a2, a3, B.start())
  local n = 1
  while over == nil do
    local where = "game " .. game .. " ply " .. n
    local list = compare_position(n, where)
    if #list == 0 then break end
    local back
    for _, m in ipairs(list) do
      local child = where .. " child " .. m
      local a1, a2, a3 = A.play(n, m, back)
      if compare_answers(child, a1, a2, a3, B.play(n, m, back)) == nil then compare_position(n + 1, child) end
      back = m
    end
    A.undo(n, back)
    B.undo(n, back)
    local m = list[math.random(#list)]
    local a1, a2, a3 = A.play(n, m)
    over = compare_answers(where .. " played " .. m, a1, a2, a3, B.play(n, m))
    n = n + 1
  end
end
print(string.format("%d games, %d positions compared: the same answers", games, compared))
