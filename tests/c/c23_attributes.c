/* C23 attribute specifiers and the one-argument _Static_assert, as gnulib
   writes them for GCC 9 and later also in gnu17 mode (sed 4.9's
   selinux.h, localeinfo.c): _GL_ATTRIBUTE_MAYBE_UNUSED is
   [[__maybe_unused__]] because the preprocessor answers
   __has_c_attribute, and static_assert (R) has no message. */
#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#if defined __has_c_attribute
# if __has_c_attribute (__maybe_unused__)
#  define MAYBE_UNUSED [[__maybe_unused__]]
# endif
# if __has_c_attribute (__nodiscard__)
#  define NODISCARD [[__nodiscard__]]
# endif
# if __has_c_attribute (__fallthrough__)
#  define FALLTHROUGH [[__fallthrough__]]
# endif
#endif
#ifndef MAYBE_UNUSED
# define MAYBE_UNUSED __attribute__ ((__unused__))
#endif
#ifndef NODISCARD
# define NODISCARD
#endif
#ifndef FALLTHROUGH
# define FALLTHROUGH __attribute__ ((__fallthrough__))
#endif

static_assert (MB_LEN_MAX <= SCHAR_MAX);
_Static_assert (sizeof (int) >= 2 && (char) ')' == 41);
_Static_assert (CHAR_BIT == 8, "bytes of eight bits");

typedef char *security_context_t;

static int
getcon (MAYBE_UNUSED char **con)
{
  return -1;
}

NODISCARD static int
classify (int c)
{
  static_assert (sizeof (long) >= sizeof (int));
  int score = 0;
  switch (c)
    {
    case 'a':
      score += 100;
      FALLTHROUGH;
    case 'b':
      score += 10;
      [[fallthrough]];
    default:
      score += 1;
    }
  return score;
}

[[deprecated ("use classify () ]]")]] [[gnu::cold, gnu::noinline]] static int
old_classify (int c)
{
  return classify (c) * 2;
}

struct entry
{
  const char *name [[maybe_unused]];
  int value;
};

int
main (void)
{
  MAYBE_UNUSED int unused_local = 3;
  security_context_t con = NULL;
  struct entry entries[] = { { "a", classify ('a') }, { "b", classify ('b') },
                             { "z", old_classify ('z') } };
  printf ("getcon %d %p\n", getcon (&con), (void *) con);
  for (size_t i = 0; i < sizeof entries / sizeof entries[0]; i++)
    printf ("%s %d\n", entries[i].name, entries[i].value);
  printf ("%s\n", "[[not an attribute]]");
  int grid[2][3] = { { 1, 2, 3 }, { 4, 5, 6 } };
  printf ("%d\n", grid[1][grid[0][1]]);
  return 0;
}
