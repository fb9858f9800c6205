// expect-error: not assignable
int main(void) {
    int a = 1, b = 2;
    (a + b) = 3;
    return a;
}
