-- The studio's side of a scripted game, run inside the script's own Lua state (see game.rs). It keeps the
-- positions of the line being searched in `stack` (stack[1] the game's current position, stack[n + 1] the position
-- after the n-th move of the search), so the Rust side only names a depth and a move: one call per move played,
-- none per move taken back unless the script plays in place. It checks every value the script returns and raises
-- an error naming the script's function (file:line where it is defined) when one is of the wrong kind.
local G, at, raw_unpack = ...
local start, turn, moves, play, undo = G.start, G.turn, G.moves, G.play, G.undo
local result, evaluate, chances, key, move_name = G.result, G.evaluate, G.chances, G.key, G.move_name
local draw, click = G.draw, G.click
local mtype, unpack, type, tostring, format = math.type, raw_unpack, type, tostring, string.format
local stack = {}
-- The longest name a move may have, in bytes: names are shown in lists and typed in commands.
local NAME_BYTES = 64

local function fail(where, what)
  error(at[where] .. ": " .. what, 0)
end

local function describe(v)
  local t = type(v)
  if t == "string" then
    if #v > 60 then return format("a string of %d bytes starting %q", #v, v:sub(1, 40)) end
    return format("the string %q", v)
  end
  if t == "nil" then return "nothing (nil)" end
  if t == "table" then return "a table" end
  return format("%s %s", t, tostring(v))
end

local function who(s)
  local t = turn(s)
  if t == 1 or t == 2 then return t end
  if t == "chance" then return 3 end
  fail("turn", "turn returned " .. describe(t) .. ", but it must return 1, 2 or \"chance\"")
end

local function info(s)
  local r = result(s)
  if r ~= nil and (type(r) ~= "number" or r ~= r or r == math.huge or r == -math.huge) then
    fail("result", "result returned " .. describe(r) ..
      ", but it must return nil while the game goes on, else a finite number (the first player's score)")
  end
  local w = who(s)
  local k
  if key then
    k = key(s)
    local kt = type(k)
    if kt ~= "string" and kt ~= "number" then
      fail("key", "key returned " .. describe(k) .. ", but it must return a string or a number")
    end
  end
  return w, r, k
end

local D = {}

function D.start()
  local s = start()
  if type(s) ~= "table" then
    fail("start", "start returned " .. describe(s) .. ", but it must return the starting position (a table)")
  end
  stack[1] = s
  return info(s)
end

if undo then
  -- `back`, when given, is the move played last from position n, to take back first: the studio defers an undo
  -- to the next call, and sends it with the play of the sibling that follows it.
  function D.play(n, m, back)
    local s = stack[n]
    if back ~= nil then undo(s, back) end
    play(s, m)
    stack[n + 1] = s
    return info(s)
  end
  function D.undo(n, m)
    undo(stack[n], m)
  end
else
  function D.play(n, m)
    local s = stack[n]
    local t = play(s, m)
    if type(t) ~= "table" then
      fail("play", "play returned " .. describe(t) ..
        ", but it must return the new position (a new table), or change the position in place and the script " ..
        "must define undo")
    end
    if t == s then
      fail("play", "play returned the position it was given: return a new table (copy, then change the copy), " ..
        "or define undo to play in place")
    end
    stack[n + 1] = t
    return info(t)
  end
end

-- Whose turn, the result and the key of position n, asked afresh (the game checker compares them after an undo).
function D.info(n)
  return info(stack[n])
end

-- The list itself: the studio reads its entries (calls.rs).
function D.moves(n)
  local list = moves(stack[n])
  if type(list) ~= "table" then
    fail("moves", "moves returned " .. describe(list) .. ", but it must return a list of moves (whole numbers)")
  end
  return list
end

function D.chances(n)
  local list = chances(stack[n])
  if type(list) ~= "table" then
    fail("chances", "chances returned " .. describe(list) ..
      ", but it must return a list of {outcome, probability} pairs")
  end
  local flat = {}
  for i, pair in ipairs(list) do
    if type(pair) ~= "table" then
      fail("chances", "entry " .. i .. " of the list chances returned is " .. describe(pair) ..
        ", but it must be a pair {outcome, probability}")
    end
    flat[2 * i - 1], flat[2 * i] = pair[1], pair[2]
  end
  return unpack(flat)
end

function D.evaluate(n)
  local v = evaluate(stack[n])
  if type(v) ~= "number" or v ~= v then
    fail("evaluate", "evaluate returned " .. describe(v) .. ", but it must return a number")
  end
  return v
end

function D.name(n, m)
  if not move_name then return tostring(m) end
  local name = move_name(stack[n], m)
  if type(name) ~= "string" and type(name) ~= "number" then
    fail("move_name", "move_name returned " .. describe(name) .. ", but it must return a string")
  end
  name = tostring(name)
  if #name > NAME_BYTES then
    fail("move_name", "move_name returned " .. describe(name) .. ", longer than the " .. NAME_BYTES ..
      " bytes a move's name may have")
  end
  return name
end

function D.draw(n)
  return draw(stack[n])
end

function D.click(n, index, from, kind)
  return click(stack[n], index, from, kind)
end

return D
