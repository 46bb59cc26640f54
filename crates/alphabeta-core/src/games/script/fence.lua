-- The sandbox's fences around the library, run once in every script's Lua state before the script (see sandbox.rs
-- and budget.rs). `spent()` gives the error that ended the current call once its budget is spent (else nil);
-- `charge(n)` charges n units of work to the call (and raises once it is over budget); LIMIT is the memory limit.
local spent, charge, limit = ...
local raw_pcall, raw_xpcall, raw_load, raw_error, raw_format = pcall, xpcall, load, error, string.format
local raw_setmetatable, rawget, type, tostring, tonumber, select = setmetatable, rawget, type, tostring, tonumber, select
local floor, huge, max, log = math.floor, math.huge, math.max, math.log
local string, table, utf8 = string, table, utf8
local CHARGE_FROM = CHARGE_FROM_VALUE
local PATTERN_STEPS = PATTERN_STEPS_VALUE

-- A call whose budget is spent stays spent: whatever caught its error raises it again.
local function unless_spent(ok, ...)
  if not ok then
    local message = spent()
    if message then raw_error(message, 0) end
  end
  return ok, ...
end

pcall = function(f, ...)
  return unless_spent(raw_pcall(f, ...))
end

-- The message handler of an error raised by the hook runs with hooks off (Lua's rule inside a hook), where no
-- budget could stop it: once the budget is spent, the script's handler is not called at all.
xpcall = function(f, handler, ...)
  return unless_spent(raw_xpcall(f, function(e)
    if spent() then return e end
    return handler(e)
  end, ...))
end

-- `load` for text only: bytecode could corrupt the interpreter, so mode "t" is forced whatever the caller asks.
-- Compiling is work the hook does not see: it is charged by the byte.
load = function(chunk, name, mode, env)
  if type(chunk) == "string" then
    if chunk:byte(1) == 27 then
      raw_error("load refuses bytecode: a script may load only Lua text", 2)
    end
    if #chunk >= CHARGE_FROM then charge(#chunk * 10) end
  elseif type(chunk) == "function" then
    local read = chunk
    chunk = function()
      local piece = read()
      if type(piece) == "string" and #piece >= CHARGE_FROM then charge(#piece * 10) end
      return piece
    end
  end
  if env == nil then env = _ENV end
  local f, why = raw_load(chunk, name, "t", env)
  if f == nil then unless_spent(false) end
  return f, why
end

local raw_gsub, raw_find = string.gsub, string.find

-- The end of a fenced call: its results, or its error raised again at the script's line (the library function
-- ran inside `pcall`, so its own message names no line, and no function: it is put back).
local function finish(name, ok, ...)
  if ok then return ... end
  local message = spent()
  if message then raw_error(message, 0) end
  message = ...
  if type(message) ~= "string" or raw_find(message, "^[^%s]+:%d+: ") then raw_error(message, 0) end
  raw_error((raw_gsub(message, "'%?'", "'" .. name .. "'")), 2)
end

-- `lib.name`, replaced by a function that first works out what the call may cost (`cost` raises an error for a
-- call that is refused outright) and charges it when it is not small.
local function fence(lib, libname, name, cost)
  local raw, qualified = lib[name], libname .. "." .. name
  lib[name] = function(...)
    local units = cost(...)
    if units >= CHARGE_FROM then charge(units) end
    return finish(qualified, raw_pcall(raw, ...))
  end
  return raw
end

-- A finalizer runs when the collector or the closing state decides, with hooks off: no budget could stop it.
setmetatable = function(t, mt)
  if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
    raw_error("setmetatable: finalizers (__gc) are not allowed in a game script", 2)
  end
  return finish("setmetatable", raw_pcall(raw_setmetatable, t, mt))
end

local function count(n)
  n = tonumber(n)
  if n == nil or n ~= n then return 0 end
  return max(n, 0)
end

