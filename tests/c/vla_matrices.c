#include <stdio.h>
#include <string.h>
static long trace(int n, int a[n][n]) { long s = 0; for (int i = 0; i < n; i++) s += a[i][i]; return s + sizeof a[0]; }
void fill(int r, int c, double m[r][c]) { for (int i = 0; i < r; i++) for (int j = 0; j < c; j++) m[i][j] = i * 10 + j; }
int main() {
  long total = 0;
  for (int n = 1; n <= 5; n++) {
    int v[n];
    int m[n][n];
    for (int i = 0; i < n; i++) { v[i] = i; for (int j = 0; j < n; j++) m[i][j] = i * n + j; }
    int (*row)[n] = m;
    total += trace(n, m) + sizeof v + sizeof m + sizeof m[0] + row[n-1][0] + (&m[n-1] - &m[0]);
    printf("%d %zu %zu %ld\n", n, sizeof v, sizeof(int[n][2]), total);
  }
  int r = 3, c = 4;
  double d[r][c];
  fill(r, c, d);
  printf("%g %g\n", d[2][3], d[1][0]);
  char buf[c * 2 + 1];
  memset(buf, 'x', sizeof buf - 1); buf[sizeof buf - 1] = 0;
  puts(buf);
  return 0;
}
