int collatz_steps(int x);
long collatz_total(void);
