/* The strong definition that replaces the weak alias tick. */
int tick(int n) { return n * 100; }
