/* POSIX headers: getopt and getopt_long on a fixed argv, file descriptors on a mkstemp file, stat, dirent, ffs, and pthread mutexes over four threads. */
#define _GNU_SOURCE
#include <unistd.h>
#include <sys/types.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <strings.h>
#include <getopt.h>
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

static int counter;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static void *work(void *arg) {
    int n = *(int*)arg;
    for (int i = 0; i < n; i++) { pthread_mutex_lock(&mu); counter++; pthread_mutex_unlock(&mu); }
    return (void*)(long)(n * 2);
}
int main(void) {
    char *argv[] = {"prog", "-a", "-b", "val", "-c3", "--long", "lv", "rest1", "rest2", NULL};
    int argc = 9, opt, idx;
    static struct option longs[] = {{"long", required_argument, 0, 'L'}, {"flag", no_argument, 0, 'F'}, {0, 0, 0, 0}};
    optind = 1;
    while ((opt = getopt_long(argc, argv, "ab:c::", longs, &idx)) != -1) {
        switch (opt) {
        case 'a': printf("a\n"); break;
        case 'b': printf("b=%s\n", optarg); break;
        case 'c': printf("c=%s\n", optarg ? optarg : "(none)"); break;
        case 'L': printf("long=%s idx=%d\n", optarg, idx); break;
        default: printf("? %c\n", opt);
        }
    }
    for (int i = optind; i < argc; i++) printf("arg %s\n", argv[i]);
    char *argv2[] = {"p", "-x", "-y", "q", NULL};
    optind = 1; opterr = 0;
    while ((opt = getopt(4, argv2, "xy:")) != -1) printf("opt %c %s\n", opt, optarg ? optarg : "-");
    char path[] = "/tmp/nissecc_posix_testXXXXXX";
    int fd = mkstemp(path);
    if (fd >= 0) {
        write(fd, "abcdef", 6);
        struct stat st; fstat(fd, &st); printf("size %lld reg %d\n", (long long)st.st_size, S_ISREG(st.st_mode));
        lseek(fd, 2, SEEK_SET); char b[8] = {0}; ssize_t r = read(fd, b, 3); printf("read %zd %s\n", r, b);
        close(fd);
        int fd2 = open(path, O_RDONLY); printf("open %d\n", fd2 >= 0); close(fd2);
        unlink(path);
        printf("stat after unlink %d\n", stat(path, &st));
    }
    DIR *d = opendir("/"); int seen = 0; struct dirent *e;
    while (d && (e = readdir(d))) if (strcmp(e->d_name, "tmp") == 0) seen = 1;
    if (d) closedir(d); printf("seen tmp %d\n", seen);
    printf("ffs %d %d\n", ffs(0x40), ffs(0));
    pthread_t th[4]; int n = 1000; void *ret; long tot = 0;
    for (int i = 0; i < 4; i++) pthread_create(&th[i], NULL, work, &n);
    for (int i = 0; i < 4; i++) { pthread_join(th[i], &ret); tot += (long)ret; }
    printf("counter %d tot %ld\n", counter, tot);
    printf("pagesize>0 %d\n", sysconf(_SC_PAGESIZE) > 0);
    printf("getpid>0 %d\n", getpid() > 0);
    return 0;
}
