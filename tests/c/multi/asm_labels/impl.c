/* Declarations that give an object and a function their linker names
   with `__asm__`, as versioned library headers do, followed by their
   definitions, which carry no label: the definitions take the names of
   the declarations (main.c knows only those). */
extern int counter __asm__("stats_counter_v2");
int scale(int) __asm__("stats_scale_v2");

int counter = 5;

int scale(int x) {
    counter++;
    return x * counter;
}

/* A label given after a first, plain declaration. */
extern const char *banner;
extern const char *banner __asm__("stats_banner_v2");
const char *banner = "stats";
