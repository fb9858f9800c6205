// expect-error: unsupported: variadic function definition
int first_or_zero(int n, ...) {
    return n;
}

int main(void) {
    return first_or_zero(1, 2, 3);
}
