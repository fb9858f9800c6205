//! Unsigned LEB128, the variable-length numbers of CFG descriptors and
//! trace files: seven bits a byte, low bits first, the high bit set on
//! every byte but the last.

use alloc::vec::Vec;

/// The most bytes a 64-bit number takes.
pub const MAX_LEN: usize = 10;

/// Appends `value`.
pub fn put(out: &mut Vec<u8>, value: u64) {
    let mut bytes = [0; MAX_LEN];
    let len = write(&mut bytes, value);
    out.extend_from_slice(&bytes[..len]);
}

/// Writes `value` at the start of `out` (at least [`MAX_LEN`] bytes, or
/// [`len`]`(value)`), and returns how many bytes it took.
pub fn write(out: &mut [u8], mut value: u64) -> usize {
    let mut i = 0;
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out[i] = byte;
            return i + 1;
        }
        out[i] = byte | 0x80;
        i += 1;
    }
}

/// How many bytes `value` takes.
pub fn len(value: u64) -> usize {
    (64 - value.leading_zeros() as usize).max(1).div_ceil(7)
}

/// Why [`read`] failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The bytes end at offset `at` inside the number.
    Truncated { at: usize },
    /// The number does not fit in 64 bits.
    TooLong,
}

/// Reads the number at `*offset` and moves past it; on an error `*offset`
/// is left where the number starts.
pub fn read(bytes: &[u8], offset: &mut usize) -> Result<u64, ReadError> {
    let mut at = *offset;
    let mut value = 0u64;
    for shift in (0..64).step_by(7) {
        let Some(&byte) = bytes.get(at) else { return Err(ReadError::Truncated { at }) };
        at += 1;
        let bits = u64::from(byte & 0x7f);
        if shift == 63 && bits > 1 {
            break;
        }
        value |= bits << shift;
        if byte & 0x80 == 0 {
            *offset = at;
            return Ok(value);
        }
    }
    Err(ReadError::TooLong)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_round_trip_and_bad_ones_are_named() {
        for value in [0, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX] {
            let mut out = Vec::new();
            put(&mut out, value);
            assert_eq!(out.len(), len(value), "{value}");
            let mut offset = 0;
            assert_eq!(read(&out, &mut offset), Ok(value));
            assert_eq!(offset, out.len());
            let mut offset = 0;
            assert_eq!(read(&out[..out.len() - 1], &mut offset), Err(ReadError::Truncated { at: out.len() - 1 }));
            assert_eq!(offset, 0);
        }
        let mut offset = 0;
        assert_eq!(read(&[0xff; 9].iter().copied().chain([2]).collect::<Vec<u8>>(), &mut offset), Err(ReadError::TooLong));
    }
}
