//! Encoding and decoding combined profiles ([`crate::combined`]), format
//! version 3 (see [`crate::layout`]). A combined file passes the same
//! outside-in checks as any profile (magic, version, length, checksum);
//! then every summary is checked for what merging relies on, and an error
//! names the function and the summary at fault. Nothing here panics
//! whatever the input; a histogram takes at most [`MAX_BINS`] `u64`s in
//! memory for a summary of at least 48 bytes in the file.

use crate::combined::{CombinedFunction, CombinedProfile, MAX_BINS};
use crate::decode::{check_envelope, check_unique, Cursor};
use crate::encode::{begin, finish, write_function_head};
use crate::error::FormatError;
use crate::histogram::{grid_index, within_grid, Histogram, MAX_EXPONENT, MIN_EXPONENT};
use crate::layout::{COMBINED_FORMAT_VERSION, FLAG_COMBINED, HEADER_SIZE};
use crate::moments::Moments;
use crate::profile::Profile;
use crate::summary::Summary;
use crate::text::{concat, Piece::*};
use alloc::collections::BTreeSet;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

/// A profile file of either kind.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyProfile {
    /// The counts of one run, or the sum of several.
    Runs(Profile),
    /// The statistics of several runs.
    Combined(CombinedProfile),
}

/// Decodes a profile file of either kind.
pub fn read_any(bytes: &[u8]) -> Result<AnyProfile, FormatError> {
    if check_envelope(bytes)?.combined {
        read_combined(bytes).map(AnyProfile::Combined)
    } else {
        crate::decode::read(bytes).map(AnyProfile::Runs)
    }
}

/// Encodes a combined profile, its functions in name order.
pub fn write_combined(profile: &CombinedProfile) -> Vec<u8> {
    let mut functions: Vec<&CombinedFunction> = profile.functions.iter().collect();
    functions.sort_by(|a, b| a.name.cmp(&b.name));
    let mut out = begin(HEADER_SIZE, COMBINED_FORMAT_VERSION, FLAG_COMBINED, functions.len());
    out.extend_from_slice(&profile.runs.to_le_bytes());
    out.extend_from_slice(&(profile.bins as u64).to_le_bytes());
    for function in functions {
        write_function_head(&mut out, &function.name, function.checksum, &function.descriptor);
        for list in [&function.counts, &function.shares] {
            out.extend_from_slice(&(list.len() as u64).to_le_bytes());
            list.iter().for_each(|summary| write_summary(&mut out, summary));
        }
        out.extend_from_slice(&(function.paths.len() as u64).to_le_bytes());
        for (number, summary) in &function.paths {
            out.extend_from_slice(&number.to_le_bytes());
            write_summary(&mut out, summary);
        }
    }
    finish(out)
}

fn write_summary(out: &mut Vec<u8>, summary: &Summary) {
    let Moments { n, mean, m2 } = summary.moments;
    out.extend_from_slice(&n.to_le_bytes());
    for value in [mean, m2, summary.min, summary.max] {
        out.extend_from_slice(&value.to_bits().to_le_bytes());
    }
    let histogram = &summary.histogram;
    out.extend_from_slice(&histogram.exponent.to_le_bytes());
    out.extend_from_slice(&histogram.offset.to_le_bytes());
    let used: Vec<(usize, u64)> = histogram.bins.iter().copied().enumerate().filter(|&(_, runs)| runs > 0).collect();
    out.extend_from_slice(&(used.len() as u32).to_le_bytes());
    for (index, runs) in used {
        out.extend_from_slice(&(index as u32).to_le_bytes());
        out.extend_from_slice(&runs.to_le_bytes());
    }
}

