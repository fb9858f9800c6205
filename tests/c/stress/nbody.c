/* N-body gravitational simulation (benchmarks-game style) with energy tracking. */
#include <stdio.h>
#include <math.h>

#define PI 3.141592653589793
#define SOLAR_MASS (4 * PI * PI)
#define DAYS_PER_YEAR 365.24
#define NB 5

struct Body { double x, y, z, vx, vy, vz, mass; const char *name; };

static struct Body bodies[NB] = {
    { 0, 0, 0, 0, 0, 0, SOLAR_MASS, "sun" },
    { 4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01, 1.66007664274403694e-03 * DAYS_PER_YEAR,
      7.69901118419740425e-03 * DAYS_PER_YEAR, -6.90460016972063023e-05 * DAYS_PER_YEAR, 9.54791938424326609e-04 * SOLAR_MASS, "jupiter" },
    { 8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01, -2.76742510726862411e-03 * DAYS_PER_YEAR,
      4.99852801234917238e-03 * DAYS_PER_YEAR, 2.30417297573763929e-05 * DAYS_PER_YEAR, 2.85885980666130812e-04 * SOLAR_MASS, "saturn" },
    { 1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01, 2.96460137564761618e-03 * DAYS_PER_YEAR,
      2.37847173959480950e-03 * DAYS_PER_YEAR, -2.96589568540237556e-05 * DAYS_PER_YEAR, 4.36624404335156298e-05 * SOLAR_MASS, "uranus" },
    { 1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01, 2.68067772490389322e-03 * DAYS_PER_YEAR,
      1.62824170038242295e-03 * DAYS_PER_YEAR, -9.51592254519715870e-05 * DAYS_PER_YEAR, 5.15138902046611451e-05 * SOLAR_MASS, "neptune" },
};

static void offset_momentum(struct Body *b, int n) {
    double px = 0, py = 0, pz = 0;
    for (int i = 0; i < n; i++) {
        px += b[i].vx * b[i].mass;
        py += b[i].vy * b[i].mass;
        pz += b[i].vz * b[i].mass;
    }
    b[0].vx = -px / SOLAR_MASS;
    b[0].vy = -py / SOLAR_MASS;
    b[0].vz = -pz / SOLAR_MASS;
}

static double energy(const struct Body *b, int n) {
    double e = 0.0;
    for (int i = 0; i < n; i++) {
        e += 0.5 * b[i].mass * (b[i].vx * b[i].vx + b[i].vy * b[i].vy + b[i].vz * b[i].vz);
        for (int j = i + 1; j < n; j++) {
            double dx = b[i].x - b[j].x, dy = b[i].y - b[j].y, dz = b[i].z - b[j].z;
            e -= (b[i].mass * b[j].mass) / sqrt(dx * dx + dy * dy + dz * dz);
        }
    }
    return e;
}

static void advance(struct Body *b, int n, double dt) {
    for (int i = 0; i < n; i++) {
        struct Body *bi = &b[i];
        for (int j = i + 1; j < n; j++) {
            struct Body *bj = &b[j];
            double dx = bi->x - bj->x, dy = bi->y - bj->y, dz = bi->z - bj->z;
            double d2 = dx * dx + dy * dy + dz * dz;
            double mag = dt / (d2 * sqrt(d2));
            bi->vx -= dx * bj->mass * mag;
            bi->vy -= dy * bj->mass * mag;
            bi->vz -= dz * bj->mass * mag;
            bj->vx += dx * bi->mass * mag;
            bj->vy += dy * bi->mass * mag;
            bj->vz += dz * bi->mass * mag;
        }
    }
    for (int i = 0; i < n; i++) {
        b[i].x += dt * b[i].vx;
        b[i].y += dt * b[i].vy;
        b[i].z += dt * b[i].vz;
    }
}

/* many doubles live across calls to exercise caller-saved register handling */
static double stats_across_calls(const struct Body *b, int n) {
    double a0 = b[0].mass, a1 = b[1].x, a2 = b[2].y, a3 = b[3].z, a4 = b[4].vx, a5 = b[1].vy, a6 = b[2].vz;
    double a7 = b[3].x * 2, a8 = b[4].y * 3, a9 = sqrt(fabs(b[1].z)), a10 = b[2].mass * 1e3;
    double s = energy(b, n);
    double c = cos(a1) + sin(a2) + exp(-fabs(a3)) + log(1 + fabs(a4));
    double t = atan2(a5, a6) + pow(fabs(a7), 0.5) + hypot(a8, a9);
    return a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + s + c + t;
}

int main(void) {
    offset_momentum(bodies, NB);
    printf("%.9f\n", energy(bodies, NB));
    printf("stats %.9f\n", stats_across_calls(bodies, NB));
    for (int step = 1; step <= 20000; step++) {
        advance(bodies, NB, 0.01);
        if (step % 4000 == 0) printf("step %5d energy %.9f\n", step, energy(bodies, NB));
    }
    for (int i = 0; i < NB; i++)
        printf("%-8s pos=(%12.6f %12.6f %12.6f) v=(%10.6f %10.6f %10.6f)\n", bodies[i].name, bodies[i].x, bodies[i].y, bodies[i].z,
               bodies[i].vx, bodies[i].vy, bodies[i].vz);
    printf("stats %.9f\n", stats_across_calls(bodies, NB));
    return 0;
}
