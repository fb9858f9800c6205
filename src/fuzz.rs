//! `nissecc-fuzz`: a mutation fuzzer in the tree (issue 21). It takes seed
//! inputs, mutates them at random, feeds each mutant to one target, and
//! reports any mutant that makes the target panic or fail in a way bad
//! input must never cause.
//!
//! It is not coverage-guided: cargo-fuzz and libFuzzer need a nightly
//! toolchain, which the machines CI runs on do not have. What it does
//! instead is mutate seeds that already reach deep into the compiler (the
//! preprocessed `tests/c` programs, with their system headers, and the IR
//! filetests), with edits shaped like C: deleting, duplicating and moving
//! spans, and inserting C's tokens.
//!
//! Targets:
//! - `frontend`: preprocessed C → frontend → midend `-O2` with the IR
//!   verifier after every pass → backend, in process. A frontend error is
//!   fine (the mutant is bad C); a panic, invalid IR after a pass, or a
//!   backend error that is not an `unsupported:` one is a failure.
//! - `ir`: IR text → parser → verifier → `-O2` → backend. A parse or
//!   verifier error is fine; a panic or a later error is a failure.
//! - `profile`: profile bytes → reader → every function's counts. An
//!   error is fine; a panic is a failure.
//! - `semantic` (`semantic`, with its own mutator `semantic_mutation`):
//!   a `tests/c` program with its literals, operators or integer types
//!   changed must print and exit under nissecc, at `-O0`, `-O2` and with
//!   the naive, sese and path profilers, as under gcc, and the profiles
//!   must agree; mutants with undefined behaviour (gcc's sanitizers) are
//!   filtered out first.

use nissecc_backend::{compile_module, BackendOptions, OptLevel as BackendLevel};
use nissecc_midend::pipeline::{self, OptLevel, PipelineOptions};
use std::panic::{catch_unwind, AssertUnwindSafe};

pub mod c_tokens;
pub mod semantic;
pub mod semantic_mutation;

/// A small deterministic random number generator (xorshift64*).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Tokens the mutator inserts: C's punctuation and keywords, and values
/// at the edges of the integer types.
const TOKENS: &[&str] = &[
    "(", ")", "{", "}", "[", "]", ";", ",", "*", "&", "=", "==", "+", "-", "<<", ">>", "?", ":", "...", "->", ".", "int", "char",
    "long", "unsigned", "struct", "union", "enum", "typedef", "static", "const", "volatile", "void", "double", "float", "if",
    "else", "while", "for", "do", "switch", "case", "default:", "goto", "return", "break", "continue", "sizeof", "0", "1", "-1",
    "0x7fffffff", "0x80000000", "0xffffffffffffffff", "2147483648", "1e308", "'\\0'", "\"s\"", "x", "main", "__attribute__((packed))",
    "_Bool", "long double", "int (*)(int)", "[0]", "[-1]", "va_arg", "setjmp",
];

/// Single bytes the mutator writes over others.
const BYTES: &[u8] = b"09azAZ(){};*&\n\"'\\#";

/// One random edit of `input` (bytes, ASCII edits only).
pub fn mutate(input: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut out = input.to_vec();
    let edits = 1 + rng.below(4);
    for _ in 0..edits {
        let len = out.len();
        if len == 0 {
            out.extend_from_slice(TOKENS[rng.below(TOKENS.len())].as_bytes());
            continue;
        }
        let at = rng.below(len);
        let span = 1 + rng.below(64.min(len - at));
        match rng.below(6) {
            0 => {
                out.drain(at..at + span);
            }
            1 => {
                let copy: Vec<u8> = out[at..at + span].to_vec();
                let to = rng.below(out.len() + 1);
                out.splice(to..to, copy);
            }
            2 => {
                let token = TOKENS[rng.below(TOKENS.len())];
                out.splice(at..at, format!(" {token} ").into_bytes());
            }
            3 => {
                let token = TOKENS[rng.below(TOKENS.len())];
                out.splice(at..at + span.min(8), token.bytes());
            }
            4 => out[at] = BYTES[rng.below(BYTES.len())],
            _ => {
                // Repeat a bracket deeply: nesting limits.
                let bracket = [b"(".as_slice(), b"{", b"["][rng.below(3)];
                let times = 1 + rng.below(300);
                out.splice(at..at, bracket.repeat(times));
            }
        }
    }
    out
}

/// What a target made of one input.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Handled: compiled, or rejected with a proper error (for the
    /// `semantic` target: checked, and nissecc agrees with gcc).
    Handled,
    /// Set aside before nissecc saw it, and why: gcc's builds show that
    /// the program has undefined or unpredictable behaviour (`semantic`).
    Filtered(&'static str),
    /// Not checked, and why: nissecc rejected the program with a proper
    /// error (`semantic`).
    Skipped(&'static str),
    /// A failure that bad input must never cause, and why.
    Failure(String),
}

/// Runs `body`, turning a panic into a failure.
pub(crate) fn guarded(body: impl FnOnce() -> Verdict) -> Verdict {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(verdict) => verdict,
        Err(payload) => {
            let message = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "a panic".into());
            Verdict::Failure(format!("panicked: {message}"))
        }
    }
}

