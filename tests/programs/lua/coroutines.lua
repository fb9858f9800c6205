-- Coroutines: generators, passing values both ways through resume and
-- yield, a producer/consumer pipeline, coroutine.wrap, status, isyieldable,
-- errors inside coroutines and yields across pcall.

local function gen(n)
  return coroutine.wrap(function()
    for i = 1, n do coroutine.yield(i) end
  end)
end
local acc = {}
for v in gen(5) do acc[#acc + 1] = v end
print("generator", table.concat(acc, " "))

local co = coroutine.create(function(a, b)
  print("start", a, b)
  local c = coroutine.yield(a + b)
  print("got", c)
  local d, e = coroutine.yield(c * 2)
  print("got", d, e)
  return "done", d + e
end)
print(coroutine.status(co))
print(coroutine.resume(co, 1, 2))
print(coroutine.status(co))
print(coroutine.resume(co, 10))
print(coroutine.resume(co, 3, 4))
print(coroutine.status(co), coroutine.resume(co))

-- Producer, filter, consumer.
local function producer()
  return coroutine.create(function()
    for i = 1, 20 do coroutine.yield(i) end
  end)
end
local function filter(src, pred)
  return coroutine.create(function()
    while true do
      local ok, v = coroutine.resume(src)
      if not v then return end
      if pred(v) then coroutine.yield(v) end
    end
  end)
end
local pipe = filter(producer(), function(v) return v % 3 == 0 end)
acc = {}
while true do
  local _, v = coroutine.resume(pipe)
  if not v then break end
  acc[#acc + 1] = v
end
print("pipeline", table.concat(acc, " "))

-- Errors in a coroutine kill it; the error value comes back from resume.
local bad = coroutine.create(function() coroutine.yield(1) error("boom") end)
print(coroutine.resume(bad))
local ok, msg = coroutine.resume(bad)
print(ok, (msg:gsub("^.-:%d+: ", "")), coroutine.status(bad))

-- Yield across pcall, and isyieldable.
local inner = coroutine.wrap(function()
  local ok2, v = pcall(function()
    local x = coroutine.yield("inside pcall")
    error({code = x})
  end)
  coroutine.yield(ok2, type(v), v.code)
  return coroutine.isyieldable()
end)
print(inner())
print(inner(42))
print(inner(), coroutine.isyieldable())

-- Permutations generator (PiL), many coroutines.
local function permgen(a, n)
  n = n or #a
  if n <= 1 then coroutine.yield(a) else
    for i = 1, n do
      a[n], a[i] = a[i], a[n]
      permgen(a, n - 1)
      a[n], a[i] = a[i], a[n]
    end
  end
end
local count, first = 0, nil
for p in coroutine.wrap(function() permgen({1, 2, 3, 4, 5, 6}) end) do
  count = count + 1
  if count == 100 then first = table.concat(p, "") end
end
print("permutations", count, first)

local many = {}
for i = 1, 500 do
  many[i] = coroutine.create(function(x) while true do x = coroutine.yield(x * i) end end)
end
local total = 0
for round = 1, 4 do
  for i = 1, #many do
    local _, v = coroutine.resume(many[i], round)
    total = total + v
  end
end
print("many coroutines", total)
print(coroutine.close(coroutine.create(function() end)), coroutine.running() ~= nil)
