-- Recursion: naive and memoized Fibonacci, Ackermann, the towers of Hanoi,
-- mutual recursion, deep (non-tail) recursion and proper tail calls.

local function fib(n)
  if n < 2 then return n end
  return fib(n - 1) + fib(n - 2)
end

local memo = {}
local function mfib(n)
  if n < 2 then return n end
  local v = memo[n]
  if v then return v end
  v = mfib(n - 1) + mfib(n - 2)
  memo[n] = v
  return v
end

local function ack(m, n)
  if m == 0 then return n + 1 end
  if n == 0 then return ack(m - 1, 1) end
  return ack(m - 1, ack(m, n - 1))
end

local moves = 0
local function hanoi(n, from, to, via, log)
  if n == 0 then return end
  hanoi(n - 1, from, via, to, log)
  moves = moves + 1
  if log then print(string.format("move disk %d from %s to %s", n, from, to)) end
  hanoi(n - 1, via, to, from, log)
end

local is_even, is_odd
function is_even(n) if n == 0 then return true end return is_odd(n - 1) end
function is_odd(n) if n == 0 then return false end return is_even(n - 1) end

local function depth(n) if n == 0 then return 0 end return 1 + depth(n - 1) end

local function count_down(n, acc)
  if n == 0 then return acc end
  return count_down(n - 1, acc + n) -- a proper tail call: no stack growth
end

for i = 0, 25, 5 do print("fib", i, fib(i)) end
print("mfib 80", mfib(80))
print("ack 2 3", ack(2, 3), "ack 3 3", ack(3, 3))
hanoi(3, "A", "C", "B", true)
moves = 0
hanoi(16, "A", "C", "B", false)
print("hanoi 16 moves", moves)
print("even 1001", is_even(1001), "odd 1001", is_odd(1001))
print("depth", depth(10000))
print("tail sum", count_down(1000000, 0))

-- Permutations by recursion, printed in generation order.
local function permute(a, n, out)
  if n == 0 then out[#out + 1] = table.concat(a) return end
  for i = 1, n do
    a[i], a[n] = a[n], a[i]
    permute(a, n - 1, out)
    a[i], a[n] = a[n], a[i]
  end
end
local out = {}
permute({"a", "b", "c", "d"}, 4, out)
print(#out, table.concat(out, " "))
