// expect-error: both 'char' and 'long' in declaration specifiers
/* Type specifiers that name no type (C11 6.7.2p2). The fuzzer's mutant
   `char typedef long unsigned int size_t;` used to make size_t a char. */
char typedef long unsigned int size_type;

int main(void) {
    size_type n = 300;
    return (int)n;
}
