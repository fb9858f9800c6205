/*
 * The caller side of the vector pair: calls every function of
 * vec_callee.c and prints what comes back, one line per call.
 */
#include "vec_shapes.h"

v4si pass_v4si(v4si a, int k);
v4sf pass_v4sf(v4sf a, v4sf b);
v2df pass_v2df(double d, v2df a);
v16qi pass_v16qi(v16qi a);
v8hu pass_v8hu(v8hu a, v8hu b);
v2di pass_v2di(long x, v2di a);
v2si pass_v2si(v2si a, v2si b);
v2sf pass_v2sf(v2sf a, float f);
v4qi pass_v4qi(v4qi a, v4qi b, int k);
v8si pass_v8si(v8si a, v8si b);
v8si pass_v8si_after(long a, long b, long c, long d, long e, long f, long g, v8si v);
v8di pass_v8di(int k, v8di v, int j);
WV pass_WV(WV w);
VI pass_VI(VI s);
VD pass_VD(VD s);
UVD pass_UVD(UVD u);
v4si pass_many(v4si a, v4si b, v4si c, v4si d, v4si e, v4si f, v4si g, v4si h, double x, v4si i, v4si j);
v4si apply_twice(v4si (*f)(v4si), v4si x);

static v4si rotate(v4si x)
{
    printf(" rotate:"); show_v4si(" ", x);
    return (v4si){ x[1], x[2], x[3], x[0] };
}

int main(void)
{
    show_v4si(" => ", pass_v4si((v4si){ 1, -2, 3, -4 }, 7)); endl();
    show_v4sf(" => ", pass_v4sf((v4sf){ 1.5f, -2.25f, 3, 0.125f }, (v4sf){ 2, 4, -8, 16 })); endl();
    show_v2df(" => ", pass_v2df(4.0, (v2df){ 1e10, -0.5 })); endl();
    show_v16qi(" => ", pass_v16qi((v16qi){ 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, -128, 127 })); endl();
    show_v8hu(" => ", pass_v8hu((v8hu){ 1, 2, 3, 65535, 5, 6, 7, 8 }, (v8hu){ 0xff00, 0, 3, 1, 0, 0, 0, 0x8000 })); endl();
    show_v2di(" => ", pass_v2di(-9, (v2di){ 0x123456789LL, -5 })); endl();
    show_v2si(" => ", pass_v2si((v2si){ 10, 20 }, (v2si){ 3, -4 })); endl();
    show_v2sf(" => ", pass_v2sf((v2sf){ 0.25f, -1.5f }, 2.0f)); endl();
    show_v4qi(" => ", pass_v4qi((v4qi){ 1, 2, 3, 100 }, (v4qi){ 5, 6, 7, 3 }, 9)); endl();
    show_v8si(" => ", pass_v8si((v8si){ 1, 2, 3, 4, 5, 6, 7, 8 }, (v8si){ 10, 20, 30, 40, 50, 60, 70, 80 })); endl();
    show_v8si(" => ", pass_v8si_after(1, 2, 3, 4, 5, 6, 7, (v8si){ 8, 9, 10, 11, 12, 13, 14, 15 })); endl();
    show_v8di(" => ", pass_v8di(3, (v8di){ 1, -2, 3, -4, 5, -6, 7, 1LL << 40 }, 5)); endl();
    { WV r = pass_WV((WV){ { 4, 3, 2, 1 } }); show_v4si(" => ", r.v); endl(); }
    { VI r = pass_VI((VI){ { 6, -7 }, 3 }); show_v2si(" => ", r.v); printf(" %d", r.x); endl(); }
    { VD r = pass_VD((VD){ { 0.5f, 1.5f }, -3.25 }); show_v2sf(" => ", r.v); printf(" %.17g", r.d); endl(); }
    { UVD r = pass_UVD((UVD){ .v = { 1, 2, 3, 4 } }); show_v4si(" => ", r.v); endl(); }
    {
        v4si k[10];
        for (int i = 0; i < 10; i++) k[i] = (v4si){ i, i * 10, i * 100, -i };
        show_v4si(" => ", pass_many(k[0], k[1], k[2], k[3], k[4], k[5], k[6], k[7], 2.5, k[8], k[9]));
        endl();
    }
    show_v4si(" => ", apply_twice(rotate, (v4si){ 1, 2, 3, 4 })); endl();
    return 0;
}
