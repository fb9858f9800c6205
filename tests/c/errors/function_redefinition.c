// expect-error: redefinition
int twice(int x) { return 2 * x; }

int twice(int x) { return x + x; }

int main(void) {
    return twice(2);
}
