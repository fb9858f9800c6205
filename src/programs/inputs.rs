//! The input files of the workloads: files of a program's sources, files of
//! the harness, short literal texts, and generated data. Generated data is
//! a pure function of its size and seed (a 64-bit LCG), so every machine
//! and every run sees the same bytes.

use super::program::{Program, ProgramId};
use super::sources::{harness_dir, Sources};

/// Where an input file's bytes come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputSource {
    /// A file of the program's own sources (`sample1.ref`).
    ProgramFile(&'static str),
    /// A file under `tests/programs/` (`lua/sort.lua`).
    HarnessFile(String),
    /// Literal text.
    Literal(&'static str),
    /// English-like text: words of skewed frequencies in lines.
    Text { size: usize, seed: u64 },
    /// Bytes of a skewed distribution with repeated stretches, like
    /// machine code or tables.
    Binary { size: usize, seed: u64 },
    /// Long runs of a few byte values (bzip2's fallback sort takes over on
    /// such input).
    Runs { size: usize, seed: u64 },
    /// The `.c` and `.h` files of a program's sources, concatenated in
    /// name order: real text that is not generated.
    SourcesOf(ProgramId),
}

/// An input file of a workload: its name in the run directory and its
/// contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    pub name: String,
    pub source: InputSource,
}

impl InputSource {
    /// The bytes of the input, for `program`'s workload.
    pub fn bytes(&self, program: &Program) -> Result<Vec<u8>, String> {
        let read = |path: std::path::PathBuf| std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()));
        match self {
            InputSource::ProgramFile(name) => read(program.source_dir.join(name)),
            InputSource::HarnessFile(path) => read(harness_dir().join(path)),
            InputSource::Literal(text) => Ok(text.as_bytes().to_vec()),
            InputSource::Text { size, seed } => Ok(text(*size, *seed)),
            InputSource::Binary { size, seed } => Ok(binary(*size, *seed)),
            InputSource::Runs { size, seed } => Ok(runs(*size, *seed)),
            InputSource::SourcesOf(id) => {
                let other = Program::new(*id, Sources::get()?);
                let mut bytes = Vec::new();
                for name in other.source_files.iter().filter(|name| name.ends_with(".c") || name.ends_with(".h")) {
                    bytes.extend(read(other.source_dir.join(name))?);
                }
                Ok(bytes)
            }
        }
    }
}

/// A 64-bit linear congruential generator (Knuth's MMIX constants); the
/// high bits are the random ones.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const WORDS: [&str; 64] = [
    "the", "of", "and", "to", "in", "a", "is", "that", "for", "it", "as", "was", "with", "be", "by", "on", "not",
    "he", "this", "are", "or", "his", "from", "at", "which", "but", "have", "an", "had", "they", "you", "were",
    "their", "one", "all", "we", "can", "her", "has", "there", "been", "if", "more", "when", "will", "would", "who",
    "so", "no", "compression", "block", "sorting", "huffman", "interpreter", "closure", "coroutine", "profile",
    "counter", "program", "library", "function", "compiler", "register", "memory",
];

/// English-like text of `size` bytes: words drawn with a skew towards the
/// first ones, commas, full stops and lines of 60 to 80 characters.
pub fn text(size: usize, seed: u64) -> Vec<u8> {
    let mut rng = Lcg(seed);
    let mut out = Vec::with_capacity(size + 16);
    let mut line = 0;
    let mut sentence_start = true;
    while out.len() < size {
        let r = rng.below(1000);
        let word = WORDS[(r * r / 1000) as usize * WORDS.len() / 1000];
        let start = out.len();
        out.extend_from_slice(word.as_bytes());
        if sentence_start {
            out[start] = out[start].to_ascii_uppercase();
            sentence_start = false;
        }
        line += word.len() + 1;
        match rng.below(20) {
            0 => {
                out.push(b'.');
                sentence_start = true;
            }
            1 => out.push(b','),
            _ => {}
        }
        if line > 60 + rng.below(20) as usize {
            out.push(b'\n');
            line = 0;
        } else {
            out.push(b' ');
        }
    }
    out.truncate(size);
    out
}

/// Bytes of a skewed distribution in which a fifth of the positions start
/// a copy of an earlier stretch.
pub fn binary(size: usize, seed: u64) -> Vec<u8> {
    let mut rng = Lcg(seed);
    let mut out: Vec<u8> = Vec::with_capacity(size);
    while out.len() < size {
        let r = rng.next();
        if out.len() > 256 && r.is_multiple_of(5) {
            let back = 1 + (r >> 3) as usize % 256;
            let len = 3 + (r >> 11) as usize % 40;
            for _ in 0..len {
                out.push(out[out.len() - back]);
            }
        } else {
            let b = rng.below(256);
            out.push((b * b / 256) as u8);
        }
    }
    out.truncate(size);
    out
}

/// Runs of 1 to 4,000 copies of one of five byte values.
pub fn runs(size: usize, seed: u64) -> Vec<u8> {
    let mut rng = Lcg(seed);
    let values = [0u8, 1, 0xff, b' ', b'x'];
    let mut out = Vec::with_capacity(size);
    while out.len() < size {
        let value = values[rng.below(values.len() as u64) as usize];
        let len = 1 + rng.below(4000) as usize;
        out.extend(std::iter::repeat_n(value, len));
    }
    out.truncate(size);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generators_are_deterministic_and_sized() {
        for f in [text, binary, runs] {
            let a = f(100_000, 7);
            assert_eq!(a.len(), 100_000);
            assert_eq!(a, f(100_000, 7));
            assert_ne!(a, f(100_000, 8));
        }
        assert!(text(1000, 1).is_ascii());
    }
}
