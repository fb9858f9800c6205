// expect-error: unsupported: _Complex
int main(void) {
    double _Complex z = 1.0;
    z = z * 2.0;
    return z == 2.0;
}
