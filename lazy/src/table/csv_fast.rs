//! The fast path of CSV scans: text without quote characters (most
//! machine-written files). With no quotes, a record is a line and a field
//! is the text between delimiters, so
//! - [`Indexer`] cuts the text into blocks of whole lines and checks the
//!   lines' field counts in one parallel pass (memchr), which is
//!   `read_csv`'s eager validation; it keeps only where the blocks lie in
//!   the input and a hash of each, not their text (a file is read window
//!   by window, so its whole text is never in memory at once);
//! - `read_block` cuts the wanted fields out of a block's lines in one pass
//!   (the blocks are read again, checked against their hashes, and cut in
//!   parallel: [`crate::table::csv_text::Stored`]), so fields no plan
//!   reads are never touched.
//!
//! Files with quotes go through arrow-csv's reader instead.

use crate::table::error::{Error, Result};
use rayon::prelude::*;

/// Whole lines of the input: `len` bytes at `start`, whose hash is
/// `hash`; `rows` data lines of them read.
#[derive(Clone, Copy, Debug)]
pub struct Block {
    pub start: u64,
    pub len: usize,
    pub hash: u64,
    pub rows: usize,
}

/// The hash that tells whether a block's text is still what was read.
pub fn hash_text(text: &[u8]) -> u64 {
    use std::hash::BuildHasher;
    foldhash::quality::FixedState::with_seed(0x6869_7079).hash_one(text)
}

/// The data lines of a quote-free text, as blocks.
pub struct LineIndex {
    pub blocks: Vec<Block>,
    pub rows: usize,
    /// Lines of spaces and tabs are blank (not with those delimiters).
    pub blank_ws: bool,
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

/// Builds a [`LineIndex`] from the text after the header, fed in
/// windows of whole lines: checks that the text is UTF-8 and that no line
/// has more than `expected` fields, and notes its blocks.
pub struct Indexer {
    delim: u8,
    expected: usize,
    /// The file line number of the next line (for pandas' error message).
    line_no: usize,
    limit: usize,
    /// Every piece fed so far, in order (the text can be read again if a
    /// later window needs the quoted path).
    pieces: Vec<Block>,
    index: LineIndex,
}

impl Indexer {
    /// `first_line`: the file line number of the first line fed.
    pub fn new(delim: u8, expected: usize, first_line: usize, nrows: Option<usize>) -> Indexer {
        // pandas skips blank lines (skip_blank_lines=True), whitespace-only
        // ones too unless the delimiter is whitespace.
        let blank_ws = !matches!(delim, b' ' | b'\t');
        Indexer {
            delim,
            expected,
            line_no: first_line,
            limit: nrows.unwrap_or(usize::MAX),
            pieces: Vec::new(),
            index: LineIndex { blocks: Vec::new(), rows: 0, blank_ws },
        }
    }

    /// Adds `body`, whole lines at `base` in the input (the last one may
    /// lack its line end only at the end of the text).
    pub fn feed(&mut self, body: &[u8], base: u64) -> Result<()> {
        let (delim, expected, blank_ws) = (self.delim, self.expected, self.index.blank_ws);
        // Blocks of about 1 MiB, at least 4 per thread: enough to balance
        // the threads, few enough to cost nothing to keep.
        let parts = (rayon::current_num_threads().max(1) * 4).max(body.len() >> 20);
        struct Part {
            rows: usize,
            lines: usize,
            /// (line offset in the piece, data rows before it, fields)
            bad: Option<(usize, usize, usize)>,
            utf8: bool,
            hash: u64,
        }
        let pieces = chunks(body, parts);
        let results: Vec<Part> = pieces
            .par_iter()
            .map(|&(a, b)| {
                let text = &body[a..b];
                // Pieces end at line ends, so each is UTF-8 on its own.
                let mut p = Part { rows: 0, lines: 0, bad: None, utf8: std::str::from_utf8(text).is_ok(), hash: hash_text(text) };
                p.lines = each_line(text, blank_ws, usize::MAX, |line_no, line| {
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
        let utf8 = results.iter().all(|p| p.utf8);
        // Every piece is noted, also after an error (the caller may read
        // the text again).
        let mut error = None;
        for (p, &(a, b)) in results.into_iter().zip(&pieces) {
            let mut block = Block { start: base + a as u64, len: b - a, hash: p.hash, rows: 0 };
            let rows = self.index.rows;
            if rows < self.limit && error.is_none() {
                if let Some((k, row, saw)) = p.bad {
                    if rows == 0 && row == 0 {
                        // pandas reads extra leading fields of the first row
                        // as an implicit index.
                        error = Some(Error::unsupported(
                            "read_csv of rows with more fields than the header (implicit index)",
                        ));
                    } else if rows + row < self.limit {
                        // Only an error if the bad line is among the rows read.
                        error = Some(Error::parser(format!(
                            "Error tokenizing data. C error: Expected {expected} fields in line {}, saw {saw}\n",
                            self.line_no + k
                        )));
                    }
                }
                if error.is_none() {
                    let take = (self.limit - rows).min(p.rows);
                    self.index.rows += take;
                    block.rows = take;
                    self.index.blocks.push(block);
                }
            }
            self.line_no += p.lines;
            self.pieces.push(block);
        }
        if !utf8 {
            return Err(Error::value("'utf-8' codec can't decode the file"));
        }
        error.map_or(Ok(()), Err)
    }

    /// The blocks of every line fed so far (to read the text again).
    pub fn pieces(&self) -> &[Block] {
        &self.pieces
    }

    pub fn finish(self) -> LineIndex {
        self.index
    }
}

/// A line of spaces and tabs only (the first byte rules most lines out).
#[inline]
pub fn is_blank(line: &[u8]) -> bool {
    matches!(line.first(), Some(b' ' | b'\t')) && line.iter().all(|&b| matches!(b, b' ' | b'\t' | b'\r'))
}

/// No such field in the line (it has fewer fields).
pub const MISSING: (usize, usize) = (usize::MAX, 0);

/// The byte ranges in `text` (a block's lines) of fields `want` (sorted
/// file positions) of its first `rows` data lines: one vector per wanted
/// field, `MISSING` where a line is short. One pass over each line, up to
/// its last wanted field.
pub fn read_block(text: &[u8], blank_ws: bool, rows: usize, want: &[usize], delim: u8) -> Vec<Vec<(usize, usize)>> {
    let last = want.last().copied().unwrap_or(0);
    let mut slot = vec![usize::MAX; last + 1];
    for (k, &w) in want.iter().enumerate() {
        slot[w] = k;
    }
    let mut spans: Vec<Vec<(usize, usize)>> = want.iter().map(|_| Vec::with_capacity(rows)).collect();
    let mut row = 0;
    each_line(text, blank_ws, rows, |_, line| {
        let off = line.as_ptr() as usize - text.as_ptr() as usize;
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
