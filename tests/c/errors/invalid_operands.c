// expect-error: invalid operands
struct S { int a; };

int main(void) {
    struct S s;
    s.a = 1;
    int y = s + 1;
    return y;
}
