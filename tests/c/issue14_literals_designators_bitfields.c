#include <stdio.h>
#include <wchar.h>
struct S { char c; unsigned a:4, b:30; short :0; unsigned char d:3; signed int e:5; _Bool f:1; };
union U { struct { float f; } v; struct { int x; int y[2]; } u; };
int b2[2][3] = {[1][0]=4, 3, 2};
int c2[2][3] = {4, [1]=7, 9};
union U gu = {.v.f=4.44f, .u.y[1]=3};
struct S gs = { 'x', 9, 100000, 5, -3, 1 };
int r[10] = { [2 ... 5] = 7, [8] = 1 };
wchar_t ws[] = L"h\x100i";
int main() {
  printf("%x %x %x %x\n", 0x0b1d065b, 0x0b, 0x0B12, 0b101);
  int b[2][3] = {[1][0]=4, 3, 2};
  int c[2][3] = {4, [1]=7, 9};
  union U u = {.v.f=4.44f, .u.y[1]=3};
  for (int i=0;i<6;i++) printf("%d %d %d %d|", b[i/3][i%3], c[i/3][i%3], b2[i/3][i%3], c2[i/3][i%3]);
  printf("\n%d %d %d / %d %d %d\n", u.u.x, u.u.y[0], u.u.y[1], gu.u.x, gu.u.y[0], gu.u.y[1]);
  struct S s = { 'x', 9, 100000, 5, -3, 1 };
  printf("%zu %d %u %u %d %d %d\n", sizeof s, s.a, s.b, s.d, s.e, s.f, gs.e);
  s.a = 17; s.e = 15; s.e++; s.d += 6; s.f = 5;
  printf("%d %d %d %d %d\n", s.a, s.e, s.d, s.f, (s.a = 31));
  printf("%d %d\n", s.a - 20, gs.a - 20);
  for (int i=0;i<10;i++) printf("%d", r[i]);
  printf(" %zu %d %d %c %d\n", sizeof ws, ws[1], L'a', '\e' + 1, 'ab');
  return 0;
}
