// expect-error: conflicting types for 'scale'
/* A definition whose return type differs from the earlier prototype. */
int scale(int x);

short scale(int x) {
    return (short)(x * 2);
}

int main(void) {
    return scale(3) - 6;
}
