-- string.format with every conversion and many flags, widths and
-- precisions; tostring of integers and floats; %q round trips.

local f = string.format
print(f("%d|%5d|%-5d|%05d|%+d|% d", 42, 42, 42, 42, 42, 42))
print(f("%i|%x|%X|%#x|%o|%#o|%c%c%c", -7, 255, 255, 255, 8, 8, 76, 117, 97))
print(f("%u|%d", 3000000000, math.mininteger))
print(f("%d|%d", math.maxinteger, -math.maxinteger))
print(f("%f|%.2f|%10.3f|%-10.1f|%+.0f", math.pi, math.pi, math.pi, math.pi, math.pi))
print(f("%e|%.3e|%E|%g|%g|%g|%G", 12345.678, 0.000123, 1e100, 0.0001, 1e-5, 123456789, 1e-20))
print(f("%a|%A", 1.0, 0.5))
print(f("%s|%10s|%-10s|%.3s|%s", "str", "right", "left", "truncate", 12))
print(f("%q", 'a "quoted"\n string\0 with \\ escapes\t'))
print(f("%q|%q|%q", 1 / 0, -1 / 0, math.mininteger))
print(f("%q", 0.1))
print(f("%%|%5.1s|", "xyz"))
print(f("%s %s %s", nil, true, false))
print(f("%.14g|%.17g|%.3g", 0.1, 0.1, 2 / 3))
print(f("[%8.3f] [%-8.3e] [%08.2f]", -1.5, -1.5, -1.5))
print(f("%5s|%-5s|", "ab", "ab"), f("%x", 0), f("%.0f", 0.5), f("%.0f", 1.5), f("%.0f", 2.5))

-- Integers and floats through tostring and arithmetic.
print(1, 1.0, -0.0, 1e100, 2^63, math.maxinteger + 1 == math.mininteger, 3 / 2, 3 // 2, 2^-1074)
print(100000000000000, 1e14, 123456789012345678)
print(math.floor(3.7), math.ceil(3.2), math.floor(-3.5), math.fmod(7, 3), math.fmod(-7, 3), math.abs(-4))
print(math.max(1, 5, 3), math.min(2.5, -1), math.tointeger(3.0), math.tointeger(3.5), math.ult(1, -1))
print(f("%.6f %.6f %.6f %.6f", math.sqrt(2), math.sin(1), math.exp(1), math.log(10, 2)))
print(f("%.6f %.6f %.6f", math.atan(1, 2), math.cos(0.5), math.log(100)))

-- A table of numbers.
for i = 1, 12 do
  local x = i * 1.37
  print(f("%3d %8.3f %10.4e %6x %-6s|", i, x, x ^ 3, i * i * 37, tostring(i % 4 == 0)))
end

-- Seeded math.random is deterministic in Lua 5.4.
math.randomseed(42)
local r = {}
for i = 1, 8 do r[i] = math.random(1, 1000) end
print(table.concat(r, " "), f("%.6f", math.random()))
