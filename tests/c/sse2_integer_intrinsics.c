/* The SSE2 integer intrinsics of <emmintrin.h> that stb_image's JPEG
   decoder uses on every x86-64 (it selects them by __x86_64__, not by
   __SSE2__, which nissecc does not announce): unpacking, packing with
   saturation, shifts by counts within and past the element, shuffles,
   the high halves of products, multiply-adds, element insertion and
   byte shifts. Their builtins (__builtin_ia32_pshufd…) were unsupported,
   so stb_image did not compile. A small IDCT-like row transform at the
   end combines them as stb_image does. */
#include <emmintrin.h>
#include <stdio.h>

static void show(const char *name, __m128i v) {
    unsigned char b[16];
    _mm_storeu_si128((__m128i *)b, v);
    printf("%-12s", name);
    for (int i = 0; i < 16; i++)
        printf(" %02x", b[i]);
    printf("\n");
}

/* One butterfly of a fixed-point transform on eight 16-bit rows, in the
   way stb_image's stbi__idct_simd writes it. */
static __m128i butterfly(__m128i lo, __m128i hi, short c0, short c1) {
    __m128i rows = _mm_unpacklo_epi16(lo, hi);
    __m128i rows_hi = _mm_unpackhi_epi16(lo, hi);
    __m128i k = _mm_setr_epi16(c0, c1, c0, c1, c0, c1, c0, c1);
    __m128i a = _mm_srai_epi32(_mm_add_epi32(_mm_madd_epi16(rows, k), _mm_set1_epi32(512)), 10);
    __m128i b = _mm_srai_epi32(_mm_add_epi32(_mm_madd_epi16(rows_hi, k), _mm_set1_epi32(512)), 10);
    return _mm_packs_epi32(a, b);
}

int main(void) {
    __m128i a = _mm_setr_epi16(-32768, -300, -1, 0, 1, 255, 300, 32767);
    __m128i b = _mm_setr_epi16(7, -7, 128, -129, 1000, -1000, 20000, -20000);
    __m128i c = _mm_setr_epi32(-100000, 40000, -40000, 70000);
    __m128i d = _mm_setr_epi8(1, -2, 3, -4, 5, -6, 7, -8, 9, -10, 11, -12, 13, -14, 15, -16);
    show("unpacklo8", _mm_unpacklo_epi8(a, d));
    show("unpackhi8", _mm_unpackhi_epi8(a, d));
    show("unpacklo16", _mm_unpacklo_epi16(a, b));
    show("unpackhi16", _mm_unpackhi_epi16(a, b));
    show("unpacklo32", _mm_unpacklo_epi32(c, d));
    show("unpackhi32", _mm_unpackhi_epi32(c, d));
    show("packus16", _mm_packus_epi16(a, b));
    show("packs16", _mm_packs_epi16(a, b));
    show("packs32", _mm_packs_epi32(c, _mm_setr_epi32(32767, 32768, -32768, -32769)));
    for (int n = 0; n < 40; n += 3) {
        printf("count %d\n", n);
        show("srai32", _mm_srai_epi32(c, n));
        show("srli32", _mm_srli_epi32(c, n));
        show("slli32", _mm_slli_epi32(c, n));
        show("srai16", _mm_srai_epi16(a, n));
        show("srli16", _mm_srli_epi16(a, n));
        show("slli16", _mm_slli_epi16(b, n));
    }
    show("shuffle4e", _mm_shuffle_epi32(c, 0x4e));
    show("shuffle1b", _mm_shuffle_epi32(c, 0x1b));
    show("shuffle00", _mm_shuffle_epi32(c, 0));
    show("mulhi", _mm_mulhi_epi16(a, b));
    show("madd", _mm_madd_epi16(a, b));
    show("madd_wraps", _mm_madd_epi16(_mm_set1_epi16(-32768), _mm_set1_epi16(-32768)));
    show("insert", _mm_insert_epi16(a, 0x1234, 5));
    show("srli_si128", _mm_srli_si128(d, 8));
    show("slli_si128", _mm_slli_si128(d, 3));
    show("srli_si128_0", _mm_srli_si128(d, 0));
    show("butterfly", butterfly(a, b, 2217, -5350));
    __m128i pixels = _mm_packus_epi16(_mm_srai_epi16(_mm_add_epi16(butterfly(b, a, 4096, 1567), _mm_set1_epi16(128)), 1), _mm_setzero_si128());
    show("pixels", pixels);
    return 0;
}
