-- The evaluation workload for Lua, different from the training one:
-- n-queens (recursion and arrays), a spectral-norm style numeric loop
-- (floats), a serializer for nested tables (string.format, sorted keys),
-- coroutine pipelines and pcall-heavy parsing.
-- The argument scales the work (default 1).

local scale = tonumber(arg and arg[1]) or 1

local function queens(n)
  local cols, d1, d2, count = {}, {}, {}, 0
  local function place(r)
    if r > n then count = count + 1 return end
    for c = 1, n do
      if not cols[c] and not d1[r + c] and not d2[r - c + n] then
        cols[c], d1[r + c], d2[r - c + n] = true, true, true
        place(r + 1)
        cols[c], d1[r + c], d2[r - c + n] = nil, nil, nil
      end
    end
  end
  place(1)
  return count
end
for n = 4, 8 + scale do print("queens", n, queens(n)) end

local function A(i, j) local ij = i + j - 1 return 1.0 / (ij * (ij - 1) * 0.5 + i) end
local function Av(x, y, N) for i = 1, N do local a = 0 for j = 1, N do a = a + x[j] * A(i, j) end y[i] = a end end
local function Atv(x, y, N) for i = 1, N do local a = 0 for j = 1, N do a = a + x[j] * A(j, i) end y[i] = a end end
local N = 250 * scale
local u, v, t = {}, {}, {}
for i = 1, N do u[i] = 1 end
for _ = 1, 10 do Av(u, t, N) Atv(t, v, N) Av(v, t, N) Atv(t, u, N) end
local vBv, vv = 0, 0
for i = 1, N do vBv = vBv + u[i] * v[i] vv = vv + v[i] * v[i] end
print(string.format("spectral norm %0.9f", math.sqrt(vBv / vv)))

local function serialize(x, out)
  local tx = type(x)
  if tx == "table" then
    local keys = {}
    for k in pairs(x) do keys[#keys + 1] = k end
    table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
    out[#out + 1] = "{"
    for i, k in ipairs(keys) do
      if i > 1 then out[#out + 1] = "," end
      out[#out + 1] = string.format("%q:", tostring(k))
      serialize(x[k], out)
    end
    out[#out + 1] = "}"
  elseif tx == "string" then out[#out + 1] = string.format("%q", x)
  elseif math.type(x) == "float" then out[#out + 1] = string.format("%.6g", x)
  else out[#out + 1] = tostring(x) end
  return out
end
local doc = {}
for i = 1, 2000 * scale do
  doc["item" .. i] = {id = i, name = "n" .. (i * 7919 % 1000), weight = i / 7, tags = {"a" .. i % 3, "b" .. i % 5},
                      nested = {flag = i % 2 == 0, depth = {level = i % 4}}}
end
local text = table.concat(serialize(doc, {}))
local h = 0
for i = 1, #text, 7 do h = (h * 33 + text:byte(i)) % 4294967296 end
print("serialized", #text, h, text:sub(1, 60))

local function numbers(n) return coroutine.wrap(function() for i = 1, n do coroutine.yield(i) end end) end
local function map(f, src) return coroutine.wrap(function() for x in src do coroutine.yield(f(x)) end end) end
local function take_sum(src) local s = 0 for x in src do s = s + x end return s end
print("pipeline", take_sum(map(function(x) return x * x % 1000 end, map(function(x) return x + 3 end, numbers(100000 * scale)))))

local function parse_int(s)
  local n = tonumber(s)
  if not n or math.type(n) ~= "integer" then error("not an integer: " .. s, 0) end
  return n
end
local inputs, good, bad, sum = {"12", "x7", "3.5", "-40", "1e3", "99", "", "0x1F"}, 0, 0, 0
for i = 1, 100000 * scale do
  local ok, n = pcall(parse_int, inputs[i % #inputs + 1])
  if ok then good = good + 1 sum = sum + n else bad = bad + 1 end
end
print("parsed", good, bad, sum)
