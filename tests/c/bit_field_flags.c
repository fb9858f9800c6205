struct Flags {
    unsigned int ready : 1;
    unsigned int mode : 3;
};

int main(void) {
    struct Flags f;
    f.ready = 1;
    f.mode = 5;
    return f.mode;
}
