#include <stdio.h>
#include <string.h>

struct Date { int year; unsigned char month, day; };
struct Address { char street[32]; int zip; };
struct Person {
    char name[16];
    struct Date birth;
    struct Address addr;
    struct { int height; double weight; } body;
    struct Person *friend_of;
};

static void print_person(const struct Person *p) {
    printf("%s %04d-%02d-%02d %s %05d %d %.1f", p->name, p->birth.year, p->birth.month,
           p->birth.day, p->addr.street, p->addr.zip, p->body.height, p->body.weight);
    if (p->friend_of) printf(" friend=%s", p->friend_of->name);
    printf("\n");
}

int main(void) {
    struct Person a = {"Alice", {1990, 5, 17}, {"Main St 1", 12345}, {170, 60.5}, NULL};
    struct Person b;
    memset(&b, 0, sizeof b);
    strcpy(b.name, "Bob");
    b.birth.year = 1985;
    b.birth.month = 12;
    b.birth.day = 1;
    strcpy(b.addr.street, "Side Rd 22");
    b.addr.zip = 987;
    b.body.height = 182;
    b.body.weight = 80.25;
    b.friend_of = &a;
    print_person(&a);
    print_person(&b);
    a.friend_of = &b;
    print_person(&a);
    printf("%s\n", a.friend_of->friend_of->name);
    printf("%d\n", a.friend_of->friend_of->friend_of->birth.year);
    struct Date *dp = &b.birth;
    dp->month--;
    printf("%d\n", b.birth.month);
    a.addr.street[0] = 'm';
    printf("%s %c\n", a.addr.street, a.addr.street[5]);
    struct Outer { struct Mid { struct Inner { int v[3]; } in[2]; int tag; } mid; int last; } o;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++) o.mid.in[i].v[j] = i * 10 + j;
    o.mid.tag = 77;
    o.last = -1;
    printf("%d %d %d %d\n", o.mid.in[1].v[2], o.mid.in[0].v[1], o.mid.tag, o.last);
    struct Inner *ip = &o.mid.in[1];
    printf("%d\n", ip->v[0]);
    printf("%zu %zu %zu\n", sizeof(struct Inner), sizeof(struct Mid), sizeof(o));
    printf("%zu\n", sizeof(struct Person));
    return 0;
}
