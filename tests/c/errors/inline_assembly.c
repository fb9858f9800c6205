// expect-error: unsupported: asm operand constraint 'x'
/* Inline assembly with SSE register operands: nissecc's asm wrappers pass
   operands in general-purpose registers only. */
double root(double d) {
    double r;
    __asm__("sqrtsd %1, %0" : "=x"(r) : "x"(d));
    return r;
}

int main(void) {
    return root(4.0) == 2.0 ? 0 : 1;
}
