/* The zlib driver of issue 15: deflates and inflates a corpus at several
 * levels and strategies, checks that every round trip restores the input,
 * and prints sizes and checksums, so that two builds of zlib can be compared
 * by their output alone.
 *
 * usage: zlib_driver [-l LEVELS] [-r ROUNDS] [-z FILE.gz] ITEM...
 *
 * An ITEM is a file name, or a generated input: text:SIZE:SEED (English-like
 * words), bin:SIZE:SEED (skewed bytes with repeats) or runs:SIZE:SEED (long
 * runs of few byte values). LEVELS is a comma-separated list (default
 * 1,6,9). ROUNDS repeats the whole work (default 1) for longer runs. With
 * -z, every item is also written through gzwrite and gzprintf into FILE.gz
 * and read back with gzread.
 *
 * The output has no addresses, times or other run-dependent values. The exit
 * status is 0 when every round trip succeeded and 1 otherwise. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zlib.h"

struct item {
    char name[256];
    unsigned char *data;
    size_t size;
};

static unsigned long rng_state;

static unsigned long rng_next(void)
{
    rng_state = rng_state * 6364136223846793005UL + 1442695040888963407UL;
    return rng_state >> 33;
}

static const char *const words[] = {
    "the", "of", "and", "to", "in", "a", "is", "that", "for", "it",
    "as", "was", "with", "be", "by", "on", "not", "he", "this", "are",
    "or", "his", "from", "at", "which", "but", "have", "an", "had", "they",
    "compression", "block", "sorting", "huffman", "dictionary", "window",
    "literal", "length", "distance", "checksum", "stream", "buffer",
    "interpreter", "closure", "coroutine", "table", "string", "profile",
    "counter", "edge", "path", "function", "compiler", "register",
};

static void generate_text(unsigned char *out, size_t size)
{
    size_t n = 0, line = 0;
    size_t count = sizeof words / sizeof words[0];
    while (n < size) {
        /* Square the uniform draw so that early words are more frequent. */
        unsigned long r = rng_next() % 1000;
        const char *w = words[(r * r / 1000) * count / 1000];
        size_t len = strlen(w);
        size_t i;
        for (i = 0; i < len && n < size; i++)
            out[n++] = (unsigned char)w[i];
        line += len + 1;
        if (n < size) {
            if (line > 60 + rng_next() % 20) {
                out[n++] = (rng_next() % 4 == 0) ? '.' : '\n';
                if (n < size && out[n - 1] == '.')
                    out[n++] = '\n';
                line = 0;
            } else {
                out[n++] = (rng_next() % 11 == 0) ? ',' : ' ';
            }
        }
    }
}

static void generate_binary(unsigned char *out, size_t size)
{
    size_t n = 0;
    while (n < size) {
        unsigned long r = rng_next();
        if (n > 64 && r % 5 == 0) {
            /* Repeat an earlier stretch, as real binaries do. */
            size_t back = 1 + (r >> 3) % 64, len = 3 + (r >> 9) % 30, i;
            for (i = 0; i < len && n < size; i++, n++)
                out[n] = out[n - back];
        } else {
            unsigned long b = rng_next() % 256;
            out[n++] = (unsigned char)(b * b / 256);
        }
    }
}

static void generate_runs(unsigned char *out, size_t size)
{
    size_t n = 0;
    while (n < size) {
        unsigned char b = (unsigned char)("\0\1\377 x"[rng_next() % 5]);
        size_t len = 1 + rng_next() % 200, i;
        for (i = 0; i < len && n < size; i++)
            out[n++] = b;
    }
}

static int load_item(struct item *it, const char *spec)
{
    char kind[16];
    unsigned long size, seed;
    memset(it, 0, sizeof *it);
    if (sscanf(spec, "%15[a-z]:%lu:%lu", kind, &size, &seed) == 3
        && (!strcmp(kind, "text") || !strcmp(kind, "bin") || !strcmp(kind, "runs"))) {
        it->data = malloc(size ? size : 1);
        if (!it->data)
            return -1;
        it->size = size;
        rng_state = seed;
        if (!strcmp(kind, "text"))
            generate_text(it->data, size);
        else if (!strcmp(kind, "bin"))
            generate_binary(it->data, size);
        else
            generate_runs(it->data, size);
    } else {
        FILE *f = fopen(spec, "rb");
        long len;
        if (!f) {
            fprintf(stderr, "zlib_driver: cannot open %s\n", spec);
            return -1;
        }
        fseek(f, 0, SEEK_END);
        len = ftell(f);
        fseek(f, 0, SEEK_SET);
        it->data = malloc(len > 0 ? (size_t)len : 1);
        it->size = (size_t)len;
        if (!it->data || fread(it->data, 1, it->size, f) != it->size) {
            fclose(f);
            return -1;
        }
        fclose(f);
    }
    snprintf(it->name, sizeof it->name, "%s", spec);
    return 0;
}

