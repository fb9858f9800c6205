// expect-error: syntax error
int main(void) {
    int x = 3 * / 4;
    return x;
}