/// Decodes a combined profile; a plain profile is an error.
pub fn read_combined(bytes: &[u8]) -> Result<CombinedProfile, FormatError> {
    let envelope = check_envelope(bytes)?;
    if !envelope.combined {
        return Err(FormatError::Corrupt { offset: 0, problem: String::from("not a combined profile (it holds the counts of runs)") });
    }
    let mut body = Cursor { bytes: &bytes[..envelope.body_end], offset: HEADER_SIZE, has_paths: true, has_values: false };
    let runs = body.u64()?;
    let bins_offset = body.offset as u64;
    let bins = body.u64()?;
    if !(1..=MAX_BINS as u64).contains(&bins) {
        return Err(FormatError::Corrupt { offset: bins_offset, problem: concat(&[Str("bin count "), Dec(bins), Str(" is not between 1 and 255")]) });
    }
    let mut reader = SummaryReader { body, runs, bins: bins as usize, function: String::new() };
    let mut names = BTreeSet::new();
    let mut functions = Vec::new();
    for _ in 0..envelope.functions {
        let start = reader.body.offset as u64;
        let (name, checksum, descriptor) = reader.body.function_head()?;
        check_unique(&mut names, &name, start)?;
        reader.function = name;
        let counts = reader.list("count", true)?;
        let shares = reader.list("share", false)?;
        let paths = reader.paths()?;
        let name = core::mem::take(&mut reader.function);
        functions.push(CombinedFunction { name, checksum, descriptor, counts, shares, paths });
    }
    reader.body.check_end()?;
    Ok(CombinedProfile { runs, bins: bins as usize, functions })
}

/// Reads the summaries of one function after another.
struct SummaryReader<'a> {
    body: Cursor<'a>,
    runs: u64,
    bins: usize,
    /// The function being read, for the messages.
    function: String,
}

impl SummaryReader<'_> {
    /// A count-prefixed list of summaries called `what`, each of every run
    /// when `every_run`.
    fn list(&mut self, what: &str, every_run: bool) -> Result<Vec<Summary>, FormatError> {
        let count = self.body.u64()?;
        self.check_room(count, what)?;
        (0..count).map(|i| self.summary(what, i, every_run)).collect()
    }

    /// The `(path number, summary)` pairs, in increasing number order.
    fn paths(&mut self) -> Result<Vec<(u64, Summary)>, FormatError> {
        let count = self.body.u64()?;
        self.check_room(count, "path")?;
        let mut paths: Vec<(u64, Summary)> = Vec::new();
        for _ in 0..count {
            let start = self.body.offset as u64;
            let number = self.body.u64()?;
            if paths.last().is_some_and(|&(last, _)| number <= last) {
                return Err(self.corrupt(start, &[Str("path "), Dec(number), Str(" is out of order (paths are sorted by number)")]));
            }
            let summary = self.summary("path", number, true)?;
            if summary.max == 0.0 {
                return Err(self.corrupt(start, &[Str("path "), Dec(number), Str(" ran in no run")]));
            }
            paths.push((number, summary));
        }
        Ok(paths)
    }

    /// Fails before allocating when `count` summaries cannot fit in what
    /// is left (each takes at least 48 bytes).
    fn check_room(&self, count: u64, what: &str) -> Result<(), FormatError> {
        let left = (self.body.bytes.len() - self.body.offset) as u64;
        if count > left / 48 {
            return Err(self.corrupt(self.body.offset as u64, &[Dec(count), Str(" "), Str(what), Str(" summaries do not fit in the rest of the file")]));
        }
        Ok(())
    }

    /// Summary `index` of kind `what`, checked for consistency.
    fn summary(&mut self, what: &str, index: u64, every_run: bool) -> Result<Summary, FormatError> {
        let start = self.body.offset as u64;
        let n = self.body.u64()?;
        let (mean, m2, min, max) = (self.body.f64()?, self.body.f64()?, self.body.f64()?, self.body.f64()?);
        let exponent = self.body.u32()? as i32;
        let offset = self.body.u64()?;
        let used = self.body.u32()?;
        let function = self.function.clone();
        let at = |problem: &[crate::text::Piece<'_>]| {
            let mut pieces = vec![Str(what), Str(" "), Dec(index), Str(": ")];
            pieces.extend_from_slice(problem);
            corrupt_in(&function, start, &pieces)
        };
        if n > self.runs || (every_run && n != self.runs) {
            return Err(at(&[Str("holds "), Dec(n), Str(" runs of the profile's "), Dec(self.runs)]));
        }
        let finite = [mean, m2, min, max].iter().all(|value| value.is_finite());
        let slack = 1e-6 * max.abs().max(1.0);
        if !finite || m2 < 0.0 || min < 0.0 || min > max || mean < min - slack || mean > max + slack {
            return Err(at(&[Str("its mean, M2, minimum or maximum is impossible")]));
        }
        if !(MIN_EXPONENT..=MAX_EXPONENT).contains(&exponent) || !within_grid(max, exponent) {
            return Err(at(&[
                Str("bin width exponent "),
                Str(if exponent < 0 { "-" } else { "" }),
                Dec(u64::from(exponent.unsigned_abs())),
                Str(" is out of range, or its maximum too large for it"),
            ]));
        }
        let mut bins = vec![0u64; self.bins];
        let mut total = 0u64;
        let mut last: Option<u32> = None;
        for _ in 0..used {
            let bin = self.body.u32()?;
            let runs = self.body.u64()?;
            if bin as usize >= self.bins || last.is_some_and(|last| bin <= last) || runs == 0 {
                return Err(at(&[Str("bin "), Dec(u64::from(bin)), Str(" is out of order, out of range or empty")]));
            }
            bins[bin as usize] = runs;
            total = total.saturating_add(runs);
            last = Some(bin);
        }
        if total != n {
            return Err(at(&[Str("its bins hold "), Dec(total), Str(" runs, not "), Dec(n)]));
        }
        let histogram = Histogram { exponent, offset, bins };
        if n == 0 {
            if mean != 0.0 || m2 != 0.0 || max != 0.0 {
                return Err(at(&[Str("has statistics but no run")]));
            }
            return Ok(Summary::empty(self.bins));
        }
        // The first and last used bins are those of the extremes.
        let first = histogram.bins.iter().position(|&runs| runs > 0).unwrap_or(0) as u64;
        let last = last.map_or(0, u64::from);
        if grid_index(min, exponent) != offset.saturating_add(first) || grid_index(max, exponent) != offset.saturating_add(last) {
            return Err(at(&[Str("its histogram does not span its minimum and maximum")]));
        }
        Ok(Summary { moments: Moments { n, mean, m2 }, min, max, histogram })
    }

    fn corrupt(&self, offset: u64, problem: &[crate::text::Piece<'_>]) -> FormatError {
        corrupt_in(&self.function, offset, problem)
    }
}

