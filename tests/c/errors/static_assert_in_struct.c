// expect-error: static assertion failed
/* A failed static assertion among a struct's members (C11 §6.7.2.1), as
   gnulib's verify_expr writes one inside sizeof (struct { ... }); GNU m4's
   test-verify.sh expects the compiler to reject it, and nissecc did not
   check assertions there. */
int main(void) {
    return (int)sizeof(struct { _Static_assert(1 + 1 == 3, "two is not three"); int dummy; });
}
