#include <stdio.h>

static int counter(void) {
    static int count = 0;
    return ++count;
}

static int fib_next(void) {
    static int a = 0, b = 1;
    int r = a;
    int t = a + b;
    a = b;
    b = t;
    return r;
}

static const char *next_name(void) {
    static const char *names[] = {"ann", "ben", "cid"};
    static int i;
    return names[i++ % 3];
}

static int *get_buffer(void) {
    static int buf[4] = {1, 2, 3, 4};
    return buf;
}

static char *id_str(void) {
    static char s[] = "id-0";
    s[3]++;
    return s;
}

static int *self_ptr(void) {
    static int value = 500;
    static int *pv = &value;
    (*pv)++;
    return pv;
}

static double avg_so_far(double x) {
    static double sum;
    static int n;
    sum += x;
    n++;
    return sum / n;
}

int main(void) {
    for (int i = 0; i < 5; i++) printf("%d ", counter());
    printf("\n");
    for (int i = 0; i < 12; i++) printf("%d ", fib_next());
    printf("\n");
    for (int i = 0; i < 5; i++) printf("%s ", next_name());
    printf("\n");
    int *b = get_buffer();
    b[2] = 30;
    printf("%d\n", get_buffer()[2]);
    printf("%s ", id_str());
    printf("%s ", id_str());
    printf("%s\n", id_str());
    self_ptr();
    printf("%d\n", *self_ptr());
    printf("%g ", avg_so_far(1));
    printf("%g ", avg_so_far(2));
    printf("%g\n", avg_so_far(6));
    for (int i = 0; i < 3; i++) {
        static int inner = 10;
        int automatic = 10;
        inner++;
        automatic++;
        printf("%d %d ", inner, automatic);
    }
    printf("\n");
    return 0;
}
