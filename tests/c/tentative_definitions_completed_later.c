/* Tentative definitions of types completed only later in the unit
   (C11 6.9.2): an object of a struct declared before the struct's body,
   and arrays of unknown size, one sized by a later declaration and one
   left to get a single element at the end of the unit. */
#include <stdio.h>

typedef struct config config_t;
config_t settings;
struct node *head;

int weights[];
int weights[5];
int spare[];

struct config {
    int verbose;
    const char *name;
};

config_t *current(void) { return &settings; }

config_t settings = { 2, "default" };

int main(void) {
    for (int i = 0; i < 5; i++)
        weights[i] = i * i;
    spare[0] = 7;
    printf("%d %s %zu %d %d\n", current()->verbose, settings.name, sizeof weights, weights[4], spare[0]);
    printf("%d\n", head == 0);
    return 0;
}
