//! The ABI between instrumented code and the runtime (issue 3), written down
//! in this one place: the instrumentation passes emit exactly these objects
//! and the runtime reads exactly these fields.
//!
//! Per instrumented function `<fn>` the compiler emits four local data
//! objects:
//!
//! - [`COUNTERS_PREFIX`]`<fn>`: `u64[num_counters]`, zero-initialised,
//!   writable, aligned to 8;
//! - [`DESCRIPTOR_PREFIX`]`<fn>`: the CFG descriptor, opaque bytes that the
//!   runtime copies into the profile unchanged (the midend defines and
//!   parses them), aligned to 8;
//! - [`NAME_PREFIX`]`<fn>`: the function's name bytes followed by a NUL;
//! - [`RECORD_PREFIX`]`<fn>`: a [`RECORD_SIZE`]-byte record, aligned to
//!   [`RECORD_ALIGN`], writable, placed in the ELF section
//!   [`RECORDS_SECTION`].
//!
//! A record is a sequence of little-endian `u64` fields at the `RECORD_*`
//! offsets below. Pointer fields hold absolute addresses (relocations).
//!
//! ```text
//!  0: abi_version (= ABI_VERSION)      8: &name        16: name_len (without the NUL)
//! 24: cfg_checksum                    32: &counters    40: num_counters
//! 48: &descriptor                     56: descriptor_len
//! 64: &__nisse_runtime_anchor         72: flags
//! 80: &function (sampled only)        88: &pc_map (sampled only)
//! 96: &value_sites                    104: num_value_sites
//! ```
//!
//! Flags (ABI version 2, for path profiles): with [`FLAG_PATH_ARRAY`] the
//! counter array holds one count per path number (`num_counters` paths);
//! with [`FLAG_PATH_HASH`] the function has too many paths for an array
//! and counts them in the runtime's hash table by calling
//! [`HASH_COUNT_FUNCTION`]`(&counters, path, delta)`, the counter
//! array's address serving only as the key (`num_counters` is 0). Either
//! way the runtime writes the nonzero counts as the function's paths.
//! Without either flag the counters are edge counters.
//!
//! With [`FLAG_SAMPLED`] (ABI version 3, `-fprofile-sample`, issue 17)
//! the function has no counter updates: its counters are one sample count
//! per sampled block, in the order its descriptor lists them, and the
//! runtime's `SIGPROF` handler adds to them (the CPU time since the
//! previous sample, in [`SAMPLE_UNIT_NS`] units). The record then points at
//! the function's code ([`RECORD_FUNCTION_PTR`]) and at its *PC map*
//! ([`PC_MAP_PREFIX`]`<fn>`, [`RECORD_PC_MAP_PTR`]), which the backend
//! writes after compiling the function: little-endian `u32`s, aligned to
//! 4,
//!
//! ```text
//! code_len, num_ranges, then per range: start, end, counter
//! ```
//!
//! where `start..end` are byte offsets from the function's address, in
//! increasing order and disjoint, and `counter` indexes the counter array
//! (below `num_counters`). Code in no range (jump-only blocks) counts
//! nowhere. The other records hold 0 in both fields.
//!
//! With value profiling (ABI version 4, `-fprofile-values`), the record
//! points at the function's value sites ([`VALUE_SITES_PREFIX`]`<fn>`,
//! zero-initialised, writable, aligned to 8), one per instruction whose
//! operand is profiled, in the order the descriptor lists them; the other
//! records hold 0 in both fields. Instrumented code calls
//! [`VALUE_COUNT_FUNCTION`]`(&site, value)` before the instruction. A
//! site is [`VALUE_SITE_WORDS`] `u64`s: the number of slots claimed, then
//! [`VALUE_SLOTS`] slots of `(value, count)`, filled in the order the
//! values are first seen (the first word of a call-target site starts as
//! [`VALUE_SITE_TARGETS`], which the count is kept below, and its values
//! are function addresses, which the runtime writes as the FNV-1a hash of
//! the name of the function record at that address, or 0); a value first seen when every slot is taken is
//! not counted, so every count present is exact and the site's block
//! count tells how many executions went uncounted. With
//! [`FLAG_VALUES_HASHED`] (`-fprofile-values=naive`, the oracle's
//! reference) a site is one `u64` whose address keys the runtime's path
//! hash table, which counts every value ([`HASH_COUNT_FUNCTION`]`(&site,
//! value, 1)`), however many there are.
//!
//! The section name is a valid C identifier, so GNU ld defines
//! [`SECTION_START_SYMBOL`] and [`SECTION_STOP_SYMBOL`] around the records
//! of all objects, and the runtime walks them without any registration
//! code in the user program. The reference to [`RUNTIME_ANCHOR_SYMBOL`]
//! makes the linker pull the runtime's object (which also holds its
//! constructor) out of the static archive. The runtime's own object holds
//! one all-zero placeholder record, so that the section (and with it the
//! start and stop symbols) exists even in a program with no instrumented
//! function; the runtime skips every record whose `abi_version` is 0.

