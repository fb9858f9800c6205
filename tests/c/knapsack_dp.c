#include <stdio.h>

struct Item { const char *name; int weight; int value; };

static long best[11][51];

int main(void) {
    struct Item items[] = {{"map", 9, 150}, {"compass", 13, 35}, {"water", 15, 200}, {"sandwich", 10, 160},
                           {"glucose", 7, 60}, {"tin", 4, 45}, {"banana", 3, 60}, {"apple", 5, 40},
                           {"cheese", 2, 30}, {"beer", 12, 10}};
    int n = (int)(sizeof items / sizeof items[0]), cap = 50;
    for (int i = 1; i <= n; i++)
        for (int w = 0; w <= cap; w++) {
            best[i][w] = best[i - 1][w];
            int wi = items[i - 1].weight;
            if (wi <= w && best[i - 1][w - wi] + items[i - 1].value > best[i][w])
                best[i][w] = best[i - 1][w - wi] + items[i - 1].value;
        }
    printf("best=%ld\n", best[n][cap]);
    int w = cap, total_w = 0;
    for (int i = n; i > 0; i--)
        if (best[i][w] != best[i - 1][w]) {
            printf("take %s\n", items[i - 1].name);
            w -= items[i - 1].weight;
            total_w += items[i - 1].weight;
        }
    printf("weight=%d\n", total_w);
    /* coin change: number of ways and minimum coins */
    int coins[] = {1, 5, 10, 25, 50};
    long ways[301] = {1};
    int minc[301];
    for (int a = 1; a <= 300; a++) minc[a] = 1 << 20;
    minc[0] = 0;
    for (int c = 0; c < 5; c++)
        for (int a = coins[c]; a <= 300; a++) {
            ways[a] += ways[a - coins[c]];
            if (minc[a - coins[c]] + 1 < minc[a]) minc[a] = minc[a - coins[c]] + 1;
        }
    printf("ways(100)=%ld ways(300)=%ld min(289)=%d\n", ways[100], ways[300], minc[289]);
    /* longest increasing subsequence */
    int seq[] = {10, 9, 2, 5, 3, 7, 101, 18, 4, 8, 6, 12, 11, 15};
    int m = 14, lis[14], longest = 0;
    for (int i = 0; i < m; i++) {
        lis[i] = 1;
        for (int j = 0; j < i; j++) if (seq[j] < seq[i] && lis[j] + 1 > lis[i]) lis[i] = lis[j] + 1;
        if (lis[i] > longest) longest = lis[i];
    }
    printf("lis=%d\n", longest);
    return 0;
}
