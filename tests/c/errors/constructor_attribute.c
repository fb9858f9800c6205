// expect-error: unsupported: __attribute__((constructor))
#include <stdio.h>
__attribute__((constructor)) static void init(void) { puts("ctor"); }
__attribute__((destructor)) static void fini(void) { puts("dtor"); }
int main(void) { puts("main"); return 0; }