/// The version of the record layout; the runtime skips (with a warning)
/// records of any other version except 0, which marks a placeholder.
pub const ABI_VERSION: u64 = 4;

/// The ELF section holding the records of every instrumented function.
pub const RECORDS_SECTION: &str = "nisse_records";
/// The symbol GNU ld defines at the start of [`RECORDS_SECTION`].
pub const SECTION_START_SYMBOL: &str = "__start_nisse_records";
/// The symbol GNU ld defines at the end of [`RECORDS_SECTION`].
pub const SECTION_STOP_SYMBOL: &str = "__stop_nisse_records";
/// A `u64` defined by the runtime; every record points at it.
pub const RUNTIME_ANCHOR_SYMBOL: &str = "__nisse_runtime_anchor";

/// Prefix of the per-function counter array's symbol.
pub const COUNTERS_PREFIX: &str = "__nisse_cnt.";
/// Prefix of the per-function CFG descriptor's symbol.
pub const DESCRIPTOR_PREFIX: &str = "__nisse_cfg.";
/// Prefix of the per-function NUL-terminated name's symbol.
pub const NAME_PREFIX: &str = "__nisse_name.";
/// Prefix of the per-function record's symbol.
pub const RECORD_PREFIX: &str = "__nisse_rec.";
/// Prefix of a sampled function's PC map (see [`FLAG_SAMPLED`]).
pub const PC_MAP_PREFIX: &str = "__nisse_pcmap.";

/// Prefix of the per-function value sites' symbol (see
/// [`VALUE_COUNT_FUNCTION`]).
pub const VALUE_SITES_PREFIX: &str = "__nisse_val.";

/// The size of one record in bytes.
pub const RECORD_SIZE: usize = 112;
/// The alignment of records, counters and descriptors in bytes.
pub const RECORD_ALIGN: usize = 8;

/// Offset of the record layout version.
pub const RECORD_ABI_VERSION: usize = 0;
/// Offset of the address of the function's name.
pub const RECORD_NAME_PTR: usize = 8;
/// Offset of the name's length in bytes, without the NUL.
pub const RECORD_NAME_LEN: usize = 16;
/// Offset of the CFG checksum, computed on the IR before instrumentation.
pub const RECORD_CFG_CHECKSUM: usize = 24;
/// Offset of the address of the counter array.
pub const RECORD_COUNTERS_PTR: usize = 32;
/// Offset of the number of `u64` counters.
pub const RECORD_NUM_COUNTERS: usize = 40;
/// Offset of the address of the CFG descriptor.
pub const RECORD_DESCRIPTOR_PTR: usize = 48;
/// Offset of the descriptor's length in bytes.
pub const RECORD_DESCRIPTOR_LEN: usize = 56;
/// Offset of the address of [`RUNTIME_ANCHOR_SYMBOL`].
pub const RECORD_ANCHOR_PTR: usize = 64;
/// Offset of the flags word.
pub const RECORD_FLAGS: usize = 72;
/// Offset of the function's address ([`FLAG_SAMPLED`] only, else 0).
pub const RECORD_FUNCTION_PTR: usize = 80;
/// Offset of the address of the function's PC map ([`FLAG_SAMPLED`]
/// only, else 0).
pub const RECORD_PC_MAP_PTR: usize = 88;
/// Offset of the address of the function's value sites (0 without).
pub const RECORD_VALUE_SITES_PTR: usize = 96;
/// Offset of the number of value sites.
pub const RECORD_NUM_VALUE_SITES: usize = 104;

