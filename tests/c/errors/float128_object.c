// expect-error: unsupported: __float128
/* GCC's quad-precision type. */
__float128 scale = 2;

int main(void) {
    return scale > 1;
}
