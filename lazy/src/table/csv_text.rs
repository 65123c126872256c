//! Reading a CSV text for [`crate::table::csv::CsvSource::open`]: window
//! by window of whole lines (so a quote-free file is indexed without ever
//! being in memory whole), the lines before its data (skipped rows,
//! leading blank lines, the header), and its blocks again when a plan
//! parses columns ([`Stored`]).

use crate::table::csv::{CsvInput, CsvOptions};
use crate::table::csv_fast::{hash_text, Block};
use crate::table::error::{Error, Kind, Result};
use std::borrow::Cow;
use std::io::Read;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// About this much text per window.
const WINDOW: usize = 8 << 20;

/// The input's text as `open` read it, for plans that parse columns
/// later: the bytes given by the caller, or the file, kept open (a file
/// deleted or replaced since is still read as it was). Blocks read again
/// are checked against their hashes: a file changed in place since
/// `read_csv` raises instead of giving other data.
pub enum Stored {
    Bytes(Arc<Vec<u8>>),
    File { file: std::fs::File, path: PathBuf, slot: Option<Slot> },
}

/// Files kept open by scans, at most [`MAX_KEPT_FILES`]; a scan past
/// that keeps its text in memory instead.
static KEPT_FILES: AtomicUsize = AtomicUsize::new(0);
const MAX_KEPT_FILES: usize = 64;

/// One of the [`KEPT_FILES`], given back when dropped.
pub struct Slot(());

impl Drop for Slot {
    fn drop(&mut self) {
        KEPT_FILES.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Stored {
    fn open(input: &CsvInput) -> Result<Stored> {
        Ok(match input {
            CsvInput::Path(p) => {
                let file = std::fs::File::open(p).map_err(|e| io_error(input, e))?;
                Stored::File { file, path: p.clone(), slot: None }
            }
            CsvInput::Bytes(b) => Stored::Bytes(b.clone()),
        })
    }

    /// The text of `block`, as it was read at `open`.
    pub fn read(&self, block: &Block) -> Result<Cow<'_, [u8]>> {
        let start = block.start as usize;
        match self {
            Stored::Bytes(b) => Ok(Cow::Borrowed(&b[start..start + block.len])),
            Stored::File { file, path, .. } => {
                use std::os::unix::fs::FileExt;
                let mut buf = vec![0u8; block.len];
                if file.read_exact_at(&mut buf, block.start).is_err() || hash_text(&buf) != block.hash {
                    return Err(Error::new(
                        Kind::Io,
                        format!(
                            "hipy reads a CSV file's columns when they are first used, and '{}' was \
                             changed after read_csv read it: read it again, or use its columns before \
                             changing it",
                            path.display()
                        ),
                    ));
                }
                Ok(Cow::Owned(buf))
            }
        }
    }

    /// This input kept for later reads of `blocks`: a file stays open if
    /// few are, else its blocks are read into memory now.
    pub fn within_budget(self, blocks: &[Block]) -> Result<Stored> {
        let Stored::File { file, path, .. } = self else { return Ok(self) };
        if KEPT_FILES.fetch_add(1, Ordering::Relaxed) < MAX_KEPT_FILES {
            return Ok(Stored::File { file, path, slot: Some(Slot(())) });
        }
        KEPT_FILES.fetch_sub(1, Ordering::Relaxed);
        let this = Stored::File { file, path, slot: None };
        let end = blocks.last().map_or(0, |b| b.start as usize + b.len);
        let mut all = vec![0u8; end];
        for b in blocks {
            all[b.start as usize..b.start as usize + b.len].copy_from_slice(&this.read(b)?);
        }
        Ok(Stored::Bytes(Arc::new(all)))
    }

    /// The text of `blocks` (consecutive), one after the other.
    pub fn read_all(&self, blocks: &[Block]) -> Result<Vec<u8>> {
        let mut out = Vec::with_capacity(blocks.iter().map(|b| b.len).sum());
        for b in blocks {
            out.extend_from_slice(&self.read(b)?);
        }
        Ok(out)
    }
}

/// A CSV input, read in windows that end at line ends.
pub struct Windows {
    stored: Stored,
    /// Where the next read starts.
    pos: u64,
    carry: Vec<u8>,
    eof: bool,
    input: CsvInput,
}

fn io_error(input: &CsvInput, e: std::io::Error) -> Error {
    match input {
        CsvInput::Path(path) if e.kind() == std::io::ErrorKind::NotFound => {
            Error::new(Kind::Io, format!("[Errno 2] No such file or directory: '{}'", path.display()))
        }
        CsvInput::Path(path) => Error::new(Kind::Io, format!("{e}: '{}'", path.display())),
        CsvInput::Bytes(_) => Error::new(Kind::Io, e.to_string()),
    }
}

impl Windows {
    pub fn new(input: &CsvInput) -> Result<Windows> {
        Ok(Windows { stored: Stored::open(input)?, pos: 0, carry: Vec::new(), eof: false, input: input.clone() })
    }

    /// Where the next window starts in the input.
    pub fn position(&self) -> u64 {
        self.pos - self.carry.len() as u64
    }

    /// Reads up to `n` more bytes into `buf`; notes the end of the input.
    fn fill(&mut self, buf: &mut Vec<u8>, n: usize) -> Result<()> {
        let got = match &self.stored {
            Stored::File { file, .. } => {
                Read::take(file, n as u64).read_to_end(buf).map_err(|e| io_error(&self.input, e))?
            }
            Stored::Bytes(b) => {
                let from = (self.pos as usize).min(b.len());
                let to = (from + n).min(b.len());
                buf.extend_from_slice(&b[from..to]);
                to - from
            }
        };
        self.pos += got as u64;
        self.eof |= got == 0;
        Ok(())
    }

