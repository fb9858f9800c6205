// expect-error: syntax error
int main(void) {
    int x = 2;
    if ((x > 1) {
        return 1;
    }
    return 0;
}
