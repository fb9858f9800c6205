static int sum(int n) {
    int a[n];
    int s = 0;
    for (int i = 0; i < n; i++) a[i] = i;
    for (int i = 0; i < n; i++) s += a[i];
    return s;
}

int main(void) {
    return sum(5);
}
