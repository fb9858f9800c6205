// expect-error: 'long long long' is too long
int main(void) {
    long long long x = 1;
    return (int)x;
}
