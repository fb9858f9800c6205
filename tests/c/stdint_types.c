#include <stdio.h>
#include <stdint.h>

int main(void) {
    printf("%zu %zu %zu %zu\n", sizeof(int8_t), sizeof(int16_t), sizeof(int32_t), sizeof(int64_t));
    printf("%zu %zu %zu %zu\n", sizeof(uint8_t), sizeof(uint16_t), sizeof(uint32_t), sizeof(uint64_t));
    printf("%zu %zu %zu\n", sizeof(size_t), sizeof(intptr_t), sizeof(uintptr_t));
    printf("%zu\n", sizeof(long));
    int8_t a = INT8_MAX, b = INT8_MIN;
    printf("%d %d\n", a, b);
    uint8_t ua = UINT8_MAX;
    printf("%d\n", ua);
    ua++;
    printf("%d\n", ua);
    int16_t s = INT16_MIN;
    uint16_t us = UINT16_MAX;
    printf("%d %d\n", s, us);
    int32_t i = INT32_MIN;
    uint32_t ui = UINT32_MAX;
    printf("%d %u\n", i, ui);
    int64_t l = INT64_MAX;
    uint64_t ul = UINT64_MAX;
    printf("%lld %llu\n", (long long)l, (unsigned long long)ul);
    uint32_t x = 0x9E3779B9u;
    uint32_t y = x * 0x85EBCA6Bu;
    printf("%u\n", y);
    y ^= y >> 13;
    printf("%u\n", y);
    uint16_t h = 0;
    for (int k = 0; k < 1000; k++) h = (uint16_t)(h * 31 + k);
    printf("%u\n", h);
    uint8_t bytes[4] = {0x12, 0x34, 0x56, 0x78};
    uint32_t word = (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
    printf("%08x\n", word);
    int64_t prod = (int64_t)INT32_MAX * INT32_MAX;
    printf("%lld\n", (long long)prod);
    uint64_t up = (uint64_t)UINT32_MAX * UINT32_MAX;
    printf("%llu\n", (unsigned long long)up);
    size_t sz = (size_t)-1;
    printf("%zu\n", sz);
    size_t n = 10;
    printf("%zu\n", n - 11);
    int arr[10];
    intptr_t d = (intptr_t)&arr[7] - (intptr_t)&arr[2];
    printf("%ld\n", (long)d);
    uintptr_t ua2 = (uintptr_t)&arr[3];
    int *back = (int *)ua2;
    arr[3] = 77;
    printf("%d\n", *back);
    long pd = &arr[1] - &arr[9];
    printf("%ld\n", pd);
    int_least16_t ls = 1000;
    uint_fast8_t fu = 200;
    printf("%d %d\n", ls, fu);
    return 0;
}
