//! The fast path of CSV scans: text without quote characters (most
//! machine-written files). With no quotes, a record is a line and a field
//! is the text between delimiters, so
//! - `index` finds the data lines and checks their field counts in one
//!   parallel pass (memchr), which is `read_csv`'s eager validation;
//! - `field_at` cuts a wanted field out of its line where it is read (the
//!   columns are typed in parallel), so fields no plan reads are never
//!   touched.
//! Files with quotes go through arrow-csv's reader instead.

use crate::table::error::{Error, Result};
use rayon::prelude::*;

/// Byte ranges of the data lines (without their line ends).
pub struct LineIndex {
    pub starts: Vec<u64>,
    pub ends: Vec<u64>,
}

/// Chunks of `data` cut at line ends, about `parts` of them.
fn chunks(data: &[u8], parts: usize) -> Vec<(usize, usize)> {
    let n = data.len();
    let mut out = Vec::new();
    let mut start = 0;
    for k in 1..=parts {
        if start >= n {
            break;
        }
        let mut end = if k == parts { n } else { (n * k / parts).max(start) };
        if end < n {
            end = match memchr::memchr(b'\n', &data[end..]) {
                Some(p) => end + p + 1,
                None => n,
            };
        }
        out.push((start, end));
        start = end;
    }
    out
}

/// The data lines of `body` (the text after the header), checking that
/// none has more than `expected` fields. `first_line` is the file line
/// number of `body`'s first line (for pandas' error message).
pub fn index(body: &[u8], base: u64, delim: u8, expected: usize, first_line: usize, nrows: Option<usize>) -> Result<LineIndex> {
    // pandas skips blank lines (skip_blank_lines=True), whitespace-only
    // ones too unless the delimiter is whitespace.
    let blank_ws = !matches!(delim, b' ' | b'\t');
    let parts = rayon::current_num_threads().max(1) * 4;
    let pieces: Vec<(usize, usize)> = chunks(body, parts);
    struct Part {
        starts: Vec<u64>,
        ends: Vec<u64>,
        lines: usize,
        /// (line offset in the piece, data rows before it, fields)
        bad: Option<(usize, usize, usize)>,
    }
    let results: Vec<Part> = pieces
        .par_iter()
        .map(|&(a, b)| {
            let mut p = Part { starts: Vec::new(), ends: Vec::new(), lines: 0, bad: None };
            let mut line_start = a;
            let chunk = &body[a..b];
            let push = |p: &mut Part, line_start: usize, line_end: usize| {
                let mut end = line_end;
                if end > line_start && body[end - 1] == b'\r' {
                    end -= 1;
                }
                if end > line_start && !(blank_ws && is_blank(&body[line_start..end])) {
                    // Counting the delimiters of a line vectorizes well.
                    let fields = 1 + body[line_start..end].iter().filter(|&&c| c == delim).count();
                    if fields > expected && p.bad.is_none() {
                        p.bad = Some((p.lines, p.starts.len(), fields));
                    }
                    p.starts.push(base + line_start as u64);
                    p.ends.push(base + end as u64);
                }
                p.lines += 1;
            };
            for pos in memchr::memchr_iter(b'\n', chunk) {
                let at = a + pos;
                push(&mut p, line_start, at);
                line_start = at + 1;
            }
            if line_start < b {
                push(&mut p, line_start, b);
            }
            p
        })
        .collect();
    let mut starts = Vec::new();
    let mut ends = Vec::new();
    let mut line_no = first_line;
    let limit = nrows.unwrap_or(usize::MAX);
    for p in results {
        if starts.len() >= limit {
            break;
        }
        if let Some((k, row, saw)) = p.bad {
            if starts.is_empty() && row == 0 {
                // pandas reads extra leading fields of the first row as an
                // implicit index.
                return Err(Error::unsupported("read_csv of rows with more fields than the header (implicit index)"));
            }
            // Only an error if the bad line is among the rows read.
            if starts.len() + row < limit {
                return Err(Error::parser(format!(
                    "Error tokenizing data. C error: Expected {expected} fields in line {}, saw {saw}\n",
                    line_no + k
                )));
            }
        }
        let take = (limit - starts.len()).min(p.starts.len());
        starts.extend_from_slice(&p.starts[..take]);
        ends.extend_from_slice(&p.ends[..take]);
        line_no += p.lines;
    }
    Ok(LineIndex { starts, ends })
}

/// A line of spaces and tabs only (the first byte rules most lines out).
#[inline]
pub fn is_blank(line: &[u8]) -> bool {
    matches!(line.first(), Some(b' ' | b'\t')) && line.iter().all(|&b| matches!(b, b' ' | b'\t' | b'\r'))
}

/// Field `w` of line `i` (`None`: the line has fewer fields). Lines are
/// short, so cutting a field out again where it is read is cheaper than
/// storing the positions of every field.
#[inline]
pub fn field_at<'a>(data: &'a [u8], lines: &LineIndex, i: usize, w: usize, delim: u8) -> Option<&'a [u8]> {
    let line = &data[lines.starts[i] as usize..lines.ends[i] as usize];
    let mut field = 0usize;
    let mut start = 0usize;
    for pos in memchr::memchr_iter(delim, line) {
        if field == w {
            return Some(&line[start..pos]);
        }
        field += 1;
        start = pos + 1;
    }
    if field == w {
        Some(&line[start..])
    } else {
        None
    }
}
