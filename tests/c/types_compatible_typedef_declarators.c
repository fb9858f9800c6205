/* __builtin_types_compatible_p with an operand that starts with a typedef
   name or __typeof__ and has a declarator: curl's typecheck-gcc.h checks
   every curl_easy_setopt argument so (`__typeof__((value)) *` against a
   callback typedef, `curl_write_callback *`), and such operands were a
   syntax error reported as "unsupported: __builtin_types_compatible_p". */
#include <stdio.h>
#include <string.h>

typedef size_t (*write_callback)(char *, size_t, size_t, void *);
typedef char *string;

static size_t sink(char *p, size_t size, size_t n, void *data) { (void)p; (void)data; return size * n; }

/* The shape of curl's checks: a callback matches its typedef either as a
   function or as a pointer to one. */
#define is_callback(expr, type) \
    (__builtin_types_compatible_p(__typeof__((expr)), type) || __builtin_types_compatible_p(__typeof__((expr)) *, type))
#define is_string(expr) \
    (__builtin_types_compatible_p(__typeof__(expr), char *) || __builtin_types_compatible_p(__typeof__(expr), const char *) || \
     __builtin_types_compatible_p(__typeof__(expr), char[]))

int main(void) {
    char *s = 0;
    const char *cs = "x";
    char buf[8];
    write_callback cb = sink;
    printf("%d %d %d\n", is_callback(sink, write_callback), is_callback(cb, write_callback), is_callback(strlen, write_callback));
    printf("%d %d %d %d\n", is_string(s), is_string(cs), is_string(buf), is_string(cb));
    printf("%d %d\n", __builtin_types_compatible_p(__typeof__(s) *, char **), __builtin_types_compatible_p(string *, char **));
    printf("%d %d\n", __builtin_types_compatible_p(string const *, char *const *), __builtin_types_compatible_p(__typeof__(strlen) *, size_t (*)(const char *)));
    printf("%d %d\n", __builtin_types_compatible_p(__typeof__(buf) *, char (*)[8]), __builtin_types_compatible_p(string[2], char *[3]));
    return 0;
}
