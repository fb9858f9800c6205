// expect-error: unsupported: _Complex int values (an imaginary integer constant)
/* GNU C's imaginary integer constants have a complex integer type. */
int main(void) {
    _Complex double z = 1.0 + 2i;
    return __real__ z == 1.0;
}