    /// The next window: whole lines (the last one without its line end
    /// only at the end of the input), or `None` at the end.
    pub fn next(&mut self) -> Result<Option<Vec<u8>>> {
        let mut buf = std::mem::take(&mut self.carry);
        buf.reserve(WINDOW.saturating_sub(buf.len()));
        let (mut scanned, mut target) = (0, WINDOW);
        loop {
            while buf.len() < target && !self.eof {
                let want = target - buf.len();
                self.fill(&mut buf, want)?;
            }
            if self.eof {
                break;
            }
            match memchr::memrchr(b'\n', &buf[scanned..]) {
                Some(p) => {
                    self.carry = buf[scanned + p + 1..].to_vec();
                    buf.truncate(scanned + p + 1);
                    break;
                }
                // A line longer than the window: read on.
                None => (scanned, target) = (buf.len(), buf.len() + WINDOW),
            }
        }
        Ok((!buf.is_empty()).then_some(buf))
    }

    /// Whether the whole input was read.
    pub fn done(&self) -> bool {
        self.eof && self.carry.is_empty()
    }

    /// The rest of the input, whole.
    pub fn rest(&mut self) -> Result<Vec<u8>> {
        let mut buf = std::mem::take(&mut self.carry);
        while !self.eof {
            self.fill(&mut buf, WINDOW)?;
        }
        Ok(buf)
    }

    pub fn stored(&self) -> &Stored {
        &self.stored
    }

    /// The input, to read blocks of it again.
    pub fn into_stored(self) -> Stored {
        self.stored
    }
}

/// Where a text's parts start: after the skipped lines, after the
/// leading blank lines (the tokenizer skips them), after the header line.
pub struct Prefix {
    pub skip_at: usize,
    pub head: usize,
    pub body_start: usize,
}

impl Prefix {
    pub fn of(all: &[u8], opts: &CsvOptions) -> Prefix {
        let mut skip_at = 0usize;
        for _ in 0..opts.skip_rows {
            match memchr::memchr(b'\n', &all[skip_at..]) {
                Some(p) => skip_at += p + 1,
                None => skip_at = all.len(),
            }
        }
        let data = &all[skip_at..];
        let blank_ws = !matches!(opts.delimiter, b' ' | b'\t');
        let mut head = 0usize;
        loop {
            let end = memchr::memchr(b'\n', &data[head..]).map_or(data.len(), |p| head + p);
            let line = &data[head..end];
            let blank = line.is_empty() || line == b"\r" || (blank_ws && crate::table::csv_fast::is_blank(line));
            if !blank {
                break;
            }
            if end >= data.len() {
                head = data.len();
                break;
            }
            head = end + 1;
        }
        let body_start = if opts.header {
            match memchr::memchr(b'\n', &data[head..]) {
                Some(p) => head + p + 1,
                None => data.len(),
            }
        } else {
            head
        };
        Prefix { skip_at, head: skip_at + head, body_start: skip_at + body_start }
    }
}

/// The header's labels (or 0..n without a header) of `text`, the text
/// from the first line that is not blank.
pub fn labels(text: &[u8], opts: &CsvOptions) -> Result<Vec<String>> {
    let format = arrow_csv::reader::Format::default().with_header(opts.header).with_delimiter(opts.delimiter);
    let (schema, _) = format.infer_schema(std::io::Cursor::new(text), Some(0)).map_err(Error::from)?;
    if schema.fields().is_empty() {
        return Err(Error::new(Kind::EmptyData, "No columns to parse from file"));
    }
    Ok(if opts.header {
        schema.fields().iter().map(|f| f.name().clone()).collect()
    } else {
        (0..schema.fields().len()).map(|i| i.to_string()).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn windows_of(text: &[u8]) -> Vec<Vec<u8>> {
        let mut w = Windows::new(&CsvInput::Bytes(Arc::new(text.to_vec()))).unwrap();
        let mut out = vec![];
        while let Some(x) = w.next().unwrap() {
            out.push(x);
        }
        assert!(w.done());
        out
    }

    #[test]
    fn windows_end_at_line_ends_and_cover_the_text() {
        let text: Vec<u8> = (0..3_000_000u32).flat_map(|i| format!("{i},x\n").into_bytes()).collect();
        let ws = windows_of(&text);
        assert!(ws.len() > 1);
        assert!(ws.iter().all(|w| w.ends_with(b"\n")));
        assert!(ws.concat() == text);
        // One line longer than a window (read whole), no final line end.
        let mut long = vec![b'a'; WINDOW + 10];
        long.extend_from_slice(b"\nb\n");
        long.extend(text[..WINDOW].iter());
        long.extend_from_slice(b"c");
        let ws = windows_of(&long);
        assert!(ws.concat() == long);
        assert!(ws[0].len() > WINDOW && ws[0].ends_with(b"\n"));
        assert!(ws.last().unwrap().ends_with(b"c"));
        assert!(windows_of(b"").is_empty());
    }

    #[test]
    fn prefix_skips_rows_blank_lines_and_the_header() {
        let opts = CsvOptions { skip_rows: 1, ..CsvOptions::default() };
        let t = b"junk\n\n  \na,b\n1,2\n";
        let p = Prefix::of(t, &opts);
        assert_eq!((p.skip_at, p.head, p.body_start), (5, 9, 13));
        assert_eq!(labels(&t[p.head..], &opts).unwrap(), vec!["a", "b"]);
    }
}
