/* main(int argc, char **argv, char **envp): argv[argc] is null and the status comes from argc. */
#include <stdio.h>
int main(int argc, char **argv, char **envp) {
    int n = 0; while (envp[n]) n++;
    printf("%d %d %s\n", argc, n > 0, argv[argc] == NULL ? "null" : "x");
    return argc + 4;
}
