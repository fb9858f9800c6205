/* goto-based cleanup, static local counters, do-while(0) macros, errno-style returns. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

#define CHECK(cond, code, label) do { if (!(cond)) { err = (code); goto label; } } while (0)
#define TRACE(fmt, ...) printf("[%s:%d] " fmt "\n", __func__, ++trace_seq, __VA_ARGS__)

static int trace_seq;
static int live_allocs;

static void *track_alloc(size_t n) {
    static unsigned calls;
    calls++;
    if (calls % 7 == 0) { TRACE("simulated OOM on call %u", calls); return NULL; }
    live_allocs++;
    return calloc(1, n);
}

static void track_free(void *p) {
    if (p) { live_allocs--; free(p); }
}

struct Buffer { char *data; size_t len, cap; };

static int buf_append(struct Buffer *b, const char *s) {
    size_t n = strlen(s);
    if (b->len + n + 1 > b->cap) {
        size_t nc = b->cap ? b->cap * 2 : 16;
        while (nc < b->len + n + 1) nc *= 2;
        char *nd = track_alloc(nc);
        if (!nd) return -ENOMEM;
        if (b->data) memcpy(nd, b->data, b->len);
        track_free(b->data);
        b->data = nd;
        b->cap = nc;
    }
    memcpy(b->data + b->len, s, n + 1);
    b->len += n;
    return 0;
}

static int process(int id, const char *payload, char *out, size_t outsz) {
    int err = 0;
    struct Buffer a = { 0 }, b = { 0 };
    char *scratch = NULL;
    static int invocations = 0;
    invocations++;

    CHECK(payload != NULL, -EINVAL, out0);
    CHECK(strlen(payload) < 40, -E2BIG, out0);
    scratch = track_alloc(64);
    CHECK(scratch, -ENOMEM, out0);
    CHECK(buf_append(&a, "hdr:") == 0, -ENOMEM, out1);
    CHECK(buf_append(&a, payload) == 0, -ENOMEM, out2);
    for (int i = 0; payload[i]; i++) scratch[i] = (char)(payload[i] ^ 0x20);
    CHECK(buf_append(&b, scratch) == 0, -ENOMEM, out2);
    CHECK(buf_append(&b, "|") == 0, -ENOMEM, out3);
    CHECK(buf_append(&b, a.data) == 0, -ENOMEM, out3);
    snprintf(out, outsz, "%s", b.data);
    TRACE("id=%d ok len=%zu cap=%zu invocations=%d", id, b.len, b.cap, invocations);
out3:
    track_free(b.data);
out2:
    track_free(a.data);
out1:
    track_free(scratch);
out0:
    if (err) TRACE("id=%d failed err=%d (%s)", id, err, strerror(-err));
    return err;
}

static int next_id(void) {
    static int id = 100;
    return id++;
}

static const char *classify(int err) {
    return err == 0 ? "ok" : err == -ENOMEM ? "oom" : err == -EINVAL ? "inval" : err == -E2BIG ? "too-big" : "other";
}

int main(void) {
    const char *payloads[] = { "hello", "World", NULL, "a fairly long payload that exceeds the limit!", "x",
                               "mixedCASE123", "", "the end" };
    int stats[4] = { 0 };
    for (int round = 0; round < 3; round++) {
        for (size_t i = 0; i < sizeof payloads / sizeof *payloads; i++) {
            char out[128] = "";
            int id = next_id();
            int e = process(id, payloads[i], out, sizeof out);
            const char *cls = classify(e);
            stats[e == 0 ? 0 : e == -ENOMEM ? 1 : e == -EINVAL ? 2 : 3]++;
            printf("round %d id %d -> %-7s '%s'\n", round, id, cls, out);
        }
    }
    printf("ok=%d oom=%d inval=%d big=%d live_allocs=%d traces=%d\n", stats[0], stats[1], stats[2], stats[3], live_allocs, trace_seq);
    return live_allocs != 0;
}
