//! Builds the profiling runtime, `libnissecc_runtime.a`, that the driver
//! links into instrumented programs (issue 18), and tells the driver where
//! it is (`NISSECC_RUNTIME_ARCHIVE`, read by `src/runtime_path.rs`).
//!
//! The runtime is a `no_std` staticlib, and such a library needs
//! `panic=abort` ("unwinding panics are not supported without std"). The
//! workspace cannot use `panic=abort` (the fuzzer catches panics, and
//! `cargo test` unwinds), so cargo cannot build the archive as a crate
//! type; this script runs rustc itself: first the format crate as an rlib
//! without its `std` feature, then the runtime as a staticlib with fat LTO,
//! which keeps only what the runtime uses, and `--cfg nisse_archive`, which
//! adds the panic handler and the global allocator. `-Crelro-level=partial`
//! lets calls into the C library go through the PLT, bound lazily (see
//! `runtime/src/lib.rs`).

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    println!("cargo:rerun-if-changed=runtime/src");
    println!("cargo:rerun-if-changed=profile-format/src");

    let format = out.join("libnissecc_profile_format.rlib");
    rustc(&[
        "--crate-name=nissecc_profile_format",
        "--crate-type=rlib",
        "-o",
        path(&format),
        path(&root.join("profile-format/src/lib.rs")),
    ]);
    let archive = out.join("libnissecc_runtime.a");
    rustc(&[
        "--crate-name=nissecc_runtime",
        "--crate-type=staticlib",
        "-Clto=fat",
        "--cfg=nisse_archive",
        "--extern",
        &format!("nissecc_profile_format={}", format.display()),
        "-o",
        path(&archive),
        path(&root.join("runtime/src/lib.rs")),
    ]);
    // The debug information that core's bitcode brings along (16 KB in
    // every instrumented program) is of no use; without `strip` it stays.
    let _ = Command::new("strip").arg("--strip-debug").arg(&archive).status();
    println!("cargo:rustc-env=NISSECC_RUNTIME_ARCHIVE={}", archive.display());
}

/// Runs `$RUSTC` with the options both crates share, then `args`.
fn rustc(args: &[&str]) {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let target = std::env::var("TARGET").expect("TARGET");
    let output = Command::new(&rustc)
        .args(["--edition=2021", "--target", &target, "-Cpanic=abort", "-Copt-level=3", "-Ccodegen-units=1", "-Cdebuginfo=0", "-Crelro-level=partial"])
        .args(args)
        .output()
        .unwrap_or_else(|error| panic!("cannot run {}: {error}", rustc.to_string_lossy()));
    if !output.status.success() {
        panic!("building the profiling runtime failed:\n{}", String::from_utf8_lossy(&output.stderr));
    }
}

/// `path` as a string argument.
fn path(path: &Path) -> &str {
    path.to_str().expect("the build directory's path is UTF-8")
}
