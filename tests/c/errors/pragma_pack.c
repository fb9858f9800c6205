// expect-error: unsupported: #pragma pack
#include <stdio.h>
struct H { char a; int b; short c; } __attribute__((packed));
#pragma pack(push, 1)
struct P { char c; int i; };
#pragma pack(pop)
int main(void) { printf("%zu %zu\n", sizeof(struct H), sizeof(struct P)); return 0; }
