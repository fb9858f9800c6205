#include <stdio.h>
#include <string.h>

static void fill(void *buf, int n, unsigned char v) {
    unsigned char *p = buf;
    for (int i = 0; i < n; i++) p[i] = (unsigned char)(v + i);
}

static int sum_bytes(const void *buf, int n) {
    const unsigned char *p = (const unsigned char *)buf;
    int s = 0;
    while (n--) s += *p++;
    return s;
}

static void *identity(void *p) { return p; }

static void swap_any(void *a, void *b, size_t size) {
    unsigned char tmp[64];
    memcpy(tmp, a, size);
    memcpy(a, b, size);
    memcpy(b, tmp, size);
}

int main(void) {
    int x = 42;
    void *vp = &x;
    int *ip = vp;
    printf("%d\n", *ip);
    printf("%d\n", *(int *)vp);
    double d = 2.5;
    vp = &d;
    printf("%g\n", *(double *)vp);
    unsigned char buf[16];
    fill(buf, 16, 10);
    printf("%d %d %d\n", buf[0], buf[15], sum_bytes(buf, 16));
    int arr[4] = {1, 2, 3, 4};
    printf("%d\n", sum_bytes(arr, (int)sizeof(arr)));
    int *same = identity(arr);
    printf("%d\n", same[3]);
    printf("%d\n", identity(arr) == (void *)arr);
    double a = 1.25, b = 9.75;
    swap_any(&a, &b, sizeof(double));
    printf("%g %g\n", a, b);
    long la = 111, lb = 222;
    swap_any(&la, &lb, sizeof la);
    printf("%ld %ld\n", la, lb);
    char s1[8] = "left", s2[8] = "right";
    swap_any(s1, s2, 8);
    printf("%s %s\n", s1, s2);
    void *vpa = arr;
    void *vpb = &arr[3];
    printf("%td\n", (char *)vpb - (char *)vpa);
    printf("%d\n", vpa != vpb);
    void *np = NULL;
    printf("%d\n", np == 0);
    unsigned int word = 0x01020304u;
    unsigned char *bytes = (unsigned char *)&word;
    printf("%d %d %d %d\n", bytes[0], bytes[1], bytes[2], bytes[3]);
    const void *cvp = "const";
    printf("%s\n", (const char *)cvp);
    return 0;
}
