// expect-error: weak declaration of 'fallback' must be public
/* A symbol with internal linkage cannot be weak: no other object can see it. */
static int fallback(void) __attribute__((weak));

int main(void) {
    return 0;
}
