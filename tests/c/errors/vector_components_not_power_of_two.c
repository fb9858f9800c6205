// expect-error: number of vector components 3 not a power of two
typedef int v3si __attribute__((vector_size(12)));
int main(void) {
    v3si v = { 1, 2, 3 };
    return v[0];
}
