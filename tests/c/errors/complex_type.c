// expect-error: unsupported: _Complex integer
/* GNU C's complex integer types. */
int main(void) {
    _Complex int z = 1;
    z = z * 2;
    return z == 2;
}
