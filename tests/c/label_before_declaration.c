// C23 labels before declarations and at the end of a compound statement,
// which GCC accepts in every mode (grep's dfa.c writes them): a goto to
// such a label continues with the declaration, a case label may precede
// one, and a label may end a block.
#include <stdio.h>

typedef unsigned long word;

static int retries(int limit) {
    int attempts = 0;
again:
    int doubled = attempts * 2;
    attempts++;
    if (attempts < limit)
        goto again;
    return doubled;
}

static const char *kind(int c) {
    switch (c) {
    case 'a':
        const char *vowel = "vowel";
        return vowel;
    case 1 + 1:
        word two = 2;
        return two == 2 ? "two" : "?";
    default:
        static char other[] = "other";
        return other;
    }
}

static int skip_rest(int n) {
    int sum = 0;
    for (int i = 0; i < n; i++) {
        if (i % 3 == 0)
            goto next;
        sum += i;
    next:
    }
    {
        if (sum > 10)
            goto out;
        sum = -sum;
    out:
    }
    return sum;
}

int main() {
    printf("%d %d\n", retries(1), retries(5));
    printf("%s %s %s\n", kind('a'), kind(2), kind('z'));
    printf("%d %d\n", skip_rest(4), skip_rest(10));
    return 0;
}
