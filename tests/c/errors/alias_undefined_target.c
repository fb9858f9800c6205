// expect-error: 'answer' aliased to undefined symbol 'compute_answer'
#include <stdio.h>

int compute_answer(void);
int answer(void) __attribute__((alias("compute_answer")));

int main(void) {
    printf("%d\n", answer());
    return 0;
}
