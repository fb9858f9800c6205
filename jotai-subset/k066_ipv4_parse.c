// inputs: 0 1 2 3 4  tags: parser, string, early-return, unsigned, pointer-walk
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

/* Parses dotted-quad "a.b.c.d[/len]". Returns 0 on success, negative on
 * malformed input. Writes address and prefix length (32 when absent). */
int parse_ipv4(const char *s, uint32_t *addr, int *prefix)
{
    uint32_t a = 0;
    int part, len = 32;
    for (part = 0; part < 4; part++) {
        unsigned v = 0;
        int digits = 0;
        while (*s >= '0' && *s <= '9') {
            v = v * 10u + (unsigned)(*s - '0');
            if (++digits > 3 || v > 255u)
                return -1;
            s++;
        }
        if (digits == 0)
            return -2;
        a = (a << 8) | v;
        if (part < 3) {
            if (*s != '.')
                return -3;
            s++;
        }
    }
    if (*s == '/') {
        s++;
        if (*s < '0' || *s > '9')
            return -4;
        len = 0;
        while (*s >= '0' && *s <= '9') {
            len = len * 10 + (*s - '0');
            if (len > 32)
                return -4;
            s++;
        }
    }
    if (*s != '\0')
        return -5;
    *addr = a;
    *prefix = len;
    return 0;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    const char *in[5][3] = {
        { "", "1.2.3", "..." },
        { "192.168.1.1", "10.0.0.0/8", "0.0.0.0/0" },
        { "256.1.1.1", "1.2.3.4/33", "1.2.3.4x" },
        { "255.255.255.255", "127.0.0.1/", "1234.1.1.1" },
        { "172.16.254.3/20", "8.8.8.8", "1.2.3.4.5" }
    };
    int i;
    if (opt < 0 || opt > 4)
        return 0;
    for (i = 0; i < 3; i++) {
        uint32_t a = 0;
        int p = -1;
        int r = parse_ipv4(in[opt][i], &a, &p);
        uint32_t mask = p <= 0 ? 0u : (p >= 32 ? 0xffffffffu : ~((1u << (32 - p)) - 1u));
        printf("%s: r=%d addr=%08x prefix=%d net=%08x\n", in[opt][i], r, (unsigned)a, p,
               (unsigned)(a & mask));
    }
    return 0;
}
