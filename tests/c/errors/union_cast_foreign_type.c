// expect-error: cast to union type from type 'float' not present in union
/* A cast to a union type needs a member of the operand's type. */
union number { int i; double d; };

int main(void) {
    float f = 1.5f;
    union number n = (union number) f;
    return n.i;
}
