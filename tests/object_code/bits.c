/* Compiled by tests/object_code.rs, which reads the loop nissecc -O2 emits. */
/* Kernighan's population count: the loop clears the lowest set bit until none is left. */
unsigned popcount(unsigned x)
{
    unsigned c = 0;
    while (x) {
        x &= x - 1;
        c++;
    }
    return c;
}

