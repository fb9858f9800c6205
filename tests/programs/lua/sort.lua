-- Sorting: table.sort with the default order and with comparators, stable
-- merge sort and quicksort written in Lua, sorting records by several keys,
-- and a check that every result is ordered.

local seed = 12345
local function rand(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return (seed // 16) % n
end

local function is_sorted(a, lt)
  lt = lt or function(x, y) return x < y end
  for i = 2, #a do if lt(a[i], a[i - 1]) then return false end end
  return true
end

local function checksum(a)
  local h = 0
  for i = 1, #a do h = (h * 31 + a[i]) % 1000000007 end
  return h
end

local nums = {}
for i = 1, 20000 do nums[i] = rand(100000) end
local copy = table.move(nums, 1, #nums, 1, {})
table.sort(copy)
print("table.sort", is_sorted(copy), copy[1], copy[#copy], checksum(copy))
table.sort(copy, function(a, b) return a > b end)
print("descending", is_sorted(copy, function(a, b) return a > b end), copy[1], checksum(copy))

local function merge_sort(a, lt)
  local n = #a
  if n <= 1 then return a end
  local mid = n // 2
  local left = merge_sort(table.move(a, 1, mid, 1, {}), lt)
  local right = merge_sort(table.move(a, mid + 1, n, 1, {}), lt)
  local out, i, j = {}, 1, 1
  while i <= #left and j <= #right do
    if lt(right[j], left[i]) then out[#out + 1] = right[j] j = j + 1
    else out[#out + 1] = left[i] i = i + 1 end
  end
  for k = i, #left do out[#out + 1] = left[k] end
  for k = j, #right do out[#out + 1] = right[k] end
  return out
end

local function quicksort(a, lo, hi)
  lo, hi = lo or 1, hi or #a
  while lo < hi do
    local p, i = a[(lo + hi) // 2], lo
    local j = hi
    while i <= j do
      while a[i] < p do i = i + 1 end
      while a[j] > p do j = j - 1 end
      if i <= j then a[i], a[j] = a[j], a[i] i = i + 1 j = j - 1 end
    end
    if j - lo < hi - i then quicksort(a, lo, j) lo = i else quicksort(a, i, hi) hi = j end
  end
  return a
end

local ms = merge_sort(nums, function(a, b) return a < b end)
local qs = quicksort(table.move(nums, 1, #nums, 1, {}))
print("merge sort", is_sorted(ms), checksum(ms))
print("quicksort", is_sorted(qs), checksum(qs))

-- Records by several keys; merge sort is stable, so equal keys keep order.
local names = {"ada", "bob", "cy", "dee", "eve", "fay", "gus", "hal"}
local recs = {}
for i = 1, 40 do recs[i] = {name = names[rand(#names) + 1], age = 20 + rand(5), id = i} end
local by_age = merge_sort(recs, function(a, b) return a.age < b.age end)
local line = {}
for i = 1, #by_age do line[i] = by_age[i].age .. "/" .. by_age[i].id end
print("stable", table.concat(line, " "))
table.sort(recs, function(a, b)
  if a.name ~= b.name then return a.name < b.name end
  if a.age ~= b.age then return a.age > b.age end
  return a.id < b.id
end)
line = {}
for i = 1, 12 do line[i] = recs[i].name .. recs[i].age .. "#" .. recs[i].id end
print("by name, age", table.concat(line, " "))

-- Strings and mixed integer/float keys.
local words = {}
for i = 1, 200 do
  local w = {}
  for k = 1, 1 + rand(6) do w[k] = string.char(97 + rand(26)) end
  words[i] = table.concat(w)
end
table.sort(words)
print("strings", is_sorted(words), words[1], words[100], words[200])
local mixed = {3, 1.5, -2, 2^40, 0.25, 7, -0.5, 1}
table.sort(mixed)
print("mixed", table.concat(mixed, " "))
print(pcall(table.sort, {3, "x", 1}))
