// expect-error: static assertion failed
#include <assert.h>
#include <limits.h>

static_assert (sizeof (long) == 2 * sizeof (int) && INT_MAX > 0);
static_assert (sizeof (short) == sizeof (int));

int
main (void)
{
  return 0;
}
