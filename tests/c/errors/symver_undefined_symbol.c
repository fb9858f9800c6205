// expect-error: needs to be defined to have a version
/* A versioned name needs its symbol's definition in the unit, as in GCC. */
extern __attribute__((__symver__("foo@VERS_1"))) int foo_1(void);

int main(void) { return foo_1(); }
