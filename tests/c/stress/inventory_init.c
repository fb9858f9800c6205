/* Inventory system exercising complex static/global and local initializers. */
#include <stdio.h>
#include <string.h>

enum Category { CAT_TOOL, CAT_PART, CAT_FOOD, CAT_MISC, CAT_COUNT };
enum { MAX_TAGS = 3 };

struct Supplier { const char *name; char country[4]; int rating; };
struct Dim { float w, h, d; };
struct Item {
    int sku;
    char name[20];
    enum Category cat;
    const struct Supplier *supplier;
    struct Dim dim;
    const char *tags[MAX_TAGS];
    int stock[4];      /* per warehouse */
    double price;
};

static const struct Supplier suppliers[] = {
    { "Acme", "US", 3 },
    { .name = "Globex", .country = "DE", .rating = 5 },
    { "Initech", { 'J', 'P' }, 2 },
};

static struct Item items[] = {
    { 1001, "hammer", CAT_TOOL, &suppliers[0], { 0.3f, 0.05f, 0.03f }, { "steel", "hand" }, { 5, 0, 12, 3 }, 14.99 },
    { 1002, "wrench 10mm", CAT_TOOL, &suppliers[1], { .w = 0.2f }, { "steel" }, { [2] = 7 }, 8.5 },
    { .sku = 2001, .name = "bolt m6", .cat = CAT_PART, .supplier = suppliers + 2, .stock = { 1000, 250 }, .price = 0.07,
      .tags = { [1] = "zinc", [0] = "metric" } },
    { 3001, "coffee", CAT_FOOD, NULL, { 0.1f, 0.2f, 0.1f }, { "arabica", "1kg", "fair" }, { 3, 3, 3, 3 }, 11.25 },
    [5] = { 9001, "mystery box", CAT_MISC, &suppliers[1], { 1, 1, 1 }, { 0 }, { 0 }, 99.0 },
};
#define NITEMS ((int)(sizeof items / sizeof items[0]))

static const char *const cat_names[CAT_COUNT] = { [CAT_FOOD] = "food", [CAT_TOOL] = "tool", [CAT_PART] = "part", [CAT_MISC] = "misc" };

static struct Item *const featured = &items[3];
static const char *const first_tag = "steel";
static int *const hot_stock = &items[0].stock[2];
static char greeting[32] = "Inventory v" "1." "2";
static const char *greeting_tail = greeting + 10;
static struct Node { int v; struct Node *next; } ring[3] = { { 1, &ring[1] }, { 2, &ring[2] }, { 3, &ring[0] } };
static int table2d[3][4] = { { 1, 2 }, { 3 }, [2] = { [3] = 9, [1] = 8 } };
static short shorts[] = { -1, 0x7fff, (short)0x8000, 'x' };
static double dtab[] = { 1.0 / 3, 2.5e-3, -0.0, 1e300 * 10 > 0 ? 1 : 0 };
static unsigned char bytes[8] = "\x01\x02\377\0\x7f";

static int total_stock(const struct Item *it) {
    int s = 0;
    for (int i = 0; i < 4; i++) s += it->stock[i];
    return s;
}

static void print_item(const struct Item *it) {
    if (it->sku == 0) { printf("  (empty slot)\n"); return; }
    printf("  %5d %-12s %-4s sup=%-8s(%-2s,%d) dim=%.2fx%.2fx%.2f stock=%4d $%7.2f tags:", it->sku, it->name, cat_names[it->cat],
           it->supplier ? it->supplier->name : "-", it->supplier ? it->supplier->country : "", it->supplier ? it->supplier->rating : 0,
           (double)it->dim.w, (double)it->dim.h, (double)it->dim.d, total_stock(it), it->price);
    for (int t = 0; t < MAX_TAGS; t++) printf(" %s", it->tags[t] ? it->tags[t] : "_");
    putchar('\n');
}

int main(void) {
    printf("%s (tail '%s') items=%d\n", greeting, greeting_tail, NITEMS);
    for (int i = 0; i < NITEMS; i++) print_item(&items[i]);
    printf("featured: %s, first_tag same object as items[0].tags[0]: %d\n", featured->name, first_tag == items[0].tags[0]);
    *hot_stock += 100;
    printf("hammer stock now %d\n", total_stock(&items[0]));

    struct Node *n = &ring[0];
    for (int i = 0; i < 7; i++) { printf("%d ", n->v); n = n->next; }
    putchar('\n');
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 4; j++) printf("%d ", table2d[i][j]);
        putchar('|');
    }
    putchar('\n');
    printf("shorts: %d %d %d %d\n", shorts[0], shorts[1], shorts[2], shorts[3]);
    printf("dtab: %.6f %.6f %g %g\n", dtab[0], dtab[1], dtab[2], dtab[3]);
    for (size_t i = 0; i < sizeof bytes; i++) printf("%02x", bytes[i]);
    putchar('\n');

    /* local initializers with runtime values */
    int base = total_stock(&items[2]);
    struct Item local = { .sku = base, .name = "local", .cat = CAT_MISC, .price = base / 8.0, .stock = { base, -base } };
    struct Item copy = items[1];
    copy.stock[0] = 42;
    strcpy(copy.name, "wrench copy");
    print_item(&local);
    print_item(&copy);
    print_item(&items[1]);
    int runtime_arr[] = { base, base * 2, total_stock(&items[3]), NITEMS, [6] = -1 };
    printf("runtime_arr (%zu):", sizeof runtime_arr / sizeof *runtime_arr);
    for (size_t i = 0; i < sizeof runtime_arr / sizeof *runtime_arr; i++) printf(" %d", runtime_arr[i]);
    putchar('\n');
    char local_str[] = "local string";
    char partial[10] = { 'a', 'b' };
    const char *strs[] = { local_str, partial, greeting, "literal" };
    for (int i = 0; i < 4; i++) printf("[%s:%zu]", strs[i], strlen(strs[i]));
    printf(" sizeof local_str=%zu partial[9]=%d\n", sizeof local_str, partial[9]);

    /* category report, array indexed by enum */
    double value_by_cat[CAT_COUNT] = { 0 };
    int count_by_cat[CAT_COUNT] = { 0 };
    for (int i = 0; i < NITEMS; i++) {
        if (!items[i].sku) continue;
        value_by_cat[items[i].cat] += items[i].price * total_stock(&items[i]);
        count_by_cat[items[i].cat]++;
    }
    for (enum Category c = CAT_TOOL; c < CAT_COUNT; c++) printf("%-5s n=%d value=%.2f\n", cat_names[c], count_by_cat[c], value_by_cat[c]);
    struct Item swap_tmp = items[0];
    items[0] = items[3];
    items[3] = swap_tmp;
    print_item(&items[0]);
    print_item(featured);
    return 0;
}
