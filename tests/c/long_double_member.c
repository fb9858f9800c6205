/* A struct holding a long double, written and read. */
struct sample {
    long double value;
    int count;
};

int main(void) {
    struct sample s;
    s.value = 1.5;
    s.count = 1;
    return s.count - 1;
}