/// Record flag: the counters are a dense array of path counts.
pub const FLAG_PATH_ARRAY: u64 = 1;
/// Record flag: the paths are counted in the runtime's hash table.
pub const FLAG_PATH_HASH: u64 = 2;
/// Record flag: the counters are sample counts of the function's blocks,
/// which the runtime's sampler attributes through the PC map.
pub const FLAG_SAMPLED: u64 = 4;
/// Record flag: the value sites are counted in the runtime's hash table,
/// one `u64` key per site, rather than in slots.
pub const FLAG_VALUES_HASHED: u64 = 8;
/// The flag in the first word of a call-target value site (in slots or
/// hashed): its values are function addresses.
pub const VALUE_SITE_TARGETS: u64 = 1 << 63;
/// The value slots of a site.
pub const VALUE_SLOTS: usize = 8;
/// The `u64`s of a value site: the claimed-slot count and the slots.
pub const VALUE_SITE_WORDS: usize = 1 + 2 * VALUE_SLOTS;
/// The runtime function that counts `value` at the value site at `site`:
/// `void __nisse_value_count(u64 *site, u64 value)`.
pub const VALUE_COUNT_FUNCTION: &str = "__nisse_value_count";
/// [`VALUE_COUNT_FUNCTION`] for `-fprofile-update=atomic`: concurrent
/// threads lose no count.
pub const VALUE_COUNT_ATOMIC_FUNCTION: &str = "__nisse_value_count_atomic";
/// Offset, in `u32`s, of the PC map's code length.
pub const PC_MAP_CODE_LEN: usize = 0;
/// Offset, in `u32`s, of the PC map's number of ranges.
pub const PC_MAP_NUM_RANGES: usize = 1;
/// Offset, in `u32`s, of the PC map's first range.
pub const PC_MAP_RANGES: usize = 2;
/// The `u32`s of one PC map range: start, end, counter.
pub const PC_MAP_RANGE_WORDS: usize = 3;
/// The runtime function that adds `delta` (modulo 2^64) to the count of
/// path `path` of the function whose counter array is at `key`:
/// `void __nisse_path_count(u64 *key, u64 path, u64 delta)`.
pub const HASH_COUNT_FUNCTION: &str = "__nisse_path_count";
/// [`HASH_COUNT_FUNCTION`] for `-fprofile-update=atomic`: the same
/// arguments, but concurrent threads lose no count (the count is updated
/// with an atomic add).
pub const HASH_COUNT_ATOMIC_FUNCTION: &str = "__nisse_path_count_atomic";

/// The environment variable naming the profile file.
pub const PROFILE_FILE_ENV: &str = "NISSE_PROFILE_FILE";
/// The profile file written when [`PROFILE_FILE_ENV`] is unset or empty.
pub const DEFAULT_PROFILE_FILE: &str = "default.nprof";
/// The environment variable setting the sampling rate of sampled
/// programs, in samples per second of the process's CPU time (0 turns
/// sampling off).
pub const SAMPLE_HZ_ENV: &str = "NISSE_SAMPLE_HZ";
/// The sampling rate when [`SAMPLE_HZ_ENV`] is unset.
pub const DEFAULT_SAMPLE_HZ: u64 = 1000;
/// The CPU time that one unit of a sample counter stands for, in
/// nanoseconds: each sample adds the process CPU time since the previous
/// one, in these units, so that counts do not depend on the rate at which
/// the kernel delivered the samples.
pub const SAMPLE_UNIT_NS: u64 = 100_000;

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;

    #[test]
    fn fields_tile_the_record() {
        let offsets = [
            RECORD_ABI_VERSION,
            RECORD_NAME_PTR,
            RECORD_NAME_LEN,
            RECORD_CFG_CHECKSUM,
            RECORD_COUNTERS_PTR,
            RECORD_NUM_COUNTERS,
            RECORD_DESCRIPTOR_PTR,
            RECORD_DESCRIPTOR_LEN,
            RECORD_ANCHOR_PTR,
            RECORD_FLAGS,
            RECORD_FUNCTION_PTR,
            RECORD_PC_MAP_PTR,
            RECORD_VALUE_SITES_PTR,
            RECORD_NUM_VALUE_SITES,
        ];
        for (i, offset) in offsets.iter().enumerate() {
            assert_eq!(*offset, i * 8);
        }
        assert_eq!(RECORD_SIZE, offsets.len() * 8);
        assert_eq!(format!("__start_{RECORDS_SECTION}"), SECTION_START_SYMBOL);
        assert_eq!(format!("__stop_{RECORDS_SECTION}"), SECTION_STOP_SYMBOL);
    }
}
