#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
struct fl { int n; int d[]; };
struct z { int n; int a[0]; };
struct s { int a; char f; long g; };
struct p { int x, y; };
struct p *gp = &(struct p){1, 2};
long off = (long)(char*)&((struct s*)0)->f;
char *base = (char*)&((struct s*)0)->g;
enum { A = 1, B = 2 };
void proto(enum { B = 5, C } x);
int gen(int x) { return _Generic(x, int: 1, double: 2, default: 3); }
int main() {
  struct fl *f = malloc(sizeof(struct fl) + 3 * sizeof(int));
  f->n = 3; for (int i = 0; i < 3; i++) f->d[i] = i * i;
  printf("%zu %zu %d %zu\n", sizeof(struct fl), sizeof(struct z), f->d[2], offsetof(struct fl, d));
  printf("%d %d %ld %ld\n", gp->x, gp->y, off, (long)base);
  printf("%d %d %d\n", B, gen(1), _Generic(1.0, int: 1, double: 2, default: 3));
  int x = 0, y = 5;
  printf("%d %d\n", x ?: 7, y ?: 7);
  int e[3] = {};
  struct p q = {};
  printf("%d %d\n", e[2], q.y);
  int n = 4;
  int v[n];
  for (int i = 0; i < n; i++) v[i] = i * 3;
  printf("%zu %d\n", sizeof v, v[3]);
  free(f);
  return 0;
}
