//! Maps byte offsets in preprocessed text to `file:line:col` through the
//! `# N "file" flags` line markers that `cc -E` writes.

/// A position in an original source file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceLocation {
    pub file: String,
    /// 1-based.
    pub line: u32,
    /// 1-based, in bytes.
    pub column: u32,
}

/// One marker: the preprocessed line `first_line` (0-based, the line after
/// the marker) is line `source_line` of `file`.
#[derive(Clone, Debug)]
struct LineMarker {
    first_line: usize,
    file: String,
    source_line: u32,
}

/// The line structure of a preprocessed text and its markers.
#[derive(Clone, Debug)]
pub struct SourceMap {
    line_starts: Vec<usize>,
    markers: Vec<LineMarker>,
    main_file: String,
    /// Text the frontend inserted (offset in the text, length), which
    /// columns must not count.
    insertions: Vec<(usize, usize)>,
}

impl SourceMap {
    /// The name of the file the compiler was given.
    pub fn main_file(&self) -> &str {
        &self.main_file
    }

    pub fn new(preprocessed: &str, main_file: &str) -> Self {
        let mut line_starts = vec![0];
        for (i, b) in preprocessed.bytes().enumerate() {
            if b == b'\n' {
                line_starts.push(i + 1);
            }
        }
        let mut markers = Vec::new();
        for (index, &start) in line_starts.iter().enumerate() {
            let end = line_starts.get(index + 1).copied().unwrap_or(preprocessed.len());
            if let Some(marker) = parse_marker(&preprocessed[start..end]) {
                markers.push(LineMarker { first_line: index + 1, file: marker.0, source_line: marker.1 });
            }
        }
        SourceMap { line_starts, markers, main_file: main_file.to_string(), insertions: Vec::new() }
    }

    /// The original location of byte `offset` of the preprocessed text.
    /// Records that the frontend inserted `len` bytes at `offset` of the
    /// text this map was built from (they hold no newline).
    pub fn note_insertion(&mut self, offset: usize, len: usize) {
        self.insertions.push((offset, len));
    }

    pub fn locate(&self, offset: usize) -> SourceLocation {
        let line_index = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let line_start = self.line_starts[line_index];
        let inserted: usize = self.insertions.iter().filter(|&&(at, _)| at >= line_start && at < offset).map(|&(_, len)| len).sum();
        let column = (offset - line_start).saturating_sub(inserted) as u32 + 1;
        let marker = self.markers.iter().rev().find(|m| m.first_line <= line_index);
        match marker {
            Some(m) => SourceLocation {
                file: m.file.clone(),
                line: m.source_line + (line_index - m.first_line) as u32,
                column,
            },
            None => SourceLocation { file: self.main_file.clone(), line: line_index as u32 + 1, column },
        }
    }
}

/// Parses `# 12 "file.c" 1 3` into the file name and line number.
fn parse_marker(line: &str) -> Option<(String, u32)> {
    let rest = line.strip_prefix("# ")?;
    let (number, rest) = rest.split_once(' ')?;
    let source_line = number.parse().ok()?;
    let rest = rest.trim_end().strip_prefix('"')?;
    let end = rest.rfind('"')?;
    Some((rest[..end].replace("\\\\", "\\"), source_line))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_offsets_through_markers() {
        let text = "# 1 \"a.c\"\nint x;\n# 7 \"b.h\" 1\nint y;\nint z;\n";
        let map = SourceMap::new(text, "a.c");
        let y = text.find("int y").unwrap();
        assert_eq!(map.locate(y), SourceLocation { file: "b.h".into(), line: 7, column: 1 });
        let z = text.find("z;").unwrap();
        assert_eq!(map.locate(z), SourceLocation { file: "b.h".into(), line: 8, column: 5 });
        let x = text.find("x;").unwrap();
        assert_eq!(map.locate(x), SourceLocation { file: "a.c".into(), line: 1, column: 5 });
    }
}