-- One call could otherwise ask for gigabytes at once, past any check between instructions, or loop for ever
-- copying nothing (`(""):rep(1e15)`, which costs its count).
fence(string, "string", "rep", function(s, n, sep)
  local times = count(n)
  local size = #tostring(s) * times + #tostring(sep or "") * max(times - 1, 0)
  if size > limit then
    raw_error(raw_format("string.rep would make a string of %.0f bytes, more than the %d MiB a script may use",
      size, limit // (1024 * 1024)), 3)
  end
  return max(size, times)
end)

raw_format = fence(string, "string", "format", function(fmt, ...)
  local size = #tostring(fmt) + 110 * select("#", ...)
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    if type(v) == "string" then size = size + 4 * #v end
  end
  return size
end)

-- Pattern matching backtracks in C, where no hook runs: `("a"):rep(40):find(("a*"):rep(40) .. "b")` would take
-- longer than the universe's age. A bound on its steps is worked out from the pattern's repetitions (each `*`,
-- `+`, `-`, `?` or `%b`) and the subject's length, and a pattern that could take too long is refused.
local repetitions_of, cached = {}, 0
local function repetitions(p)
  local known = repetitions_of[p]
  if known then return known end
  local reps, i, n = 0, 1, #p
  while i <= n do
    local c = p:byte(i)
    if c == 37 then -- %
      if p:byte(i + 1) == 98 then reps = reps + 1; i = i + 4 else i = i + 2 end
    elseif c == 91 then -- [ … ]: a set counts as one item
      i = i + 1
      if p:byte(i) == 94 then i = i + 1 end
      repeat
        if p:byte(i) == 37 then i = i + 1 end
        i = i + 1
      until i > n or p:byte(i) == 93
      i = i + 1
    elseif c == 42 or c == 43 or c == 45 or c == 63 then -- * + - ?
      reps = reps + 1
      i = i + 1
    else
      i = i + 1
    end
  end
  if cached > 256 then repetitions_of, cached = {}, 0 end
  repetitions_of[p], cached = reps, cached + 1
  return reps
end

local LOG_PATTERN_STEPS, LOG_CHARGE_STEPS = log(PATTERN_STEPS), log(100000)
for _, name in ipairs({ "find", "match", "gmatch", "gsub" }) do
  fence(string, "string", name, function(s, p)
    if type(s) ~= "string" or type(p) ~= "string" then return 0 end
    local n, reps = #s + 1, repetitions(p)
    -- log of n · #p · (n + reps choose reps): every start, every way the repetitions can share the subject
    local steps = log(n) + log(#p + 1)
    for k = 1, reps do steps = steps + log((n + k) / k) end
    if steps > LOG_PATTERN_STEPS then
      raw_error(raw_format("string.%s: the pattern %q has %d repetitions, too many for a text of %d bytes " ..
        "(matching could take 10^%d steps, more than the 10^%d allowed): simplify the pattern or shorten the text",
        name, #p > 40 and p:sub(1, 40) .. "…" or p, reps, n - 1, floor(steps / log(10)),
        floor(LOG_PATTERN_STEPS / log(10) + 0.5)), 3)
    end
    -- A match that could take long is charged what it could take; a short one its length.
    return steps > LOG_CHARGE_STEPS and math.exp(steps) or n + #p
  end)
end

-- Work in proportion to the string's length, in C.
local function length(s)
  return type(s) == "string" and #s or 0
end
for _, name in ipairs({ "upper", "lower", "reverse" }) do fence(string, "string", name, length) end
for _, name in ipairs({ "len", "offset", "codepoint" }) do fence(utf8, "utf8", name, length) end

-- Table functions loop in C over a range the script gives, or over `#t`, which `__len` can make anything.
local function size(t)
  local n = type(t) == "table" and #t or 0
  return type(n) == "number" and n or 0
end
local function span(t, first, last)
  return count((tonumber(last) or size(t)) - (tonumber(first) or 1) + 1)
end
fence(table, "table", "concat", function(t, _, i, j) return span(t, i, j) end)
local raw_unpack = fence(table, "table", "unpack", function(t, i, j) return span(t, i, j) end)
fence(table, "table", "move", function(_, f, e) return span(nil, f, e) end)
fence(table, "table", "insert", size)
fence(table, "table", "remove", size)
fence(table, "table", "sort", function(t)
  local n = size(t)
  return n >= 2 and n * log(n, 2) or 0
end)

-- The studio's driver unpacks lists it has checked itself, on every node: it takes the function unfenced.
return raw_unpack
