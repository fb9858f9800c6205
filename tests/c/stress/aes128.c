/* AES-128 block cipher (FIPS-197) with key expansion, ECB/CBC modes and test vectors. */
#include <stdio.h>
#include <string.h>
#include <stdint.h>

static uint8_t sbox[256], inv_sbox[256];

#define XTIME(x) ((uint8_t)(((x) << 1) ^ ((((x) >> 7) & 1) * 0x1b)))

static uint8_t gmul(uint8_t a, uint8_t b) {
    uint8_t p = 0;
    while (b) {
        if (b & 1) p ^= a;
        a = XTIME(a);
        b >>= 1;
    }
    return p;
}

static void build_sbox(void) {
    uint8_t p = 1, q = 1;
    do {
        p = p ^ (uint8_t)(p << 1) ^ (p & 0x80 ? 0x1B : 0);
        q ^= (uint8_t)(q << 1);
        q ^= (uint8_t)(q << 2);
        q ^= (uint8_t)(q << 4);
        if (q & 0x80) q ^= 0x09;
        uint8_t x = q ^ (uint8_t)((q << 1) | (q >> 7)) ^ (uint8_t)((q << 2) | (q >> 6)) ^ (uint8_t)((q << 3) | (q >> 5)) ^
                    (uint8_t)((q << 4) | (q >> 4));
        sbox[p] = x ^ 0x63;
    } while (p != 1);
    sbox[0] = 0x63;
    for (int i = 0; i < 256; i++) inv_sbox[sbox[i]] = (uint8_t)i;
}

static void expand_key(const uint8_t key[16], uint8_t rk[176]) {
    uint8_t rcon = 1;
    memcpy(rk, key, 16);
    for (int i = 16; i < 176; i += 4) {
        uint8_t t[4] = { rk[i - 4], rk[i - 3], rk[i - 2], rk[i - 1] };
        if (i % 16 == 0) {
            uint8_t tmp = t[0];
            t[0] = sbox[t[1]] ^ rcon; t[1] = sbox[t[2]]; t[2] = sbox[t[3]]; t[3] = sbox[tmp];
            rcon = XTIME(rcon);
        }
        for (int k = 0; k < 4; k++) rk[i + k] = rk[i - 16 + k] ^ t[k];
    }
}

static void add_round_key(uint8_t s[16], const uint8_t *rk) { for (int i = 0; i < 16; i++) s[i] ^= rk[i]; }

static void encrypt_block(const uint8_t rk[176], const uint8_t in[16], uint8_t out[16]) {
    uint8_t s[16];
    memcpy(s, in, 16);
    add_round_key(s, rk);
    for (int round = 1; round <= 10; round++) {
        for (int i = 0; i < 16; i++) s[i] = sbox[s[i]];
        uint8_t t;
        t = s[1]; s[1] = s[5]; s[5] = s[9]; s[9] = s[13]; s[13] = t;
        t = s[2]; s[2] = s[10]; s[10] = t; t = s[6]; s[6] = s[14]; s[14] = t;
        t = s[15]; s[15] = s[11]; s[11] = s[7]; s[7] = s[3]; s[3] = t;
        if (round != 10) {
            for (int c = 0; c < 4; c++) {
                uint8_t *col = s + 4 * c;
                uint8_t a0 = col[0], a1 = col[1], a2 = col[2], a3 = col[3];
                uint8_t all = a0 ^ a1 ^ a2 ^ a3;
                col[0] ^= all ^ XTIME(a0 ^ a1);
                col[1] ^= all ^ XTIME(a1 ^ a2);
                col[2] ^= all ^ XTIME(a2 ^ a3);
                col[3] ^= all ^ XTIME(a3 ^ a0);
            }
        }
        add_round_key(s, rk + 16 * round);
    }
    memcpy(out, s, 16);
}

