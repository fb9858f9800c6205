// expect-error: unsupported: long double
int main(void) {
    long double x = 1.5L;
    x = x * 2;
    return (int)x;
}
