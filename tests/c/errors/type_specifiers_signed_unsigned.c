// expect-error: both 'unsigned' and 'signed' in declaration specifiers
int main(void) {
    unsigned signed int x = 1;
    return (int)x;
}