/* Deflates src in input chunks of `in_chunk` bytes into an output buffer
 * grown in `out_chunk` steps; returns the compressed size or 0 on error. */
static size_t deflate_stream(const unsigned char *src, size_t size, int level, int window_bits,
                             int strategy, unsigned char **out, size_t in_chunk, size_t out_chunk)
{
    z_stream s;
    size_t cap = out_chunk, used = 0, fed = 0;
    int ret, flush;
    memset(&s, 0, sizeof s);
    if (deflateInit2(&s, level, Z_DEFLATED, window_bits, 8, strategy) != Z_OK)
        return 0;
    *out = malloc(cap);
    do {
        size_t n = size - fed < in_chunk ? size - fed : in_chunk;
        s.next_in = (unsigned char *)src + fed;
        s.avail_in = (uInt)n;
        fed += n;
        flush = fed == size ? Z_FINISH : Z_NO_FLUSH;
        do {
            if (used == cap) {
                cap += out_chunk;
                *out = realloc(*out, cap);
            }
            s.next_out = *out + used;
            s.avail_out = (uInt)(cap - used);
            ret = deflate(&s, flush);
            if (ret == Z_STREAM_ERROR) {
                deflateEnd(&s);
                return 0;
            }
            used = cap - s.avail_out;
        } while (s.avail_out == 0);
    } while (flush != Z_FINISH);
    deflateEnd(&s);
    return ret == Z_STREAM_END ? used : 0;
}

/* Inflates src, feeding `in_chunk` bytes at a time, into dst of dst_size
 * bytes; returns the number of bytes produced, or (size_t)-1 on error. */
static size_t inflate_stream(const unsigned char *src, size_t size, int window_bits,
                             unsigned char *dst, size_t dst_size, size_t in_chunk)
{
    z_stream s;
    size_t fed = 0;
    int ret;
    memset(&s, 0, sizeof s);
    if (inflateInit2(&s, window_bits) != Z_OK)
        return (size_t)-1;
    s.next_out = dst;
    s.avail_out = (uInt)dst_size;
    for (;;) {
        size_t n = size - fed < in_chunk ? size - fed : in_chunk;
        s.next_in = (unsigned char *)src + fed;
        s.avail_in = (uInt)n;
        ret = inflate(&s, Z_NO_FLUSH);
        fed += n - s.avail_in;
        if (ret == Z_STREAM_END)
            break;
        /* Without input left, no progress is possible: a truncated stream. */
        if ((ret != Z_OK && ret != Z_BUF_ERROR) || n == 0) {
            inflateEnd(&s);
            return (size_t)-1;
        }
    }
    inflateEnd(&s);
    return dst_size - s.avail_out;
}

static const char *strategy_name(int strategy)
{
    switch (strategy) {
    case Z_FILTERED: return "filtered";
    case Z_HUFFMAN_ONLY: return "huffman";
    case Z_RLE: return "rle";
    case Z_FIXED: return "fixed";
    default: return "default";
    }
}

static int round_trip(const struct item *it, int level, int strategy, int window_bits, int quiet)
{
    unsigned char *packed = NULL, *back;
    size_t packed_size, back_size;
    /* Chunk sizes vary with the level so that streaming paths differ. */
    size_t in_chunk = 1000 + 4093 * (size_t)level, out_chunk = 512 + 977 * (size_t)level;
    int ok;
    packed_size = deflate_stream(it->data, it->size, level, window_bits, strategy, &packed, in_chunk, out_chunk);
    back = malloc(it->size + 1);
    back_size = packed_size ? inflate_stream(packed, packed_size, window_bits, back, it->size + 1, 333 + 17 * (size_t)level) : (size_t)-1;
    ok = packed_size && back_size == it->size && memcmp(back, it->data, it->size) == 0;
    if (!quiet)
        printf("%s level %d %s wbits %d: %lu -> %lu adler32 %08lx crc32 %08lx %s\n", it->name, level,
               strategy_name(strategy), window_bits, (unsigned long)it->size, (unsigned long)packed_size,
               packed_size ? adler32(1L, packed, (uInt)packed_size) : 0UL,
               packed_size ? crc32(0L, packed, (uInt)packed_size) : 0UL, ok ? "ok" : "MISMATCH");
    free(packed);
    free(back);
    return ok;
}

