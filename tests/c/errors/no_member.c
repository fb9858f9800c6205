// expect-error: no member named
struct Point { int x, y; };

int main(void) {
    struct Point p;
    p.x = 1;
    p.y = 2;
    return p.z;
}
