#include <stdio.h>

static int cmp(double a, double b) { return (a > b) - (a < b); }

int main(void) {
    double vals[] = {-1.5, 0.0, -0.0, 0.5, 1.5, 1e300};
    for (int i = 0; i < 6; i++) {
        for (int j = 0; j < 6; j++)
            printf("%d%d%d%d%d%d ", vals[i] < vals[j], vals[i] <= vals[j], vals[i] > vals[j],
                   vals[i] >= vals[j], vals[i] == vals[j], vals[i] != vals[j]);
        printf("\n");
    }
    double zero = 0.0;
    double nan = zero / zero;
    printf("%d %d %d %d %d %d\n", nan < 1, nan <= 1, nan > 1, nan >= 1, nan == nan, nan != nan);
    printf("%d %d\n", cmp(nan, 0), cmp(1, 2));
    double inf = 1e308 * (zero + 10.0);
    printf("%d %d %d\n", inf > 1e308, -inf < -1e308, inf == inf);
    float f1 = 0.1f, f2 = 0.2f;
    printf("%d\n", f1 + f2 == 0.3f);
    printf("%d\n", 0.1 + 0.2 == 0.3);
    printf("%d\n", f1 < 0.1);
    printf("%d\n", (double)f1 > 0.1);
    float fa = 1.0f;
    double da = 1.0;
    printf("%d\n", fa == da);
    int i = 3;
    printf("%d %d\n", i < 3.5, i > 2.999f);
    if (nan) printf("nan is true\n");
    if (!nan) printf("nan is false\n");
    if (0.0) printf("0.0 true\n"); else printf("0.0 false\n");
    if (-0.0) printf("-0.0 true\n"); else printf("-0.0 false\n");
    if (0.0001f) printf("small true\n");
    double x = 2.0;
    int count = 0;
    while (x > 1e-3) { x /= 3; count++; }
    printf("count=%d\n", count);
    double m = 0.5;
    printf("%s\n", m > 0.25 && m < 0.75 ? "mid" : "edge");
    printf("%d\n", nan < 1 || nan >= 1);
    printf("%d\n", !(nan < 1));
    float fnan = (float)nan;
    printf("%d %d\n", fnan != fnan, fnan == fnan);
    int ord = 0;
    for (int k = 0; k < 5; k++)
        for (int l = 0; l < 5; l++)
            ord += (k * 0.3 < l * 0.3f);
    printf("%d\n", ord);
    return 0;
}
