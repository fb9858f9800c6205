// expect-error: unsupported: asm goto
/* `asm goto`, whose operands list labels the assembly may jump to. */
int first_bit_set(unsigned long word) {
    asm volatile goto ("bt $0, %0\n\tjc %l[set]" : : "r" (word) : "cc" : set);
    return 0;
set:
    return 1;
}

int main(void) {
    return first_bit_set(3);
}
