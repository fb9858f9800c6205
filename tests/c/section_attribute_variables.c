/* __attribute__((section("name"))) on variables: each goes to the named
 * section, and the linker's __start_name and __stop_name bound the
 * section, which programs walk as a table of entries registered from
 * anywhere (entries declared aligned(8), as such code does, so that
 * GCC's alignment of objects of 16 bytes or more to 16 does not put
 * padding between them). Section variables were unsupported. */
#include <stdio.h>
#include <string.h>

struct command {
    const char *name;
    int (*run)(int);
    int weight;
};

static int twice(int x) { return 2 * x; }
static int square(int x) { return x * x; }
static int negate(int x) { return -x; }

#define REGISTER(n, f, w) \
    __attribute__((section("commands"), used, aligned(8))) static const struct command command_##n = { #n, f, w }

REGISTER(twice, twice, 1);
REGISTER(square, square, 2);
REGISTER(negate, negate, 4);

extern const struct command __start_commands[], __stop_commands[];

/* Writable and zero-initialized variables in sections of their own. */
__attribute__((section("counters"))) int calls = 100;
__attribute__((section("scratch_area"))) int scratch[8];

static const struct command *find(const char *name) {
    for (const struct command *c = __start_commands; c < __stop_commands; c++)
        if (strcmp(c->name, name) == 0)
            return c;
    return NULL;
}

static int counted(void) {
    __attribute__((section("counters"))) static int local = 7;
    return ++local;
}

int main(void) {
    int count = 0, weights = 0;
    for (const struct command *c = __start_commands; c < __stop_commands; c++) {
        count++;
        weights += c->weight;
    }
    printf("%d commands, weights %d, %zu bytes\n", count, weights,
           (size_t)((const char *)__stop_commands - (const char *)__start_commands));
    const char *names[] = { "square", "negate", "twice", "missing" };
    for (int i = 0; i < 4; i++) {
        const struct command *c = find(names[i]);
        printf("%s: %d\n", names[i], c ? c->run(7) : 0);
        calls++;
    }
    scratch[3] = calls;
    printf("%d %d %d %d\n", calls, scratch[3], scratch[0], counted() + counted());
    return 0;
}
