/* Preprocessor workout: X-macros, stringification, token pasting, variadic macros, conditionals. */
#include <stdio.h>
#include <string.h>

#define STR_(x) #x
#define STR(x) STR_(x)
#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define VERSION_MAJOR 3
#define VERSION_MINOR 14
#define VERSION_STRING STR(VERSION_MAJOR) "." STR(VERSION_MINOR)
#define UNIQUE(name) CAT(name, __LINE__)

#define COLORS(X)          \
    X(RED, 0xff0000, "warm") \
    X(GREEN, 0x00ff00, "cool") \
    X(BLUE, 0x0000ff, "cool") \
    X(ORANGE, 0xff8000, "warm")

#define ENUM_ENTRY(name, rgb, temp) COLOR_##name,
#define NAME_ENTRY(name, rgb, temp) [COLOR_##name] = #name,
#define RGB_ENTRY(name, rgb, temp) rgb,
#define TEMP_ENTRY(name, rgb, temp) temp,
#define COUNT_ENTRY(name, rgb, temp) +1

enum Color { COLORS(ENUM_ENTRY) COLOR_COUNT };
static const char *const color_names[] = { COLORS(NAME_ENTRY) };
static const unsigned color_rgb[] = { COLORS(RGB_ENTRY) };
static const char *const color_temp[] = { COLORS(TEMP_ENTRY) };
enum { NUM_COLORS_AGAIN = 0 COLORS(COUNT_ENTRY) };

#define LOG(level, fmt, ...) printf("[%-5s] %s:%d: " fmt "\n", #level, __func__, __LINE__, ##__VA_ARGS__)
#define COUNT_ARGS(...) COUNT_ARGS_(__VA_ARGS__, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define COUNT_ARGS_(_1, _2, _3, _4, _5, _6, _7, _8, N, ...) N
#define FIRST(a, ...) a
#define REST(a, ...) __VA_ARGS__
#define SQUARE(x) ((x) * (x))
#define MAX3(a, b, c) ((a) > (b) ? ((a) > (c) ? (a) : (c)) : ((b) > (c) ? (b) : (c)))
#define SWAP(T, a, b) do { T tmp_ = (a); (a) = (b); (b) = tmp_; } while (0)
#define ARRAY_SIZE(a) (sizeof(a) / sizeof *(a))
#define FOREACH(i, arr) for (size_t i = 0; i < ARRAY_SIZE(arr); i++)
#define DECLARE_GETTER(type, field) static type get_##field(const struct Config *c) { return c->field; }
#define SHOW_EXPR(e) printf("%-32s -> %d\n", #e, (int)(e))
static int self_ref = 3, self_ref_var = 10;
#define self_ref (self_ref_var + self_ref)
#define EMPTY
#define CALL(f, args) f args
#define APPLY_TWICE(f, x) f(f(x))

struct Config { int width; int height; double scale; const char *title; };
DECLARE_GETTER(int, width)
DECLARE_GETTER(int, height)
DECLARE_GETTER(double, scale)
DECLARE_GETTER(const char *, title)

#if defined(VERSION_MAJOR) && VERSION_MAJOR >= 3 && !defined(NOT_DEFINED)
#define FEATURE_LEVEL 2
#elif VERSION_MAJOR == 2
#define FEATURE_LEVEL 1
#else
#define FEATURE_LEVEL 0
#endif

#if (1 << 4) == 16 && (-1 < 0) && (0x7fffffff + 0 > 0) && ('A' == 65)
#define ARITH_OK "yes"
#else
#define ARITH_OK "no"
#endif

#ifndef __STDC__
#error "expected __STDC__"
#endif

static int inc(int x) { return x + 1; }

int main(void) {
    printf("version %s, feature level %d, preprocessor arithmetic ok: %s\n", VERSION_STRING, FEATURE_LEVEL, ARITH_OK);
    printf("colors: %d (again %d)\n", COLOR_COUNT, NUM_COLORS_AGAIN);
    for (int c = 0; c < COLOR_COUNT; c++) printf("  %-7s #%06x %s\n", color_names[c], color_rgb[c], color_temp[c]);
    LOG(INFO, "starting");
    LOG(WARN, "value=%d name=%s", 42, "answer");
    LOG(DEBUG, "%s", STR(SQUARE(1 + 2)));
    printf("COUNT_ARGS: %d %d %d\n", COUNT_ARGS(a), COUNT_ARGS(a, b, c), COUNT_ARGS(1, 2, 3, 4, 5, 6, 7, 8));
    printf("FIRST=%d REST sum=%d\n", FIRST(10, 20, 30), 0 + CALL(MAX3, (REST(0, 4, 9, 2))));
    int UNIQUE(tmp) = 5; (void)UNIQUE(tmp);
    SHOW_EXPR(SQUARE(3 + 1));
    SHOW_EXPR(MAX3(3, 9, 4));
    SHOW_EXPR(MAX3(-1, -5, -3));
    int a = 1, b = 2;
    SWAP(int, a, b);
    SHOW_EXPR(a * 10 + b);
    SHOW_EXPR(self_ref);
    SHOW_EXPR(APPLY_TWICE(inc, 5));
    SHOW_EXPR(CAT(0x, 1F));
    SHOW_EXPR(sizeof(STR(hello world)) - 1);
    printf("stringify tricky: %s | %s | %s\n", STR("quoted" and 'c'), STR(a\nb), STR(  spaced    out  ));
    printf("empty macro: [" STR(EMPTY) "] [%s]\n", STR_(EMPTY));
    int values[] = { 3, 1, 4, 1, 5, 9, 2, 6 };
    int total = 0;
    FOREACH(i, values) total += values[i] * (int)i;
    printf("foreach total=%d size=%zu\n", total, ARRAY_SIZE(values));
    struct Config cfg = { 640, 480, 1.5, "demo" };
    printf("config %dx%d scale=%.2f title=%s\n", get_width(&cfg), get_height(&cfg), get_scale(&cfg), get_title(&cfg));
    printf("line %d file-ends-with-.c %d\n", __LINE__, strcmp(__FILE__ + strlen(__FILE__) - 2, ".c") == 0);
#undef SQUARE
#define SQUARE(x) ((x) * (x) * 1000)
    SHOW_EXPR(SQUARE(2));
    return 0;
}
