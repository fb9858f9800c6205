// expect-error: unsupported: struct returned by value
struct Point { int x, y; };

static struct Point make(int x, int y) {
    struct Point p;
    p.x = x;
    p.y = y;
    return p;
}

int main(void) {
    struct Point p = make(1, 2);
    return p.x;
}
