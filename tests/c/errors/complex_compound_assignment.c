// expect-error: unsupported: _Complex long double values
/* Arithmetic on a complex long double object through a compound
   assignment (complex float and double are supported). */
void shift(_Complex long double *samples, int n) {
    for (int i = 0; i < n; i++)
        samples[i] += 1.0;
}

int main(void) {
    _Complex long double s[2];
    shift(s, 2);
    return 0;
}
