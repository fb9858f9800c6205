//! The profile file format (issue 3): round trips, and every class of
//! damage reported as its own error, never as a panic.

mod common;

use common::{canonical, random_profile, shapes, Rng};
use nissecc_profile_format::layout::{HEADER_SIZE, TRAILER_SIZE};
use nissecc_profile_format::{fnv1a64, read, write, FormatError, FunctionProfile, Profile, ValueCount};

fn sample() -> Profile {
    Profile {
        functions: vec![
            FunctionProfile { name: "main".into(), checksum: 0xdead_beef, descriptor: vec![9, 8, 7], counters: vec![1, 10, 0, u64::MAX], paths: vec![], values: vec![] },
            FunctionProfile { name: "helper".into(), checksum: 1, descriptor: vec![], counters: vec![], paths: vec![], values: vec![] },
        ],
    }
}

/// `bytes` with the trailing checksum recomputed, as a (buggy or crafted)
/// writer would produce them.
fn reseal(mut bytes: Vec<u8>) -> Vec<u8> {
    let end = bytes.len() - TRAILER_SIZE;
    let checksum = fnv1a64(&bytes[..end]);
    bytes[end..].copy_from_slice(&checksum.to_le_bytes());
    bytes
}

#[test]
fn random_profiles_round_trip_in_canonical_order() {
    for seed in 0..200 {
        let mut rng = Rng::new(seed);
        let shapes = shapes(&mut rng, 6);
        let profile = random_profile(&mut rng, &shapes);
        let bytes = write(&profile);
        assert_eq!(read(&bytes).unwrap(), canonical(&profile), "seed {seed}");
        assert_eq!(write(&canonical(&profile)), bytes, "seed {seed}: the encoding depends on the order");
    }
}

#[test]
fn the_empty_profile_round_trips() {
    let bytes = write(&Profile::default());
    assert_eq!(bytes.len(), HEADER_SIZE + TRAILER_SIZE);
    assert_eq!(read(&bytes).unwrap(), Profile::default());
}

#[test]
fn every_truncation_is_reported_as_truncated() {
    let bytes = write(&sample());
    for len in 0..bytes.len() {
        assert_eq!(
            read(&bytes[..len]),
            Err(FormatError::Truncated { offset: len as u64, expected: if len < HEADER_SIZE { HEADER_SIZE } else { bytes.len() } as u64 }),
            "truncated to {len} bytes"
        );
    }
}

#[test]
fn every_flipped_byte_is_an_error_and_content_flips_are_checksum_mismatches() {
    let bytes = write(&sample());
    for offset in 0..bytes.len() {
        for mask in [0x01u8, 0x80, 0xff] {
            let mut damaged = bytes.clone();
            damaged[offset] ^= mask;
            let error = read(&damaged).expect_err("a damaged profile was accepted");
            match offset {
                0..=7 => assert_eq!(error, FormatError::BadMagic),
                // Version 3 (2 with its low bit flipped) is readable, so
                // only the checksum catches that flip.
                8..=11 => assert!(matches!(error, FormatError::UnsupportedVersion { .. } | FormatError::ChecksumMismatch { .. }), "{error}"),
                16..=23 => assert!(matches!(error, FormatError::Truncated { .. } | FormatError::TrailingBytes { .. } | FormatError::Corrupt { .. }), "{error}"),
                _ => assert!(matches!(error, FormatError::ChecksumMismatch { .. }), "offset {offset}: {error}"),
            }
        }
    }
}

#[test]
fn random_garbage_never_panics() {
    let mut rng = Rng::new(7);
    let valid = write(&sample());
    for _ in 0..2000 {
        let mut bytes = valid.clone();
        for _ in 0..1 + rng.below(4) {
            let i = rng.below(bytes.len() as u64) as usize;
            bytes[i] = rng.next() as u8;
        }
        bytes.truncate(rng.below(bytes.len() as u64 + 1) as usize);
        let _ = read(&bytes);
        let _ = read(&reseal_if_long_enough(bytes));
    }
}

