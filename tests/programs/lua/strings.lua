-- Strings: the string library (find, match, gmatch, gsub with patterns,
-- captures and replacement functions, rep, reverse, byte, char, upper,
-- lower, sub), string coercions and a word count whose keys are sorted.

local s = "The quick brown fox jumps over the lazy dog"
print(#s, s:upper(), s:lower())
print(s:sub(5, 9), s:sub(-3), s:sub(-8, -5))
print(s:find("fox"), s:find("o", 20, true), s:find("%s(%a+)%s"))
print(s:match("(%a+) (%a+)$"))
print(s:rep(2, "|"))
print(("abc"):reverse(), ("abc"):byte(1, -1))
print(string.char(72, 105, 33))

local words = {}
for w in s:gmatch("%a+") do words[#words + 1] = w end
print(#words, table.concat(words, ","))

print((s:gsub("o", "0")))
print(s:gsub("(%a+)", function(w) if #w > 4 then return w:upper() end end))
print(("hello world"):gsub("(%w+) (%w+)", "%2 %1"))
print(("x = 1, y = 2"):gsub("(%w+) = (%w+)", {x = "X", ["1"] = "one"}))
print(("  trim me  "):match("^%s*(.-)%s*$") .. "|")
print(("key=value; other=thing"):match("other=(%w+)"))
print(("2024-01-15"):match("(%d+)-(%d+)-(%d+)"))
print(("[[nested]]"):find("[[", 1, true), ("a.b.c"):gsub("%.", "/"))
print(("THE (quick) fox"):find("%((%a+)%)"))
print(("f(a(b)c)d"):match("%b()"), ("  x"):find("%f[%w]%w+"))

-- Coercions.
print("10" + 5, "3" * "4", 10 .. 20, "0x10" + 0, math.type("10" + 0), "1e2" * 1)
print(tostring(1e15), tostring(2^63), tostring(-0.0), 7 // 2, 7.0 // 2, 7 % -3, -7 % 3)
print(tonumber("  42  "), tonumber("z", 36), tonumber("ff", 16), tonumber("1e1"), tonumber("x"))

-- Word frequencies over a generated text, keys sorted.
local base = {"lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit"}
local parts, seed = {}, 7
for i = 1, 2000 do
  seed = (seed * 1103515245 + 12345) % 2147483648
  parts[i] = base[(seed // 65536) % #base + 1]
end
local text = table.concat(parts, " ")
local freq = {}
for w in text:gmatch("%a+") do freq[w] = (freq[w] or 0) + 1 end
local keys = {}
for k in pairs(freq) do keys[#keys + 1] = k end
table.sort(keys)
for _, k in ipairs(keys) do print(k, freq[k]) end

-- Building a long string in pieces and hashing it.
local buf = {}
for i = 1, 5000 do buf[#buf + 1] = string.char(65 + i % 26) end
local long = table.concat(buf)
local h = 0
for i = 1, #long do h = (h * 31 + long:byte(i)) % 4294967296 end
print(#long, h, long:sub(1, 30))

-- utf8 library
local u = "héllo wörld ✓"
print(utf8.len(u), #u, utf8.char(72, 228, 8364))
local cps = {}
for _, c in utf8.codes("aé✓") do cps[#cps + 1] = c end
print(table.concat(cps, " "))
