/* gnu89-style implicit int for a static object, a function and main, and implicitly declared library functions. */
static x = 5;
f(y) { return y + x; }
main() { printf("%d\n", f(2)); return abs(-3); }
