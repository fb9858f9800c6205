/* Binary and text file I/O: write fixed-size records, seek/read back, append text, parse with fgets/sscanf. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

struct Record { int id; char name[20]; double balance; unsigned flags; };

static int write_records(const char *path, int n) {
    FILE *f = fopen(path, "wb");
    if (!f) return -1;
    for (int i = 0; i < n; i++) {
        struct Record r;
        memset(&r, 0, sizeof r);
        r.id = 1000 + i;
        snprintf(r.name, sizeof r.name, "user_%c%c", 'a' + i % 26, 'a' + (i * 7) % 26);
        r.balance = (i * 37 % 101) * 12.5 - 300.0;
        r.flags = (unsigned)(i * 2654435761u) >> 28;
        if (fwrite(&r, sizeof r, 1, f) != 1) { fclose(f); return -2; }
    }
    return fclose(f);
}

static int read_record(FILE *f, int index, struct Record *out) {
    if (fseek(f, (long)index * (long)sizeof *out, SEEK_SET) != 0) return 0;
    return fread(out, sizeof *out, 1, f) == 1;
}

int main(void) {
    char path[64], tpath[64];
    snprintf(path, sizeof path, "/tmp/nissecc_stress_records_%d.bin", 4242);
    snprintf(tpath, sizeof tpath, "/tmp/nissecc_stress_records_%d.txt", 4242);
    if (write_records(path, 50) != 0) { puts("write failed"); return 1; }
    FILE *f = fopen(path, "rb");
    if (!f) { puts("open failed"); return 1; }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    printf("file size %ld = %ld records of %zu bytes\n", size, size / (long)sizeof(struct Record), sizeof(struct Record));
    int idx[] = { 0, 49, 25, 7, 50, -1 };
    double total = 0;
    for (size_t i = 0; i < sizeof idx / sizeof *idx; i++) {
        struct Record r;
        if (idx[i] >= 0 && read_record(f, idx[i], &r)) {
            printf("rec[%2d] id=%d name=%-8s balance=%9.2f flags=%x\n", idx[i], r.id, r.name, r.balance, r.flags);
            total += r.balance;
        } else printf("rec[%2d] unavailable\n", idx[i]);
    }
    rewind(f);
    struct Record buf[8];
    size_t got, batches = 0, count = 0;
    unsigned flagsum = 0;
    while ((got = fread(buf, sizeof buf[0], 8, f)) > 0) {
        batches++;
        for (size_t k = 0; k < got; k++) { flagsum += buf[k].flags; count++; }
    }
    printf("batched read: %zu records in %zu batches, flagsum=%u eof=%d total=%.2f\n", count, batches, flagsum, feof(f) != 0, total);
    fclose(f);

    FILE *t = fopen(tpath, "w");
    for (int i = 0; i < 6; i++) fprintf(t, "%d,%s,%.3f\n", i, i % 2 ? "odd" : "even", i / 3.0);
    fputs("# comment line\n", t);
    fclose(t);
    t = fopen(tpath, "a");
    fprintf(t, "%d,%s,%.3f\n", 99, "appended", -1.5);
    fclose(t);
    t = fopen(tpath, "r");
    char line[80];
    int lines = 0, parsed = 0;
    double sum = 0;
    while (fgets(line, sizeof line, t)) {
        lines++;
        int n;
        char word[16];
        double v;
        if (line[0] == '#') continue;
        if (sscanf(line, "%d,%15[^,],%lf", &n, word, &v) == 3) { parsed++; sum += v; printf("  %d %-8s %6.3f\n", n, word, v); }
    }
    printf("lines=%d parsed=%d sum=%.3f\n", lines, parsed, sum);
    fclose(t);
    printf("remove: %d %d\n", remove(path), remove(tpath));
    errno = 0;
    FILE *missing = fopen("/tmp/definitely/not/here.txt", "r");
    printf("missing: %s errno=%s\n", missing ? "opened?!" : "NULL", errno == ENOENT ? "ENOENT" : "other");
    return 0;
}
