-- Tables: arrays, hash parts, nested tables, metatables (__index,
-- __newindex, __eq, __lt, __len, __call, __concat, __tostring), table
-- library functions and integer/float keys. Keys are sorted before printing.

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b)
    if type(a) == type(b) then return a < b end
    return type(a) < type(b)
  end)
  return keys
end

local function dump(t, indent)
  indent = indent or ""
  for _, k in ipairs(sorted_keys(t)) do
    local v = t[k]
    if type(v) == "table" then
      print(indent .. tostring(k) .. ":")
      dump(v, indent .. "  ")
    else
      print(indent .. tostring(k) .. " = " .. tostring(v))
    end
  end
end

local t = {10, 20, 30, x = 1, y = "two", [3.0] = "three", [4.5] = "four and a half",
           nested = {a = {b = {c = "deep"}}}, [true] = "yes"}
dump(t)
print("#t", #t)

-- Array growth and shrinking, and the hash part with many keys.
local a = {}
for i = 1, 1000 do a[i] = i * i end
for i = 1000, 501, -1 do a[i] = nil end
print("#a", #a, a[500])
local h = {}
for i = 1, 2000 do h["k" .. i] = i end
for i = 1, 2000, 2 do h["k" .. i] = nil end
local sum, n = 0, 0
for _, v in pairs(h) do sum = sum + v n = n + 1 end
print("hash", n, sum)

-- table library
local l = {}
for i = 1, 10 do table.insert(l, i) end
table.insert(l, 1, 0)
print(table.remove(l), table.remove(l, 1), table.concat(l, ","))
print(table.concat(table.move(l, 2, 5, 1, {}), ","))
print(table.unpack({1, 2, 3}))
local p = table.pack(1, nil, 3)
print(p.n, p[1], p[2], p[3])

-- Metatables.
local Vec = {}
Vec.__index = Vec
function Vec.new(x, y) return setmetatable({x = x, y = y}, Vec) end
function Vec.__add(a, b) return Vec.new(a.x + b.x, a.y + b.y) end
function Vec.__eq(a, b) return a.x == b.x and a.y == b.y end
function Vec.__lt(a, b) return a:len2() < b:len2() end
function Vec.__le(a, b) return a:len2() <= b:len2() end
function Vec.__tostring(v) return "(" .. v.x .. ", " .. v.y .. ")" end
function Vec.__concat(a, b) return tostring(a) .. tostring(b) end
function Vec.__len(v) return 2 end
function Vec.__call(v, k) return v[k] end
function Vec:len2() return self.x * self.x + self.y * self.y end
local u, w = Vec.new(1, 2), Vec.new(3, 4)
print(tostring(u + w), u == Vec.new(1, 2), u < w, w <= u, #u, u("y"), u .. w)

local log = {}
local proxy = setmetatable({}, {
  __index = function(_, k) return "default:" .. k end,
  __newindex = function(t, k, v) log[#log + 1] = k rawset(t, k, v) end,
})
proxy.a = 1
proxy.b = 2
print(proxy.a, proxy.c, table.concat(log, ","), rawget(proxy, "c"))

-- Inheritance through __index chains.
local Base = {kind = "base"}
Base.__index = Base
function Base:describe() return self.kind .. ":" .. self.name end
local Derived = setmetatable({kind = "derived"}, Base)
Derived.__index = Derived
local obj = setmetatable({name = "obj"}, Derived)
print(obj:describe(), getmetatable(obj) == Derived)

-- Integer and float keys normalize; next() walks everything.
local k = {}
k[1] = "int"; k[1.0] = "float one"; k[2^53] = "big"
print(k[1], k[2^53], math.type(next({[1.0] = true})))
