#include <stdio.h>
#include <string.h>

struct Student { char name[12]; int score; double gpa; };

static struct Student roster[5] = {
    {"Zed", 71, 2.9}, {"Amy", 93, 3.8}, {"Kim", 85, 3.4}, {"Bo", 93, 3.9}, {"Lu", 60, 2.1},
};

static void sort_by_score(struct Student *s, int n) {
    for (int i = 1; i < n; i++) {
        struct Student key = s[i];
        int j = i - 1;
        while (j >= 0 && (s[j].score < key.score || (s[j].score == key.score && strcmp(s[j].name, key.name) > 0))) {
            s[j + 1] = s[j];
            j--;
        }
        s[j + 1] = key;
    }
}

static double average(const struct Student *s, int n) {
    double t = 0;
    for (int i = 0; i < n; i++) t += s[i].gpa;
    return t / n;
}

int main(void) {
    printf("%.3f\n", average(roster, 5));
    sort_by_score(roster, 5);
    for (int i = 0; i < 5; i++) printf("%s %d %.1f\n", roster[i].name, roster[i].score, roster[i].gpa);
    struct Student *best = &roster[0];
    printf("best=%s\n", best->name);
    best++;
    printf("next=%s\n", best->name);
    printf("%td\n", &roster[4] - best);
    struct Student local[3];
    for (int i = 0; i < 3; i++) {
        local[i] = roster[4 - i];
        local[i].score += 1;
    }
    for (int i = 0; i < 3; i++) printf("%s:%d ", local[i].name, local[i].score);
    printf("\n");
    printf("%d\n", roster[4].score);
    struct Pair { int k; int v; } pairs[4] = {{1, 10}, {2, 20}, {3}};
    for (int i = 0; i < 4; i++) printf("(%d,%d)", pairs[i].k, pairs[i].v);
    printf("\n");
    printf("%zu %zu\n", sizeof(roster), sizeof(roster[0]));
    struct Pair *pp = pairs;
    (pp + 3)->k = 4;
    pp[3].v = 40;
    int tot = 0;
    for (struct Pair *it = pairs; it < pairs + 4; it++) tot += it->k * it->v;
    printf("%d\n", tot);
    return 0;
}
