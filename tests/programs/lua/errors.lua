-- pcall and error (a longjmp inside the interpreter): string and table
-- error values, levels, xpcall with a message handler, nested protected
-- calls, errors in metamethods, runtime errors raised by the VM, error
-- objects with __tostring, and the "close" of to-be-closed variables.

print(pcall(error, "plain"))
print(pcall(error, "level 1", 1))
print(pcall(error))
print(pcall(error, nil))
local ok, e = pcall(function() error({code = 7}) end)
print(ok, type(e), e.code)
print(pcall(function() error("with position") end))
print(pcall(function() error("no position", 0) end))
local function lvl2() error("blame caller", 2) end
print(pcall(function() lvl2() end))

-- VM errors.
print(pcall(function() local t = nil return t.x end))
print(pcall(function() return 1 + {} end))
print(pcall(function() return #5 end))
print(pcall(function() return ("x"):bad() end))
print(pcall(function() return 1 // 0 end))
print(pcall(function() return 1 < "2" end))
print(pcall(string.rep))
print(pcall(string.format, "%d", 1.5))

-- xpcall with a handler that sees the original error.
print(xpcall(function() error("handled") end, function(m) return "handler: " .. m end))
print(xpcall(function(a, b) return a + b end, print, 3, 4))

-- Nested pcalls: the inner error does not escape, the outer one does.
local trace = {}
local ok2, msg2 = pcall(function()
  local ok3, msg3 = pcall(function()
    trace[#trace + 1] = "inner"
    error("inner failure", 0)
  end)
  trace[#trace + 1] = tostring(ok3) .. ":" .. msg3
  error("outer failure", 0)
end)
print(ok2, msg2, table.concat(trace, " / "))

-- Errors in metamethods and error objects with __tostring.
local E = setmetatable({}, {__tostring = function() return "custom error object" end})
print(pcall(function() error(E) end))
print(select(2, pcall(function() error(E) end)) == E, tostring(E))
local mt = {__index = function(t, k) error("no field " .. k) end}
print(pcall(function() return setmetatable({}, mt).missing end))

-- Deep recursion overflows the stack and is caught.
local function deep(n) return 1 + deep(n + 1) end
local okd, md = pcall(deep, 1)
print(okd, (md:gsub("^.-:%d+: ", "")))

-- Many protected calls in a loop, half failing.
local failures = 0
for i = 1, 10000 do
  local okl = pcall(function(x) if x % 2 == 0 then error("even") end return x end, i)
  if not okl then failures = failures + 1 end
end
print("failures", failures)

-- to-be-closed variables run their __close on error.
local closed = {}
local function closer(name)
  return setmetatable({}, {__close = function(_, err) closed[#closed + 1] = name .. ":" .. tostring(err) end})
end
print(pcall(function()
  local a <close> = closer("a")
  local b <close> = closer("b")
  error("unwinding", 0)
end))
print(table.concat(closed, " "))

-- assert and error with non-string values.
print(pcall(assert, false, "assertion message"))
print(pcall(assert, nil))
print(pcall(assert, 1, 2, 3))
print(pcall(error, 42))
print(select("#", pcall(error)))
