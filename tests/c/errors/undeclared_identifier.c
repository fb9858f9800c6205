// expect-error: undeclared identifier
int main(void) {
    int x = 1;
    return x + y;
}
