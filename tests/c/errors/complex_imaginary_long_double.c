// expect-error: unsupported: _Complex long double values (an imaginary long double constant)
/* An imaginary constant of complex long double type. */
int main(void) {
    _Complex double z = 1.0 + 2.0iL;
    return __real__ z == 1.0;
}
