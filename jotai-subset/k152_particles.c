// inputs: 0 1 2 3  tags: float, nested-loop, stacked-conditionals, struct-ptr-iv
#include <stdio.h>
#include <stdlib.h>

struct particle {
    float x, y;
    float vx, vy;
    int bounces;
    int alive;
};

/* Advance particles `steps` times with gravity and damping inside the box
   [0,w]x[0,h]; walls reflect, the floor kills particles that bounced too often.
   Uses a pointer induction variable over the struct array.  Returns survivors. */
int simulate(struct particle *ps, int n, int steps, float w, float h, float dt)
{
    const float g = -9.8f, damp = 0.8f;
    int alive = 0;
    for (int s = 0; s < steps; s++) {
        for (struct particle *p = ps; p != ps + n; ++p) {
            if (!p->alive) continue;
            p->vy += g * dt;
            p->x += p->vx * dt;
            p->y += p->vy * dt;
            if (p->x < 0.0f) { p->x = -p->x; p->vx = -p->vx * damp; }
            else if (p->x > w) { p->x = 2.0f * w - p->x; p->vx = -p->vx * damp; }
            if (p->y > h) { p->y = 2.0f * h - p->y; p->vy = -p->vy * damp; }
            else if (p->y < 0.0f) {
                p->y = -p->y;
                p->vy = -p->vy * damp;
                if (++p->bounces > 6) p->alive = 0;
            }
        }
    }
    for (struct particle *p = ps; p != ps + n; ++p) alive += p->alive;
    return alive;
}

static void report(const struct particle *ps, int n, int alive)
{
    double sx = 0.0, sy = 0.0;
    long b = 0;
    for (int i = 0; i < n; i++) { sx += ps[i].x; sy += ps[i].y; b += ps[i].bounces; }
    printf("alive=%d sumx=%.3f sumy=%.3f bounces=%ld\n", alive, sx, sy, b);
    for (int i = 0; i < n && i < 3; i++)
        printf("  p%d x=%.4f y=%.4f vx=%.4f vy=%.4f b=%d alive=%d\n", i, ps[i].x, ps[i].y, ps[i].vx, ps[i].vy, ps[i].bounces, ps[i].alive);
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        struct particle p[1];
        int a = simulate(p, 0, 100, 10.0f, 10.0f, 0.01f);
        printf("alive=%d\n", a);
        break;
    }
    case 1: {
        struct particle p[2] = {{1.0f, 5.0f, 3.0f, 0.0f, 0, 1}, {9.0f, 1.0f, -2.0f, 4.0f, 0, 1}};
        int a = simulate(p, 2, 200, 10.0f, 10.0f, 0.01f);
        report(p, 2, a);
        break;
    }
    case 2: {
        struct particle p[3] = {{5.0f, 0.5f, 0.0f, -1.0f, 5, 1}, {5.0f, 9.0f, 0.0f, 0.0f, 0, 0}, {0.1f, 9.9f, -50.0f, 50.0f, 0, 1}};
        int a = simulate(p, 3, 500, 10.0f, 10.0f, 0.01f);
        report(p, 3, a);
        break;
    }
    case 3: {
        int n = 1000;
        struct particle *p = malloc((size_t)n * sizeof *p);
        unsigned seed = 3u;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            p[i].x = (float)((seed >> 16) % 1000) / 100.0f;
            seed = seed * 1103515245u + 12345u;
            p[i].y = (float)((seed >> 16) % 1000) / 100.0f;
            p[i].vx = (float)((int)((seed >> 8) % 200) - 100) / 10.0f;
            p[i].vy = (float)((int)((seed >> 4) % 200) - 100) / 10.0f;
            p[i].bounces = 0;
            p[i].alive = 1;
        }
        int a = simulate(p, n, 500, 10.0f, 10.0f, 0.005f);
        report(p, n, a);
        free(p);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
