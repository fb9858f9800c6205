//! Building C test programs against the runtime by hand (no compiler
//! involved): gcc, the ABI constants of `profile-format/src/abi.rs` as
//! `-DNISSE_*` macros for `nisse_abi.h`, and the runtime's link arguments.

use nissecc::runtime_path::{runtime_archive_path, runtime_link_args};
use nissecc_profile_format::abi;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Builds the C file `source` into `dir/name`, linked with the runtime.
pub fn build_c(source: &Path, dir: &Path, name: &str, extra: &[&str]) -> PathBuf {
    let exe = dir.join(name);
    let archive = runtime_archive_path().expect("libnissecc_runtime.a not found; build the workspace first");
    let include = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/runtime");
    let mut gcc = Command::new("gcc");
    gcc.arg("-O1").arg("-I").arg(include).arg("-o").arg(&exe).arg(source).args(extra);
    for (macro_name, value) in [
        ("RECORD_SIZE", abi::RECORD_SIZE),
        ("RECORD_NAME_PTR", abi::RECORD_NAME_PTR),
        ("RECORD_CFG_CHECKSUM", abi::RECORD_CFG_CHECKSUM),
        ("RECORD_COUNTERS_PTR", abi::RECORD_COUNTERS_PTR),
        ("RECORD_DESCRIPTOR_PTR", abi::RECORD_DESCRIPTOR_PTR),
        ("RECORD_ANCHOR_PTR", abi::RECORD_ANCHOR_PTR),
        ("RECORD_FLAGS", abi::RECORD_FLAGS),
        ("RECORD_FUNCTION_PTR", abi::RECORD_FUNCTION_PTR),
        ("RECORD_PC_MAP_PTR", abi::RECORD_PC_MAP_PTR),
        ("RECORD_VALUE_SITES_PTR", abi::RECORD_VALUE_SITES_PTR),
        ("RECORD_NUM_VALUE_SITES", abi::RECORD_NUM_VALUE_SITES),
    ] {
        gcc.arg(format!("-DNISSE_{macro_name}={value}"));
    }
    gcc.arg(format!("-DNISSE_ABI_VERSION={}", abi::ABI_VERSION));
    gcc.arg(format!("-DNISSE_RECORDS_SECTION=\"{}\"", abi::RECORDS_SECTION));
    gcc.args(runtime_link_args(&archive));
    let out = gcc.output().expect("run gcc");
    assert!(out.status.success(), "gcc failed:\n{}", String::from_utf8_lossy(&out.stderr));
    exe
}
