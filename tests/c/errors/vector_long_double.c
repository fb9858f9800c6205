// expect-error: unsupported: vectors of 'long double'
typedef long double v2xf __attribute__((vector_size(32)));
int main(void) {
    v2xf v = { 1, 2 };
    return (int)v[0];
}
