/* Local arrays of 16 bytes or more are aligned to 16, as the x86-64 psABI
   (3.1.2) says and gcc and clang do; smaller ones and scalars keep their
   type's alignment. Found by nissecc-fuzz --target semantic (a mutant of
   pointer_int_cast.c that compared an array's address modulo 16). */
#include <stdint.h>
#include <stdio.h>

struct small {
    char c[3];
};

static int misalignment(const void *p) {
    return (int)((uintptr_t)p % 16);
}

int main() {
    int arr[10];
    char c1;
    char buf[64];
    short s2[8];
    char c2;
    double d2[2];
    struct small many[6];
    arr[0] = 1;
    buf[0] = c1 = c2 = 2;
    s2[0] = 3;
    d2[0] = 4;
    many[0].c[0] = 5;
    printf("%d %d %d %d %d\n", misalignment(arr), misalignment(buf), misalignment(s2), misalignment(d2), misalignment(many));
    return arr[0] + buf[0] + c1 + c2 + s2[0] + (int)d2[0] + many[0].c[0] - 19;
}
