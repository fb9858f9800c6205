-- Closures: counters sharing upvalues, closures created in loops (each
-- iteration has a fresh variable), function composition, currying,
-- memoization and iterators written as closures.

local function counter()
  local n = 0
  return function() n = n + 1 return n end, function() return n end
end
local inc, get = counter()
inc(); inc(); inc()
local inc2 = counter()
inc2()
print("shared upvalue", get(), inc2())

local fs = {}
for i = 1, 5 do fs[i] = function() return i * i end end
local r = {}
for i = 1, 5 do r[i] = fs[i]() end
print("loop closures", table.concat(r, " "))

local function compose(f, g) return function(...) return f(g(...)) end end
local function curry(f) return function(a) return function(b) return f(a, b) end end end
local add = curry(function(a, b) return a + b end)
local double_then_inc = compose(add(1), function(x) return 2 * x end)
print("compose", double_then_inc(10), add(3)(4))

local function memoize(f)
  local cache, calls = {}, 0
  return function(x)
    local v = cache[x]
    if v == nil then calls = calls + 1 v = f(x) cache[x] = v end
    return v
  end, function() return calls end
end
local slow_square, calls = memoize(function(x) return x * x end)
for i = 1, 100 do slow_square(i % 10) end
print("memoize", slow_square(7), calls())

-- A stateful iterator and a stateless one.
local function range(a, b, step)
  step = step or 1
  local i = a - step
  return function()
    i = i + step
    if (step > 0 and i <= b) or (step < 0 and i >= b) then return i end
  end
end
local acc = {}
for v in range(10, 1, -3) do acc[#acc + 1] = v end
print("range", table.concat(acc, " "))

local function evens(max, i)
  i = i + 2
  if i <= max then return i end
end
acc = {}
for v in evens, 10, 0 do acc[#acc + 1] = v end
print("stateless", table.concat(acc, " "))

-- Closures over closures, and upvalues captured after the enclosing
-- function returned.
local function make_bank()
  local balance = 0
  local history = {}
  local function record(kind, amount) history[#history + 1] = kind .. amount end
  return {
    deposit = function(x) balance = balance + x record("+", x) end,
    withdraw = function(x)
      if x > balance then return false end
      balance = balance - x record("-", x) return true
    end,
    report = function() return balance, table.concat(history, ",") end,
  }
end
local bank = make_bank()
bank.deposit(100); bank.withdraw(30); bank.withdraw(500); bank.deposit(5)
print("bank", bank.report())

-- A fold with a varargs closure.
local function fold(f, acc0, ...)
  local acc = acc0
  for i = 1, select("#", ...) do acc = f(acc, (select(i, ...))) end
  return acc
end
print("fold", fold(function(a, b) return a * b end, 1, 1, 2, 3, 4, 5, 6), select("#", nil, nil))

-- Many closures alive at once, collected afterwards.
local bag = {}
for i = 1, 10000 do local x = i bag[i] = function() return x end end
local total = 0
for i = 1, #bag do total = total + bag[i]() end
bag = nil
collectgarbage()
print("many closures", total)
