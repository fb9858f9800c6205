// expect-error: two or more data types in declaration specifiers
int main(void) {
    int double x = 1;
    return (int)x;
}
