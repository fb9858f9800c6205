// expect-error: conversion of scalar 'long' to vector '__vector(4) int' involves truncation
typedef int v4si __attribute__((vector_size(16)));
int main(void) {
    v4si v = { 1, 2, 3, 4 };
    long k = 5;
    v = v + k;
    return v[0];
}
