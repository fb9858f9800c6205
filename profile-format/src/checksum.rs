//! The whole-file checksum of a profile: FNV-1a, 64-bit (Fowler, Noll and
//! Vo), over every byte before the trailer. It needs no table and no
//! dependency, and it catches every single-byte change: each step is a
//! bijection of the state, so two inputs that differ in one byte differ in
//! the state from that byte on.

const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

/// The FNV-1a-64 hash of `bytes`.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(OFFSET_BASIS, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(PRIME))
}

#[cfg(test)]
mod tests {
    use super::fnv1a64;

    #[test]
    fn matches_the_reference_vectors() {
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x8594_4171_f739_67e8);
    }
}
