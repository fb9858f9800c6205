// expect-error: unsupported: attribute '[[gnu::packed]]'
#include <stdio.h>

struct header
{
  unsigned char tag;
  unsigned int length [[gnu::packed]];
};

int
main (void)
{
  printf ("%zu\n", sizeof (struct header));
  return 0;
}
