// inputs: 0 1 2  tags: hash, pointer-walk, unsigned-char, string
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

uint32_t fnv1a(const char *key, unsigned *len_out)
{
    const unsigned char *p = (const unsigned char *)key;
    uint32_t h = 2166136261u;
    unsigned n = 0;
    while (*p) {
        h ^= *p++;
        h *= 16777619u;
        n++;
    }
    *len_out = n;
    return h;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    unsigned len = 0;
    switch (opt) {
    case 0: {
        uint32_t h = fnv1a("", &len);
        printf("h=%08x len=%u\n", (unsigned)h, len);
        break;
    }
    case 1: {
        const char *keys[5] = { "a", "foobar", "hello world", "FNV", "\xff\xfe" };
        int i;
        for (i = 0; i < 5; i++) {
            uint32_t h = fnv1a(keys[i], &len);
            printf("%d h=%08x len=%u bucket=%u\n", i, (unsigned)h, len, (unsigned)(h % 64u));
        }
        break;
    }
    case 2: {
        char key[32];
        unsigned buckets[16] = { 0 };
        unsigned s = 11u;
        int i, j;
        for (i = 0; i < 2000; i++) {
            int L = 4 + i % 20;
            for (j = 0; j < L; j++) {
                s = s * 1103515245u + 12345u;
                key[j] = (char)('a' + (s >> 16) % 26);
            }
            key[L] = '\0';
            buckets[fnv1a(key, &len) & 15u]++;
        }
        for (i = 0; i < 16; i++)
            printf("b%d=%u\n", i, buckets[i]);
        break;
    }
    }
    return 0;
}
