// expect-error: break statement not in loop or switch
int main(void) {
    int x = 1;
    if (x)
        break;
    return 0;
}
