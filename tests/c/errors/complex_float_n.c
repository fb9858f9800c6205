// expect-error: unsupported: _Complex
/* A complex type of a TS 18661 type outside the subset. */
int main(void) {
    _Complex _Float128 z = 1;
    return z == 1;
}
