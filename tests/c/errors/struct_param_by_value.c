// expect-error: unsupported: struct passed by value
struct Point { int x, y; };

static int sum(struct Point p) {
    return p.x + p.y;
}

int main(void) {
    struct Point p = {1, 2};
    return sum(p);
}