/// The error for `problem` at `offset`, in function `function`.
fn corrupt_in(function: &str, offset: u64, problem: &[crate::text::Piece<'_>]) -> FormatError {
    let mut pieces = vec![Str("function `"), Str(function), Str("`: ")];
    pieces.extend_from_slice(problem);
    FormatError::Corrupt { offset, problem: concat(&pieces) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::histogram::COUNT_MIN_EXPONENT;

    fn sample() -> CombinedProfile {
        let summary =
            |xs: &[f64]| xs.iter().skip(1).fold(Summary::of(xs[0], 3, COUNT_MIN_EXPONENT), |acc, &x| acc.merge(&Summary::of(x, 3, COUNT_MIN_EXPONENT)));
        let function = CombinedFunction {
            name: "main".into(),
            checksum: 9,
            descriptor: vec![7],
            counts: vec![summary(&[1.0, 2.0]), summary(&[0.0, 1e6])],
            shares: vec![Summary::empty(3)],
            paths: vec![(4, summary(&[0.0, 3.0]))],
        };
        CombinedProfile { runs: 2, bins: 3, functions: vec![function] }
    }

    #[test]
    fn round_trips_and_plain_readers_refuse_it() {
        let bytes = write_combined(&sample());
        assert_eq!(read_any(&bytes), Ok(AnyProfile::Combined(sample())));
        assert_eq!(crate::read(&bytes), Err(FormatError::IsCombined));
        let plain = crate::write(&Profile::default());
        assert_eq!(read_any(&plain), Ok(AnyProfile::Runs(Profile::default())));
    }

    #[test]
    fn a_bad_summary_names_its_function() {
        let mut bad = sample();
        bad.functions[0].counts[1].moments.n = 1;
        let bytes = write_combined(&bad);
        let message = alloc::format!("{}", read_combined(&bytes).unwrap_err());
        assert!(message.contains("function `main`: count 1: holds 1 runs of the profile's 2"), "{message}");
        for len in 0..bytes.len() {
            assert!(read_combined(&bytes[..len]).is_err());
        }
    }
}
