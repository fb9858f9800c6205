// expect-error: unsupported: _Complex __int128
/* A complex type of 128-bit integers (GNU C's complex integer types up
   to 64 bits are supported). */
int main(void) {
    _Complex __int128 z = 1;
    z = z * 2;
    return z == 2;
}
