// expect-error: unsupported: a product of complex constants that GCC rounds exactly
/* A product of two complex constants whose correctly rounded value
   needs exact arithmetic, which gcc folds with MPC; nissecc folds only
   products whose terms are exact in double. */
static _Complex double product = (0.1 + 0.2i) * (0.3 + 0.7i);

int main(void) {
    return __real__ product < 0;
}
