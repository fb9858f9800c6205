// expect-error: unsupported: automatic object of 4294967312 bytes
/* A local array whose size does not fit Cranelift's 32-bit frame
 * offsets (it was once truncated to a 16-byte slot, silently). */
int main(void) {
    char m[4294967312];
    m[4294967300] = 1;
    return m[4294967300];
}
