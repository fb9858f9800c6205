/* File-scope asm declarations (GCC's basic asm at top level), as incbin.h embeds a file's bytes or a unit defines a small function in assembly: lang-c's grammar has none, and nissecc stopped with "unsupported: inline assembly". The templates define a function the C code calls, data it reads, and a pointer to a C object, each in a section of its own choosing (GCC emits one wherever its output is) and restoring the one it found. */
#include <stdio.h>

int counter = 40;

__asm__(".pushsection .text\n"
        ".globl add_one\n"
        ".type add_one, @function\n"
        "add_one:\n"
        "\tleal 1(%rdi), %eax\n"
        "\tret\n"
        ".popsection");

asm(".pushsection .rodata\n"
    ".globl embedded\n"
    "embedded: .ascii \"embedded bytes\\0\"\n"
    ".globl embedded_end\n"
    "embedded_end:\n"
    ".popsection");

__asm__ (".pushsection .data\n" ".p2align 3\n" ".globl counter_address\n" "counter_address: .quad counter\n" ".popsection");

/* A label without .globl, which the C code declares and calls, as tcc's 85_asm-outside-function does. */
__asm__(".pushsection .text\nsub_one: leal -1(%rdi), %eax; ret\n.popsection");

int add_one(int);
int sub_one(int);
extern const char embedded[], embedded_end[];
extern int *counter_address;

int twice(int x) { return 2 * x; }
asm("# a template between two functions");
int main(void) {
    *counter_address += 2;
    printf("%d %s %d %d %d\n", add_one(41), embedded, (int)(embedded_end - embedded), counter, twice(add_one(1)));
    printf("%d\n", sub_one(add_one(7)));
    return 0;
}
