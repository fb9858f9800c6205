#include <stdio.h>

static float fmul(float a, float b) { return a * b; }
static float favg(float a, float b, float c) { return (a + b + c) / 3.0f; }

int main(void) {
    float a = 1.5f, b = 2.25f, c = -0.125f;
    printf("%f %f %f %f\n", a + b, a - b, a * b, a / b);
    printf("%f %f\n", c * c, -c);
    printf("%.9g\n", a / 3.0f);
    printf("%.9g\n", fmul(0.1f, 0.2f));
    printf("%.9g\n", favg(1.0f, 2.0f, 4.0f));
    float sum = 0.0f;
    for (int i = 0; i < 100; i++) sum += 0.1f;
    printf("%.9g\n", sum);
    float p = 1.0f;
    for (int i = 0; i < 20; i++) p *= 1.5f;
    printf("%.9g\n", p);
    float big = 16777216.0f;
    printf("%.1f\n", big + 1.0f);
    printf("%.1f\n", big + 2.0f);
    float x = 3.0f;
    x += 0.5f;
    printf("%f\n", x);
    x -= 1.25f;
    printf("%f\n", x);
    x *= 4;
    printf("%f\n", x);
    x /= 3;
    printf("%.9g\n", x);
    x++;
    printf("%.9g\n", x);
    --x;
    printf("%.9g\n", x);
    float tiny = 1e-30f;
    printf("%g\n", tiny * tiny);
    printf("%g\n", 1e30f * 1e30f);
    float neg0 = -0.0f;
    printf("%g %g\n", neg0, 0.0f * -1.0f);
    float arr[5] = {1.0f, 0.5f, 0.25f, 0.125f, 0.0625f};
    float t = 0;
    for (int i = 0; i < 5; i++) t += arr[i] * (float)i;
    printf("%f\n", t);
    float mixed = 3 + a * 2 - 1 / b;
    printf("%.9g\n", mixed);
    int i = 7;
    float fi = i / 2.0f;
    printf("%f\n", fi);
    printf("%d\n", (int)(a * 10));
    float r = 1.0f;
    for (int k = 0; k < 5; k++) r = r * 0.5f + 1.0f;
    printf("%.9g\n", r);
    return 0;
}
