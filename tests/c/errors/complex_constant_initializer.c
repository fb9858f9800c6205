// expect-error: unsupported: a product of two complex values in a constant expression
/* A product of two complex values in a static initializer, which gcc
   folds with exact arithmetic; nissecc leaves it out. */
static _Complex double square = (1.0 + 2.0i) * (1.0 + 2.0i);

int main(void) {
    return __real__ square == -3.0;
}
