// expect-error: conflicting types for 'count'
/* An object declared again with another type (gcc: conflicting types). */
int count;
long count;

int main(void) { return 0; }
