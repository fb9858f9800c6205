// expect-error: unsupported: _Complex long double
/* __real__ of a complex long double. */
int main(void) {
    _Complex long double z;
    __real__ z = 1.0L;
    return 0;
}
