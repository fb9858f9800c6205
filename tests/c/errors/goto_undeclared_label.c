// expect-error: undeclared label
int main(void) {
    int x = 0;
    if (x == 0)
        goto nowhere;
    return 1;
}
