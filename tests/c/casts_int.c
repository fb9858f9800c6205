#include <stdio.h>
#include <stdint.h>

int main(void) {
    int big = 300;
    printf("%d\n", (unsigned char)big);
    printf("%d\n", (signed char)200);
    printf("%d\n", (signed char)big);
    printf("%d\n", (short)70000);
    printf("%d\n", (unsigned short)70000);
    printf("%d\n", (unsigned short)-1);
    printf("%u\n", (unsigned int)-1);
    printf("%d\n", (int)4294967295u);
    printf("%d\n", (int)3000000000u);
    printf("%ld\n", (long)(int)-5);
    printf("%ld\n", (long)(unsigned int)-5);
    printf("%lu\n", (unsigned long)-5);
    printf("%lu\n", (unsigned long)(unsigned char)-5);
    printf("%d\n", (int)0x123456789L);
    printf("%lld\n", (long long)(short)0x8000);
    printf("%llu\n", (unsigned long long)(signed char)0x80);
    long l = 0x1122334455667788L;
    printf("%x %x %x %x\n", (int)l, (short)l & 0xffff, (unsigned char)l, (unsigned short)(l >> 16));
    printf("%d\n", (_Bool)256);
    printf("%d\n", (_Bool)0);
    printf("%d\n", (_Bool)-1);
    printf("%d\n", (int)(char)65);
    int8_t i8 = (int8_t)0xFF;
    uint8_t u8 = (uint8_t)0x1FF;
    int16_t i16 = (int16_t)0xFFFF;
    uint32_t u32 = (uint32_t)-1;
    printf("%d %d %d %u\n", i8, u8, i16, u32);
    int64_t i64 = (int64_t)u32;
    printf("%lld\n", (long long)i64);
    int64_t n64 = (int32_t)u32;
    printf("%lld\n", (long long)n64);
    unsigned char uc = 0xAB;
    signed char sc = (signed char)uc;
    int fromuc = uc, fromsc = sc;
    printf("%d %d\n", fromuc, fromsc);
    unsigned int fromsc_u = (unsigned int)sc;
    printf("%u\n", fromsc_u);
    short s = -2;
    unsigned long ul = (unsigned long)s;
    printf("%lu\n", ul);
    printf("%d\n", (unsigned char)(signed char)-1 == 255);
    printf("%d\n", (signed char)(unsigned char)255 == -1);
    int values[] = {0, 1, 127, 128, 255, 256, -1, -128, -129, 65535, 65536};
    for (int i = 0; i < 11; i++)
        printf("[%d: %d %d %d %d] ", values[i], (signed char)values[i],
               (unsigned char)values[i], (short)values[i], (unsigned short)values[i]);
    printf("\n");
    return 0;
}
