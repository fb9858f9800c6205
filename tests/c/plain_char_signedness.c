/* Plain char, whose signedness is the implementation's: signed on x86-64,
   unsigned under -funsigned-char, which GNU bc's configure adds for gcc.
   The program prints the same under gcc and nissecc with either choice
   (tests/diagnostics.rs builds it with -funsigned-char too). */
#include <limits.h>
#include <stdio.h>
#include <string.h>

static const char *const names[] = { "high", "low" };
static int table[UCHAR_MAX + 1];
static int from_string = "\xe9t\xe9"[0];
static const char accent = '\xe9';
enum { ACCENT = '\xe9' };

static int
is_high (char c)
{
  return c < 0;
}

static int
classify (char c)
{
  switch (c)
    {
    case '\xe9':
      return 1;
    case 'a':
      return 2;
    default:
      return c > 100 ? 3 : 4;
    }
}

static char
next_char (char c)
{
  return c + 1;
}

int
main (void)
{
#ifdef __CHAR_UNSIGNED__
  puts ("__CHAR_UNSIGNED__ defined");
#endif
  printf ("CHAR_MIN %d CHAR_MAX %d\n", CHAR_MIN, CHAR_MAX);
  printf ("'\\xe9' %d, ACCENT %d, accent %d, from_string %d\n", '\xe9', ACCENT, accent, from_string);
  printf ("(char) 200 %d, (int) (char) -1 %d\n", (char) 200, (int) (char) -1);
  const char *text = "d\xe9j\xe0 vu \xff";
  for (const char *p = text; *p; p++)
    table[(unsigned char) *p]++;
  int sum = 0;
  for (const char *p = text; *p; p++)
    sum += *p;
  printf ("sum %d, high %d, classify %d %d %d\n", sum, is_high (text[1]), classify (text[1]), classify ('a'), classify ('\x7f'));
  printf ("next_char %d %d\n", next_char ('\x7f'), next_char ('\xff'));
  char buf[4] = { '\x80', 'A', '\xfe', 0 };
  printf ("buf %d %d %d, compare %d, memcmp %d\n", buf[0], buf[1], buf[2], buf[0] < buf[1], memcmp (buf, "A", 1) > 0);
  printf ("%s %s\n", names[is_high ('\x80') ? 0 : 1], names[(char) 0x90 > 0 ? 1 : 0]);
  unsigned long wide = (char) 0xf0;
  printf ("wide %lx, shifted %d, counts %d %d\n", wide, (char) 0xf0 >> 2, table[0xe9], table[0xff]);
  return 0;
}
