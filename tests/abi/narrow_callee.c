/* Callees of parameters narrower than int, built by clang-19 -O2 in
   tests/abi_interop.rs: LLVM marks them `zeroext` or `signext` and reads
   the 32-bit register as it arrives, so each returns what its caller
   extended (gcc's callees extend again, and would hide a caller that
   did not). */
long take_uchar(unsigned char x) { return x; }
long take_schar(signed char x) { return x; }
long take_char(char x) { return x; }
long take_ushort(unsigned short x) { return x; }
long take_short(short x) { return x; }
long take_bool(_Bool x) { return x; }
long take_mixed(int a, unsigned short b, signed char c, _Bool d, short e, unsigned char f, long g, short h) {
    return a + b * 3L + c * 5L + d * 7L + e * 11L + f * 13L + g * 17L + h * 19L;
}
