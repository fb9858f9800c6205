#include <stdio.h>

int triple(int);
int times_three(int);
const char *backend_name(void);
const char *frontend_name(void);
extern int shared_total;
extern int total_alias;
int through_local(int);

/* Overrides the weak alias of impl.c. */
const char *backend_name(void) {
    return "custom";
}

int main(void) {
    printf("%d %d %d\n", triple(5), times_three(7), triple == times_three);
    printf("%s %s\n", backend_name(), frontend_name());
    printf("%d\n", through_local(2));
    total_alias += 1;
    printf("%d %d %d\n", shared_total, total_alias, &shared_total == &total_alias);
    return 0;
}
