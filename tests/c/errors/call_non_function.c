// expect-error: called object is not a function
int main(void) {
    int x = 3;
    return x(1);
}
