// expect-error: 'handler' aliased to undefined symbol 'default_handler'
/* The target of `#pragma weak name = target` must be defined in the
   translation unit, as GCC requires. */
void handler(void);
void default_handler(void);
#pragma weak handler = default_handler

int main(void) {
    handler();
    return 0;
}
