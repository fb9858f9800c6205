-- The training workload for Lua: binary trees (allocation and the
-- collector), a word-frequency count over generated text (strings, tables,
-- gsub), heap sort and table.sort, and closures in a small event system.
-- The argument scales the work (default 1).

local scale = tonumber(arg and arg[1]) or 1

local function bottom_up(depth)
  if depth == 0 then return {} end
  depth = depth - 1
  return {bottom_up(depth), bottom_up(depth)}
end
local function check(tree)
  if tree[1] then return 1 + check(tree[1]) + check(tree[2]) end
  return 1
end
local max_depth = 11 + scale
local long_lived = bottom_up(max_depth)
for depth = 4, max_depth, 2 do
  local iters, sum = 2 ^ (max_depth - depth + 4) // 1, 0
  for _ = 1, iters do sum = sum + check(bottom_up(depth)) end
  print(string.format("%d trees of depth %d check %d", iters, depth, sum))
end
print("long lived", check(long_lived))

local seed = 1
local function rand(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return (seed // 16) % n
end
local syllables = {"ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "xe", "zu"}
local words = {}
for i = 1, 30000 * scale do
  local w = {}
  for k = 1, 1 + rand(3) do w[k] = syllables[rand(#syllables) + 1] end
  words[i] = table.concat(w)
end
local text = table.concat(words, " ")
local freq = {}
for w in text:gmatch("%a+") do freq[w] = (freq[w] or 0) + 1 end
local keys = {}
for k in pairs(freq) do keys[#keys + 1] = k end
table.sort(keys, function(a, b) if freq[a] ~= freq[b] then return freq[a] > freq[b] end return a < b end)
for i = 1, 5 do print(keys[i], freq[keys[i]]) end
local upper = text:gsub("(%a)(%a*)", function(a, b) return a:upper() .. b end)
print(#keys, #upper, upper:sub(1, 40))

local function heap_sort(a)
  local n = #a
  local function sift(lo, hi)
    local root = lo
    while 2 * root <= hi do
      local child = 2 * root
      if child < hi and a[child] < a[child + 1] then child = child + 1 end
      if a[root] < a[child] then a[root], a[child] = a[child], a[root] root = child
      else return end
    end
  end
  for i = n // 2, 1, -1 do sift(i, n) end
  for i = n, 2, -1 do a[1], a[i] = a[i], a[1] sift(1, i - 1) end
  return a
end
local nums = {}
for i = 1, 50000 * scale do nums[i] = rand(1000000) end
local sorted = heap_sort(table.move(nums, 1, #nums, 1, {}))
table.sort(nums)
local same = true
for i = 1, #nums do if nums[i] ~= sorted[i] then same = false break end end
print("heap sort", same, sorted[1], sorted[#sorted // 2], sorted[#sorted])

local handlers, fired = {}, 0
local function on(name, f) handlers[name] = handlers[name] or {} table.insert(handlers[name], f) end
local function emit(name, ...) for _, f in ipairs(handlers[name] or {}) do f(...) end end
for i = 1, 50 do on("tick", function(x) fired = fired + x * i end) end
for i = 1, 2000 * scale do emit("tick", i % 7) end
print("events", fired)