static int one_shot(const struct item *it, int level)
{
    uLongf bound = compressBound((uLong)it->size), packed_size = bound, back_size = (uLongf)it->size;
    unsigned char *packed = malloc(bound), *back = malloc(it->size + 1);
    int ok = compress2(packed, &packed_size, it->data, (uLong)it->size, level) == Z_OK
             && uncompress(back, &back_size, packed, packed_size) == Z_OK && back_size == it->size
             && memcmp(back, it->data, it->size) == 0;
    printf("%s compress2 level %d: %lu -> %lu %s\n", it->name, level, (unsigned long)it->size,
           (unsigned long)packed_size, ok ? "ok" : "MISMATCH");
    free(packed);
    free(back);
    return ok;
}

static int checksums(const struct item *it)
{
    size_t half = it->size / 2;
    uLong a = adler32(1L, it->data, (uInt)it->size), c = crc32(0L, it->data, (uInt)it->size);
    uLong a1 = adler32(1L, it->data, (uInt)half), a2 = adler32(1L, it->data + half, (uInt)(it->size - half));
    uLong c1 = crc32(0L, it->data, (uInt)half), c2 = crc32(0L, it->data + half, (uInt)(it->size - half));
    int ok = adler32_combine(a1, a2, (z_off_t)(it->size - half)) == a
             && crc32_combine(c1, c2, (z_off_t)(it->size - half)) == c;
    printf("%s size %lu adler32 %08lx crc32 %08lx combine %s\n", it->name, (unsigned long)it->size, a, c,
           ok ? "ok" : "MISMATCH");
    return ok;
}

static int gz_file(const char *path, struct item *items, int count)
{
    gzFile f = gzopen(path, "wb6");
    unsigned char *buf;
    int i, ok = 1;
    char line[512];
    if (!f)
        return 0;
    for (i = 0; i < count; i++) {
        gzprintf(f, "item %d %s %lu\n", i, items[i].name, (unsigned long)items[i].size);
        if (items[i].size && gzwrite(f, items[i].data, (unsigned)items[i].size) != (int)items[i].size)
            ok = 0;
    }
    if (gzclose(f) != Z_OK)
        ok = 0;
    f = gzopen(path, "rb");
    if (!f)
        return 0;
    for (i = 0; i < count && ok; i++) {
        char expected[512];
        snprintf(expected, sizeof expected, "item %d %s %lu\n", i, items[i].name, (unsigned long)items[i].size);
        if (!gzgets(f, line, sizeof line) || strcmp(line, expected) != 0) {
            ok = 0;
            break;
        }
        buf = malloc(items[i].size + 1);
        if (gzread(f, buf, (unsigned)items[i].size) != (int)items[i].size
            || memcmp(buf, items[i].data, items[i].size) != 0)
            ok = 0;
        free(buf);
    }
    if (ok && gzgetc(f) != -1)
        ok = 0;
    gzclose(f);
    printf("gzip file %s: %d items %s\n", path, count, ok ? "ok" : "MISMATCH");
    return ok;
}

int main(int argc, char **argv)
{
    int levels[10], nlevels = 0, rounds = 1, count = 0, failures = 0, i, r, l;
    const char *level_list = "1,6,9", *gz_path = NULL;
    struct item *items = calloc((size_t)argc, sizeof *items);
    static const int strategies[] = { Z_FILTERED, Z_HUFFMAN_ONLY, Z_RLE, Z_FIXED };
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-l") && i + 1 < argc)
            level_list = argv[++i];
        else if (!strcmp(argv[i], "-r") && i + 1 < argc)
            rounds = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-z") && i + 1 < argc)
            gz_path = argv[++i];
        else if (load_item(&items[count], argv[i]) == 0)
            count++;
        else
            return 2;
    }
    for (const char *p = level_list; *p && nlevels < 10;) {
        levels[nlevels++] = atoi(p);
        while (*p && *p != ',')
            p++;
        if (*p == ',')
            p++;
    }
    printf("zlib %s\n", zlibVersion());
    for (r = 0; r < rounds; r++) {
        int quiet = r > 0;
        for (i = 0; i < count; i++) {
            if (!quiet)
                failures += !checksums(&items[i]);
            for (l = 0; l < nlevels; l++) {
                /* zlib, raw and gzip wrappers in turn. */
                static const int wbits[] = { 15, -15, 31 };
                failures += !round_trip(&items[i], levels[l], Z_DEFAULT_STRATEGY, wbits[l % 3], quiet);
            }
            if (!quiet) {
                int s;
                for (s = 0; s < 4; s++)
                    failures += !round_trip(&items[i], 6, strategies[s], 15, 0);
                failures += !one_shot(&items[i], levels[nlevels - 1]);
            }
        }
    }
    if (gz_path)
        failures += !gz_file(gz_path, items, count);
    printf("%d failures\n", failures);
    for (i = 0; i < count; i++)
        free(items[i].data);
    free(items);
    return failures != 0;
}