/// The midend at `-O2`, verified after every pass, then the backend.
fn optimize_and_compile(mut module: nissecc_midend::ir::Module) -> Verdict {
    let options = PipelineOptions { level: OptLevel::O2, verify: true };
    if let Err(e) = pipeline::run(&mut module, &options) {
        return Verdict::Failure(e.to_string());
    }
    match compile_module(&module, &BackendOptions { opt_level: BackendLevel::Speed, verify: true }) {
        Ok(_) => Verdict::Handled,
        Err(e) if e.is_in_input() || e.to_string().contains("unsupported") => Verdict::Handled,
        Err(e) => Verdict::Failure(format!("backend: {e}")),
    }
}

/// The `frontend` target on preprocessed C.
pub fn frontend(input: &[u8]) -> Verdict {
    let text = String::from_utf8_lossy(input).into_owned();
    guarded(|| match nissecc_frontend::compile_preprocessed(text, "fuzz.c").result {
        Err(_) => Verdict::Handled,
        Ok(module) => optimize_and_compile(module),
    })
}

/// The `ir` target on IR text.
pub fn ir(input: &[u8]) -> Verdict {
    let text = String::from_utf8_lossy(input);
    guarded(|| match nissecc_midend::text::parse_module(&text) {
        Err(_) => Verdict::Handled,
        Ok(module) if nissecc_midend::verifier::verify_module(&module).is_err() => Verdict::Handled,
        Ok(module) => optimize_and_compile(module),
    })
}

/// `bytes` with the total length and the whole-file checksum that a
/// profile's header and trailer hold made right again, so that a mutant
/// reaches the decoding of what it changed instead of failing the
/// checksum.
fn reseal(bytes: &[u8]) -> Vec<u8> {
    use nissecc_profile_format::layout::{HEADER_SIZE, TOTAL_LEN_OFFSET, TRAILER_SIZE};
    let mut out = bytes.to_vec();
    if out.len() < HEADER_SIZE + TRAILER_SIZE {
        return out;
    }
    let len = out.len() as u64;
    out[TOTAL_LEN_OFFSET..TOTAL_LEN_OFFSET + 8].copy_from_slice(&len.to_le_bytes());
    let body_end = out.len() - TRAILER_SIZE;
    let checksum = nissecc_profile_format::fnv1a64(&out[..body_end]);
    out[body_end..].copy_from_slice(&checksum.to_le_bytes());
    out
}

/// The `profile` target on profile bytes, resealed (see [`reseal`]).
pub fn profile(input: &[u8]) -> Verdict {
    let input = reseal(input);
    guarded(|| {
        match nissecc_profile_format::read_any(&input) {
            Ok(nissecc_profile_format::AnyProfile::Runs(profile)) => {
                for function in &profile.functions {
                    let _ = crate::profdata::counts::function_counts(function);
                }
            }
            // What show and -fprofile-use do with a combined profile, and
            // merging it with itself.
            Ok(nissecc_profile_format::AnyProfile::Combined(combined)) => {
                for function in &combined.functions {
                    if let Ok(descriptor) = nissecc_midend::profile::decode_descriptor(&function.descriptor) {
                        let _ = nissecc_midend::profile::combined::mean_profile(&descriptor, function);
                        let _ = nissecc_midend::profile::combined::unstable_branches(&descriptor, function, 1.0);
                    }
                }
                let _ = combined.combine(&combined);
            }
            Err(_) => {}
        }
        Verdict::Handled
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutation_is_deterministic_and_changes_the_input() {
        let seed = b"int main(void) { return 0; }".to_vec();
        let a = mutate(&seed, &mut Rng::new(7));
        let b = mutate(&seed, &mut Rng::new(7));
        assert_eq!(a, b);
        assert!((1..20).any(|s| mutate(&seed, &mut Rng::new(s)) != seed));
    }

    #[test]
    fn targets_handle_good_and_bad_input() {
        assert_eq!(frontend(b"int main(void) { return 0; }"), Verdict::Handled);
        assert_eq!(frontend(b"int main(void) { return 0; "), Verdict::Handled);
        assert_eq!(ir(b"function @f() -> i32 export {\nblock0:\n    v0 = iconst.i32 1\n    return v0\n}\n"), Verdict::Handled);
        assert_eq!(ir(b"function @f("), Verdict::Handled);
        assert_eq!(profile(b"not a profile"), Verdict::Handled);
    }

    #[test]
    fn a_panic_is_a_failure() {
        assert!(matches!(guarded(|| panic!("boom")), Verdict::Failure(m) if m.contains("boom")));
    }
}
