#include <stdio.h>

extern int stats_counter_v2;
extern const char *stats_banner_v2;
int stats_scale_v2(int);

int main(void) {
    int a = stats_scale_v2(3);
    int b = stats_scale_v2(4);
    printf("%s: %d %d %d\n", stats_banner_v2, a, b, stats_counter_v2);
    return 0;
}
