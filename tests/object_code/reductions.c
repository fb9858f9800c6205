/* An integer reduction whose load x86 reads inside its `add`
   (tests/object_code.rs), as gcc does, with no move or jump on the back
   edge. */
long sum(const long *a, long n)
{
    long s = 0;
    for (long i = 0; i < n; i++)
        s += a[i];
    return s;
}