fn reseal_if_long_enough(bytes: Vec<u8>) -> Vec<u8> {
    if bytes.len() >= TRAILER_SIZE { reseal(bytes) } else { bytes }
}

#[test]
fn a_wrong_version_is_named() {
    let mut bytes = write(&sample());
    bytes[8..12].copy_from_slice(&7u32.to_le_bytes());
    let error = read(&reseal(bytes)).unwrap_err();
    assert_eq!(error, FormatError::UnsupportedVersion { found: 7, expected: nissecc_profile_format::layout::NEWEST_READABLE_VERSION });
    assert_eq!(error.to_string(), "unsupported format version (found 7, expected 1 to 4)");
}

/// A version-1 file: functions end after their counters, as before path
/// profiles existed.
fn version_1_bytes(profile: &Profile) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(b"NPROF\0\0\0");
    out.extend_from_slice(&1u32.to_le_bytes());
    out.extend_from_slice(&0u32.to_le_bytes());
    out.extend_from_slice(&0u64.to_le_bytes());
    out.extend_from_slice(&(profile.functions.len() as u64).to_le_bytes());
    for f in &profile.functions {
        out.extend_from_slice(&(f.name.len() as u64).to_le_bytes());
        out.extend_from_slice(f.name.as_bytes());
        out.extend_from_slice(&f.checksum.to_le_bytes());
        out.extend_from_slice(&(f.descriptor.len() as u64).to_le_bytes());
        out.extend_from_slice(&f.descriptor);
        out.extend_from_slice(&(f.counters.len() as u64).to_le_bytes());
        f.counters.iter().for_each(|c| out.extend_from_slice(&c.to_le_bytes()));
    }
    let total = (out.len() + TRAILER_SIZE) as u64;
    out[16..24].copy_from_slice(&total.to_le_bytes());
    let checksum = fnv1a64(&out);
    out.extend_from_slice(&checksum.to_le_bytes());
    out
}

#[test]
fn version_1_files_are_still_read() {
    let profile = Profile {
        functions: vec![FunctionProfile { name: "main".into(), checksum: 5, descriptor: vec![1, 2, 3], counters: vec![4, 5], paths: vec![], values: vec![] }],
    };
    assert_eq!(read(&version_1_bytes(&profile)).unwrap(), profile);
}

#[test]
fn paths_round_trip_and_bad_paths_are_corrupt() {
    let profile = Profile {
        functions: vec![FunctionProfile { name: "p".into(), checksum: 9, descriptor: vec![7], counters: vec![], paths: vec![(0, 3), (5, 1), (u64::MAX, 2)], values: vec![] }],
    };
    let bytes = write(&profile);
    assert_eq!(read(&bytes).unwrap(), profile);
    // The last path pair sits right before the trailer.
    let last_pair = bytes.len() - TRAILER_SIZE - 16;
    let mut zero = bytes.clone();
    zero[last_pair + 8..last_pair + 16].copy_from_slice(&0u64.to_le_bytes());
    assert!(read(&reseal(zero)).unwrap_err().to_string().contains("has count 0"));
    let mut unordered = bytes.clone();
    unordered[last_pair..last_pair + 8].copy_from_slice(&5u64.to_le_bytes());
    assert!(read(&reseal(unordered)).unwrap_err().to_string().contains("out of order"));
    let mut too_many = bytes;
    let count_at = last_pair - 2 * 16 - 8;
    too_many[count_at..count_at + 8].copy_from_slice(&4u64.to_le_bytes());
    assert!(read(&reseal(too_many)).unwrap_err().to_string().contains("paths of 64 bytes runs past the end"));
}

#[test]
fn foreign_files_have_a_bad_magic() {
    assert_eq!(read(b"\x7fELF\x02\x01\x01"), Err(FormatError::BadMagic));
    assert_eq!(read(b"NPROX\0\0\0rest of it"), Err(FormatError::BadMagic));
    assert!(read(b"").unwrap_err().to_string().starts_with("truncated at byte offset 0"));
}

