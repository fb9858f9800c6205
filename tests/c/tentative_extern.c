#include <stdio.h>

int counter;
int counter;
extern int later_defined;
extern int arr[];
int values[3];
static int hidden;
static int hidden;
extern const char *message;

static void bump(void);
int use_later(void);

int main(void) {
    bump();
    bump();
    printf("counter=%d hidden=%d\n", counter, hidden);
    printf("later=%d\n", later_defined);
    printf("%d %d %d\n", arr[0], arr[1], arr[2]);
    values[1] = 5;
    printf("%d %d %d\n", values[0], values[1], values[2]);
    printf("%s\n", message);
    printf("%d\n", use_later());
    extern int local_extern_global;
    printf("%d\n", local_extern_global);
    return 0;
}

int later_defined = 123;
int arr[] = {7, 8, 9};
const char *message = "defined after use";
int local_extern_global = -55;

static void bump(void) { counter += 2; hidden += 3; }
int use_later(void) { return later_defined + arr[2]; }
