// expect-error: duplicate (or overlapping) case value
/* A case value inside an earlier case range. */
int main() {
    int x = 3;
    switch (x) {
    case 1 ... 5: return 1;
    case 4: return 2;
    }
    return 0;
}
