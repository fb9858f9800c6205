// expect-error: unsupported: _Complex
int main(void) {
    _Complex _Float32 z = 1;
    return z == 1;
}
