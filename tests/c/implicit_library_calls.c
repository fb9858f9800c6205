/* Library functions called without their headers, as old code does: GCC
 * gives them their real prototypes (malloc's pointer, sqrt's double), and
 * __builtin_abort is the library's abort. Also a compound assignment whose
 * right operand changes the left one, read afterwards as GCC does. */
int printf(const char *, ...);

unsigned int x[1] = { 2 };

static unsigned int bump(void) {
    x[0] |= 128;
    return 1;
}

int main() {
    char *p = malloc(64);
    strcpy(p, "implicit");
    double r = sqrt(2.0) * pow(2.0, 10.0);
    x[0] |= bump();
    printf("%s %zu %.6f %u %d\n", p, strlen(p), r, x[0], abs(-5));
    free(p);
    if (x[0] != 131)
        __builtin_abort();
    return 0;
}
