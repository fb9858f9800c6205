// expect-error: unsupported: _Complex values
/* Arithmetic on a complex object through a compound assignment. */
void shift(_Complex double *samples, int n) {
    for (int i = 0; i < n; i++)
        samples[i] += 1.0;
}

int main(void) {
    _Complex double s[2];
    shift(s, 2);
    return 0;
}
