// expect-error: unsupported: _Complex values
/* A complex value in a static initializer's constant expression. */
static const int real_only = (_Complex float)0.5 == 0.5;

int main(void) {
    return real_only;
}
