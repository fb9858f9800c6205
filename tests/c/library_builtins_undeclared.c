/* GCC's __builtin_ forms of C library functions, used without including
   the headers that declare the functions (as macros in real code and
   GCC's own tests do), and the prefetch hint. */
struct S {
    int a[4];
};

static int side_effects;

static char *next_line(char *p) {
    side_effects++;
    return p;
}

int main() {
    char buf[32];
    struct S s, t = {{1, 2, 3, 4}};
    __builtin_memset(buf, 'x', 15);
    buf[15] = 0;
    __builtin_memcpy(&s, &t, sizeof s);
    __builtin_prefetch(next_line(buf));
    __builtin_prefetch(buf + 8, 1, 0);
    __builtin_printf("%s %d %d %d\n", buf, s.a[3], (int)__builtin_strlen(buf), side_effects);
    char *p = __builtin_malloc(10);
    __builtin_strcpy(p, "hey");
    __builtin_sprintf(buf, "%d/%ld", __builtin_abs(-42), __builtin_labs(-7L));
    __builtin_printf("%s %s %d %d\n", p, buf, __builtin_memcmp(p, "hex", 3) > 0, __builtin_strcmp(p, "hey"));
    __builtin_printf("%s %s\n", __builtin_strchr(p, 'e'), __builtin_strncpy(buf, "abcdef", 3) == buf ? "same" : "other");
    __builtin_free(p);
    __builtin_exit(3);
}