static void decrypt_block(const uint8_t rk[176], const uint8_t in[16], uint8_t out[16]) {
    uint8_t s[16];
    memcpy(s, in, 16);
    add_round_key(s, rk + 160);
    for (int round = 9; round >= 0; round--) {
        uint8_t t;
        t = s[13]; s[13] = s[9]; s[9] = s[5]; s[5] = s[1]; s[1] = t;
        t = s[2]; s[2] = s[10]; s[10] = t; t = s[6]; s[6] = s[14]; s[14] = t;
        t = s[3]; s[3] = s[7]; s[7] = s[11]; s[11] = s[15]; s[15] = t;
        for (int i = 0; i < 16; i++) s[i] = inv_sbox[s[i]];
        add_round_key(s, rk + 16 * round);
        if (round) {
            for (int c = 0; c < 4; c++) {
                uint8_t *col = s + 4 * c;
                uint8_t a0 = col[0], a1 = col[1], a2 = col[2], a3 = col[3];
                col[0] = gmul(a0, 14) ^ gmul(a1, 11) ^ gmul(a2, 13) ^ gmul(a3, 9);
                col[1] = gmul(a0, 9) ^ gmul(a1, 14) ^ gmul(a2, 11) ^ gmul(a3, 13);
                col[2] = gmul(a0, 13) ^ gmul(a1, 9) ^ gmul(a2, 14) ^ gmul(a3, 11);
                col[3] = gmul(a0, 11) ^ gmul(a1, 13) ^ gmul(a2, 9) ^ gmul(a3, 14);
            }
        }
    }
    memcpy(out, s, 16);
}

static void hexprint(const char *label, const uint8_t *p, size_t n) {
    printf("%-10s", label);
    for (size_t i = 0; i < n; i++) printf("%02x%s", p[i], (i % 16 == 15 && i + 1 < n) ? "\n          " : "");
    putchar('\n');
}

static int parse_hex(const char *s, uint8_t *out) {
    int n = 0;
    while (s[0] && s[1]) {
        unsigned v;
        if (sscanf(s, "%2x", &v) != 1) break;
        out[n++] = (uint8_t)v;
        s += 2;
    }
    return n;
}

int main(void) {
    build_sbox();
    printf("sbox[0]=%02x sbox[0x53]=%02x sbox[0xff]=%02x inv[0x63]=%02x gmul(0x57,0x83)=%02x\n", sbox[0], sbox[0x53], sbox[0xff],
           inv_sbox[0x63], gmul(0x57, 0x83));
    uint8_t key[16], pt[16], ct[16], back[16], rk[176];
    parse_hex("000102030405060708090a0b0c0d0e0f", key);
    parse_hex("00112233445566778899aabbccddeeff", pt);
    expand_key(key, rk);
    hexprint("rk[last]", rk + 160, 16);
    encrypt_block(rk, pt, ct);
    hexprint("cipher", ct, 16);
    decrypt_block(rk, ct, back);
    hexprint("plain", back, 16);
    printf("fips-197 vector %s\n", memcmp(back, pt, 16) == 0 ? "roundtrip ok" : "MISMATCH");

    parse_hex("2b7e151628aed2a6abf7158809cf4f3c", key);
    expand_key(key, rk);
    const char *msg = "Two One Nine Two -- AES in CBC mode, padded with PKCS#7!";
    size_t len = strlen(msg), padded = (len / 16 + 1) * 16;
    uint8_t buf[96], enc[96], dec[96], iv[16];
    memcpy(buf, msg, len);
    memset(buf + len, (int)(padded - len), padded - len);
    parse_hex("000102030405060708090a0b0c0d0e0f", iv);
    uint8_t chain[16];
    memcpy(chain, iv, 16);
    for (size_t off = 0; off < padded; off += 16) {
        uint8_t x[16];
        for (int i = 0; i < 16; i++) x[i] = buf[off + i] ^ chain[i];
        encrypt_block(rk, x, enc + off);
        memcpy(chain, enc + off, 16);
    }
    hexprint("cbc", enc, padded);
    memcpy(chain, iv, 16);
    for (size_t off = 0; off < padded; off += 16) {
        uint8_t x[16];
        decrypt_block(rk, enc + off, x);
        for (int i = 0; i < 16; i++) dec[off + i] = x[i] ^ chain[i];
        memcpy(chain, enc + off, 16);
    }
    size_t pad = dec[padded - 1];
    printf("decrypted (%zu bytes, pad %zu): %.*s\n", padded - pad, pad, (int)(padded - pad), (const char *)dec);
    /* avalanche: flip each plaintext bit, count changed ciphertext bits */
    int total = 0, minb = 128, maxb = 0;
    encrypt_block(rk, pt, ct);
    for (int bit = 0; bit < 128; bit++) {
        uint8_t p2[16], c2[16];
        memcpy(p2, pt, 16);
        p2[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        encrypt_block(rk, p2, c2);
        int diff = 0;
        for (int i = 0; i < 16; i++) for (uint8_t d = c2[i] ^ ct[i]; d; d &= (uint8_t)(d - 1)) diff++;
        total += diff;
        if (diff < minb) minb = diff;
        if (diff > maxb) maxb = diff;
    }
    printf("avalanche: avg %.2f min %d max %d\n", total / 128.0, minb, maxb);
    return 0;
}