#[test]
fn appended_bytes_are_reported() {
    let mut bytes = write(&sample());
    let len = bytes.len() as u64;
    bytes.extend_from_slice(b"xyz");
    assert_eq!(read(&bytes), Err(FormatError::TrailingBytes { offset: len, count: 3 }));
}

#[test]
fn checksum_mismatch_message_names_both_values() {
    let mut bytes = write(&sample());
    bytes[HEADER_SIZE + 3] ^= 1;
    let message = read(&bytes).unwrap_err().to_string();
    assert!(message.starts_with("checksum mismatch (stored 0x"), "{message}");
    assert!(message.ends_with("the file is corrupt"), "{message}");
}

#[test]
fn malformed_content_under_a_valid_checksum_is_corrupt() {
    let bytes = write(&sample());
    // The first function is `helper` (canonical order): its name starts
    // after its 8-byte length.
    let name_at = HEADER_SIZE + 8;

    let mut bad_utf8 = bytes.clone();
    bad_utf8[name_at] = 0xff;
    assert_eq!(read(&reseal(bad_utf8)).unwrap_err().to_string(), format!("corrupt at byte offset {HEADER_SIZE}: function name is not UTF-8"));

    let helper = sample().functions[1].clone();
    let twice = write(&Profile { functions: vec![helper.clone(), helper] });
    assert!(read(&twice).unwrap_err().to_string().ends_with("function `helper` appears twice"));

    let mut long_name = bytes.clone();
    long_name[HEADER_SIZE..HEADER_SIZE + 8].copy_from_slice(&u64::MAX.to_le_bytes());
    assert!(read(&reseal(long_name)).unwrap_err().to_string().contains("runs past the end of the content"));

    let mut flags = bytes;
    flags[12] = 1;
    assert_eq!(read(&reseal(flags)).unwrap_err().to_string(), "corrupt at byte offset 12: unknown flags 0x1 for format version 2");
}

#[test]
fn value_counts_round_trip_as_version_4_and_bad_ones_are_corrupt() {
    let value = |site, value, count| ValueCount { site, value, count };
    let profile = Profile {
        functions: vec![FunctionProfile {
            name: "v".into(),
            checksum: 9,
            descriptor: vec![7],
            counters: vec![3],
            paths: vec![],
            values: vec![value(0, 8, 30), value(0, u64::MAX, 2), value(2, 7, 1)],
        }],
    };
    let bytes = write(&profile);
    assert_eq!(u32::from_le_bytes(bytes[8..12].try_into().unwrap()), 4);
    assert_eq!(read(&bytes).unwrap(), profile);
    // A profile without values is still written as version 2.
    let plain = Profile { functions: vec![FunctionProfile { values: vec![], ..profile.functions[0].clone() }] };
    assert_eq!(u32::from_le_bytes(write(&plain)[8..12].try_into().unwrap()), 2);
    // The last triple sits right before the trailer.
    let last = bytes.len() - TRAILER_SIZE - 24;
    let mut zero = bytes.clone();
    zero[last + 16..last + 24].copy_from_slice(&0u64.to_le_bytes());
    assert!(read(&reseal(zero)).unwrap_err().to_string().contains("has count 0"));
    let mut unordered = bytes.clone();
    unordered[last..last + 8].copy_from_slice(&0u64.to_le_bytes());
    assert!(read(&reseal(unordered)).unwrap_err().to_string().contains("out of order"));
    let mut wide_site = bytes.clone();
    wide_site[last..last + 8].copy_from_slice(&(1u64 << 32).to_le_bytes());
    assert!(read(&reseal(wide_site)).unwrap_err().to_string().contains("out of range"));
    let mut too_many = bytes;
    let count_at = last - 2 * 24 - 8;
    too_many[count_at..count_at + 8].copy_from_slice(&4u64.to_le_bytes());
    assert!(read(&reseal(too_many)).unwrap_err().to_string().contains("value counts of 96 bytes runs past the end"));
}
