//! The fast path of CSV scans: text without quote characters (most
//! machine-written files). With no quotes, a record is a line and a field
//! is the text between delimiters, so
//! - `index` cuts the text into blocks of whole lines and checks the lines'
//!   field counts in one parallel pass (memchr), which is `read_csv`'s
//!   eager validation; it keeps only the blocks, not every line;
//! - `read_block` cuts the wanted fields out of a block's lines in one pass
//!   (the blocks are read in parallel), so fields no plan reads are never
//!   touched.
//!
//! Files with quotes go through arrow-csv's reader instead.

use crate::table::error::{Error, Result};
use rayon::prelude::*;

/// Whole lines of the text, `rows` data lines of them read.
pub struct Block {
    pub start: usize,
    pub end: usize,
    pub rows: usize,
}

/// The data lines of a quote-free text, as blocks.
pub struct LineIndex {
    pub blocks: Vec<Block>,
    pub rows: usize,
    /// Lines of spaces and tabs are blank (not with those delimiters).
    blank_ws: bool,
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

/// Calls `f` with each data line of `text` (line ends and a trailing
/// `\r` cut off; blank lines skipped as pandas skips them) and the number
/// of lines before it, at most `limit` of them; returns the number of
/// lines seen (blank ones too).
fn each_line(text: &[u8], blank_ws: bool, limit: usize, mut f: impl FnMut(usize, &[u8])) -> usize {
    let mut lines = 0;
    let mut rows = 0;
    let mut start = 0;
    while start < text.len() && rows < limit {
        let nl = memchr::memchr(b'\n', &text[start..]).map_or(text.len(), |p| start + p);
        let mut end = nl;
        if end > start && text[end - 1] == b'\r' {
            end -= 1;
        }
        let line = &text[start..end];
        if !line.is_empty() && !(blank_ws && is_blank(line)) {
            f(lines, line);
            rows += 1;
        }
        lines += 1;
        start = nl + 1;
    }
    lines
}

/// The data lines of `body` (the text after the header, at `base` in the
/// whole text), checking that the text is UTF-8 and that no line has
/// more than `expected` fields.
/// `first_line` is the file line number of `body`'s first line (for
/// pandas' error message).
pub fn index(body: &[u8], base: usize, delim: u8, expected: usize, first_line: usize, nrows: Option<usize>) -> Result<LineIndex> {
    // pandas skips blank lines (skip_blank_lines=True), whitespace-only
    // ones too unless the delimiter is whitespace.
    let blank_ws = !matches!(delim, b' ' | b'\t');
    // Blocks of about 1 MiB, at least 4 per thread: enough to balance the
    // threads, few enough to cost nothing to keep.
    let parts = (rayon::current_num_threads().max(1) * 4).max(body.len() >> 20);
    struct Part {
        rows: usize,
        lines: usize,
        /// (line offset in the piece, data rows before it, fields)
        bad: Option<(usize, usize, usize)>,
        utf8: bool,
    }
    let pieces = chunks(body, parts);
    let results: Vec<Part> = pieces
        .par_iter()
        .map(|&(a, b)| {
            // Pieces end at line ends, so each is UTF-8 on its own.
            let mut p = Part { rows: 0, lines: 0, bad: None, utf8: std::str::from_utf8(&body[a..b]).is_ok() };
            p.lines = each_line(&body[a..b], blank_ws, usize::MAX, |line_no, line| {
                // Counting the delimiters of a line vectorizes well.
                let fields = 1 + line.iter().filter(|&&c| c == delim).count();
                if fields > expected && p.bad.is_none() {
                    p.bad = Some((line_no, p.rows, fields));
                }
                p.rows += 1;
            });
            p
        })
        .collect();
    let mut blocks = Vec::with_capacity(pieces.len());
    let mut rows = 0usize;
    let mut line_no = first_line;
    let limit = nrows.unwrap_or(usize::MAX);
    if results.iter().any(|p| !p.utf8) {
        return Err(Error::value("'utf-8' codec can't decode the file"));
    }
    for (p, &(a, b)) in results.into_iter().zip(&pieces) {
        if rows >= limit {
            break;
        }
        if let Some((k, row, saw)) = p.bad {
            if rows == 0 && row == 0 {
                // pandas reads extra leading fields of the first row as an
                // implicit index.
                return Err(Error::unsupported("read_csv of rows with more fields than the header (implicit index)"));
            }
            // Only an error if the bad line is among the rows read.
            if rows + row < limit {
                return Err(Error::parser(format!(
                    "Error tokenizing data. C error: Expected {expected} fields in line {}, saw {saw}\n",
                    line_no + k
                )));
            }
        }
        let take = (limit - rows).min(p.rows);
        blocks.push(Block { start: base + a, end: base + b, rows: take });
        rows += take;
        line_no += p.lines;
    }
    Ok(LineIndex { blocks, rows, blank_ws })
}

/// A line of spaces and tabs only (the first byte rules most lines out).
#[inline]
pub fn is_blank(line: &[u8]) -> bool {
    matches!(line.first(), Some(b' ' | b'\t')) && line.iter().all(|&b| matches!(b, b' ' | b'\t' | b'\r'))
}

/// No such field in the line (it has fewer fields).
pub const MISSING: (usize, usize) = (usize::MAX, 0);

/// The byte ranges in `data` of fields `want` (sorted file positions) of
/// the block's rows: one vector per wanted field, `MISSING` where a line
/// is short. One pass over each line, up to its last wanted field.
pub fn read_block(data: &[u8], lines: &LineIndex, block: &Block, want: &[usize], delim: u8) -> Vec<Vec<(usize, usize)>> {
    let last = want.last().copied().unwrap_or(0);
    let mut slot = vec![usize::MAX; last + 1];
    for (k, &w) in want.iter().enumerate() {
        slot[w] = k;
    }
    let mut spans: Vec<Vec<(usize, usize)>> = want.iter().map(|_| Vec::with_capacity(block.rows)).collect();
    let text = &data[block.start..block.end];
    let mut row = 0;
    each_line(text, lines.blank_ws, block.rows, |_, line| {
        let off = line.as_ptr() as usize - data.as_ptr() as usize;
        let mut field = 0;
        let mut start = 0;
        let mut put = |field: usize, start: usize, end: usize| {
            if let Some(&k) = slot.get(field) {
                if k != usize::MAX {
                    spans[k].push((off + start, off + end));
                }
            }
        };
        for (p, &b) in line.iter().enumerate() {
            if b == delim {
                put(field, start, p);
                field += 1;
                start = p + 1;
                if field > last {
                    break;
                }
            }
        }
        if field <= last {
            put(field, start, line.len());
        }
        row += 1;
        for s in spans.iter_mut() {
            if s.len() < row {
                s.push(MISSING);
            }
        }
    });
    spans
}
