/* GCC's packed enums, written `enum __attribute__((packed)) tag {…}` (which lang-c could not parse) or with the attribute after the body (which nissecc ignored, laying the type out as an int): the type is the smallest integer type that holds every value, signed when one is negative, so a struct of such members has GCC's size and offsets. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

enum __attribute__((packed)) colour { RED, GREEN, BLUE = 200 };
enum direction { LEFT = -1, NONE, RIGHT } __attribute__((__packed__));
typedef enum __attribute__((__packed__)) { SMALL = 1, LARGE = 300 } size_class;
typedef enum { TINY = -129, HUGE_NEGATIVE = 0 } __attribute__((packed)) wide_signed;
enum __attribute__((packed)) big { BIG = 70000 };
enum plain { PLAIN = 1 };

struct pixel {
    enum colour colour;
    enum direction direction;
    size_class size;
    unsigned char alpha;
};

struct flags {
    enum colour c : 2;
    enum direction d : 2;
};

static enum direction flip(enum direction d) { return (enum direction)-d; }

int main(void) {
    printf("%zu %zu %zu %zu %zu %zu\n", sizeof(enum colour), sizeof(enum direction), sizeof(size_class), sizeof(wide_signed), sizeof(enum big), sizeof(enum plain));
    printf("%zu %zu %zu %zu %zu\n", sizeof(struct pixel), offsetof(struct pixel, direction), offsetof(struct pixel, size), offsetof(struct pixel, alpha), _Alignof(struct pixel));
    struct pixel p = { BLUE, LEFT, LARGE, 7 };
    unsigned char bytes[sizeof p];
    memcpy(bytes, &p, sizeof p);
    for (size_t i = 0; i <= offsetof(struct pixel, alpha); i++) printf("%02x", bytes[i]);
    printf("\n%d %d %d %d\n", p.colour, p.direction, p.size, p.direction < 0);
    enum colour c = BLUE;
    c += 100;
    enum direction d = flip(LEFT);
    printf("%d %d %d\n", c, d, c - 45 > 0);
    struct flags f = { GREEN, LEFT };
    printf("%d %d %zu\n", f.c, f.d, sizeof f);
    enum colour palette[5] = { RED, GREEN, BLUE };
    printf("%zu %d\n", sizeof palette, palette[2]);
    return 0;
}
