// expect-error: use of undeclared label 'retry'
/* A local label is known only inside the block that declares it: the
   `goto` after the block names a label that does not exist there. */
int main(void) {
    int n = 0;
    {
        __label__ retry;
    retry:
        n++;
        if (n < 3) goto retry;
    }
    goto retry;
}
