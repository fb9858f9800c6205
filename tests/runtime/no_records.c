/* Links the runtime (through `-u __nisse_runtime_anchor`) but has no
 * instrumented function: the runtime must write no profile. */
#include <stdio.h>

int main(void) {
    puts("nothing to profile");
    return 0;
}
