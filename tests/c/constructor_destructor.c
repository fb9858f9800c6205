/* Constructors run before main in priority order (prioritized ones
 * first; 65535, the default priority, runs with those given none, in
 * source order), destructors after main returns. */
#include <stdio.h>
static int order[8], n;
__attribute__((constructor)) static void early(void) { order[n++] = 1; }
__attribute__((constructor(65535))) static void default_priority(void) { order[n++] = 4; }
static void __attribute__((constructor(200))) later(void) { order[n++] = 3; }
static void __attribute__((constructor(101))) first(void) { order[n++] = 2; }
__attribute__((destructor)) void bye(void) { printf("bye after %d\n", n); }
int main() { for (int i = 0; i < n; i++) printf("%d ", order[i]); printf("\n"); return 0; }
