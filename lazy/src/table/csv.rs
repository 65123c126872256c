//! CSV scans: `pd.read_csv` as a plan source.
//!
//! Opening a file reads its text and checks what pandas' `read_csv`
//! raises at once (unclosed quotes, rows with too many fields, values that
//! do not fit a `dtype=`). Columns are tokenized (quote-free text by
//! [`crate::table::csv_fast`], in parallel blocks of lines; quoted text by
//! arrow-csv with a projection; columns no plan reads are never converted)
//! and typed when a plan first reads them, with pandas' inference: int64, else
//! float64 (ints with missing values too), else bool, else pandas 3's
//! string dtype; pandas' default missing-value markers. Parsed columns stay
//! on the source, so later plans over the same frame do not read the file
//! again. A quote-free file's text is not kept: its blocks are read again
//! (from the file, kept open, checked against their hashes:
//! [`crate::table::csv_text::Stored`]) when a plan parses columns.

use crate::table::column::{ColType, Column, Name, Table};
use crate::table::csv_fast::{Indexer, LineIndex, MISSING};
use crate::table::csv_join::{join, part, NumBuf, Part};
use crate::table::csv_text::{labels, Prefix, Stored, Windows};
use crate::table::error::{Error, Kind, Result};
use crate::table::plan::Schema;
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, StringArray};
use arrow_schema::{DataType, Field};
use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, Weak};

/// pandas' default `na_values`.
pub const DEFAULT_NA: &[&str] = &[
    "", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND", "1.#QNAN", "<NA>", "N/A", "NA",
    "NULL", "NaN", "None", "n/a", "nan", "null",
];

#[derive(Clone, Debug)]
pub struct CsvOptions {
    pub delimiter: u8,
    /// The file's first line holds the column names.
    pub header: bool,
    /// Read at most this many data rows.
    pub nrows: Option<usize>,
    /// Lines to skip at the start of the file (before the header).
    pub skip_rows: usize,
    pub na_values: HashSet<String>,
    /// Columns forced to a type (`dtype=`): file position -> type.
    pub dtypes: Vec<(usize, ColType)>,
}

impl Default for CsvOptions {
    fn default() -> Self {
        CsvOptions {
            delimiter: b',',
            header: true,
            nrows: None,
            skip_rows: 0,
            na_values: DEFAULT_NA.iter().map(|s| s.to_string()).collect(),
            dtypes: vec![],
        }
    }
}

/// Where the CSV text is: a file, or bytes given by the caller (a
/// `StringIO`).
#[derive(Clone, Debug)]
pub enum CsvInput {
    Path(PathBuf),
    Bytes(Arc<Vec<u8>>),
}

impl CsvInput {
    fn text(&self) -> Option<String> {
        match self {
            CsvInput::Path(p) => std::fs::read_to_string(p).ok(),
            CsvInput::Bytes(b) => String::from_utf8(b.to_vec()).ok(),
        }
    }

    fn describe(&self) -> String {
        match self {
            CsvInput::Path(p) => p.display().to_string(),
            CsvInput::Bytes(_) => "<buffer>".to_string(),
        }
    }
}

struct SharedBytes(Arc<Vec<u8>>);

impl AsRef<[u8]> for SharedBytes {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

/// The text after the header.
enum Body {
    /// Quote-free text: its data lines, by blocks, and where to read them
    /// again (the fast path).
    Lines { lines: LineIndex, text: Stored },
    /// Text with quotes, whole, the header included (arrow-csv's reader).
    Quoted(Arc<Vec<u8>>),
}

pub struct CsvSource {
    input: CsvInput,
    body: Body,
    opts: CsvOptions,
    /// The header's labels (or 0..n without a header).
    labels: Vec<String>,
    /// Internal column names, one per file column.
    names: Vec<Name>,
    parsed: Mutex<Vec<Option<Column>>>,
    rows: Mutex<Option<usize>>,
}

impl std::fmt::Debug for CsvSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CsvSource({})", self.input.describe())
    }
}

/// Scans whose file stays open, by the file's device and inode: before
/// hipy writes a file itself (`to_csv`), the scans of it parse the
/// columns no plan has read yet ([`before_write`]).
static FILE_SCANS: Mutex<Vec<((u64, u64), Weak<CsvSource>)>> = Mutex::new(Vec::new());

/// Before hipy writes `path`: scans that read that file parse the columns
/// no plan has read yet, so that they keep the data `read_csv` read.
pub fn before_write(path: &std::path::Path) -> Result<()> {
    use std::os::unix::fs::MetadataExt;
    let Ok(m) = std::fs::metadata(path) else { return Ok(()) };
    let id = (m.dev(), m.ino());
    let scans: Vec<Arc<CsvSource>> = {
        let mut all = FILE_SCANS.lock().unwrap_or_else(|e| e.into_inner());
        all.retain(|(_, w)| w.strong_count() > 0);
        all.iter().filter(|(i, _)| *i == id).filter_map(|(_, w)| w.upgrade()).collect()
    };
    for s in scans {
        s.read(&s.names)?;
    }
    Ok(())
}

impl CsvSource {
    /// This scan, shared (as plans hold it); one whose file stays open is
    /// noted for [`before_write`].
    pub fn shared(self) -> Arc<CsvSource> {
        use std::os::unix::fs::MetadataExt;
        let id = match &self.body {
            Body::Lines { text: Stored::File { file, .. }, .. } => file.metadata().ok().map(|m| (m.dev(), m.ino())),
            _ => None,
        };
        let src = Arc::new(self);
        if let Some(id) = id {
            let mut all = FILE_SCANS.lock().unwrap_or_else(|e| e.into_inner());
            all.retain(|(_, w)| w.strong_count() > 0);
            all.push((id, Arc::downgrade(&src)));
        }
        src
    }

    /// Reads the text and its header line; checks every row's field count
    /// (pandas raises a malformed file's error in `read_csv`) and counts
    /// the rows. `name_of(label)` names each file column.
    ///
    /// A quote-free text is read window by window: each is indexed and
    /// packed ([`crate::table::csv_fast::Indexer`]) and dropped, so the
    /// scan keeps the file's text as it was at this call at about a third
    /// of its size. A quote sends the whole text to [`Self::open_text`].
    pub fn open(input: CsvInput, opts: CsvOptions, name_of: &mut dyn FnMut(&str) -> Name) -> Result<CsvSource> {
        let mut windows = Windows::new(&input)?;
        let mut first = windows.next()?.unwrap_or_default();
        let mut at = Prefix::of(&first, &opts);
        // The first window holds the lines before the data.
        while at.body_start >= first.len() && !windows.done() {
            match windows.next()? {
                Some(w) => first.extend_from_slice(&w),
                None => break,
            }
            at = Prefix::of(&first, &opts);
        }
        if memchr::memchr(b'"', &first[at.skip_at..]).is_some() {
            first.extend(windows.rest()?);
            return Self::open_text(input, first, opts, name_of);
        }
        let labels = labels(&first[at.head..], &opts)?;
        let first_line = opts.skip_rows + 1 + first[at.skip_at..at.body_start].iter().filter(|&&b| b == b'\n').count();
        let mut ix = Indexer::new(opts.delimiter, labels.len(), first_line, opts.nrows);
        let mut fed = ix.feed(&first[at.body_start..], at.body_start as u64);
        first.truncate(at.body_start);
        first.shrink_to_fit();
        let mut quoted = None;
        while fed.is_ok() {
            let base = windows.position();
            let Some(w) = windows.next()? else { break };
            if memchr::memchr(b'"', &w).is_some() {
                quoted = Some(w);
                break;
            }
            fed = ix.feed(&w, base);
        }
        if let Err(e) = &fed {
            // A malformed line; a quote further on would make it the
            // quoted path's to judge, as for a text read whole.
            let rest = windows.rest()?;
            if memchr::memchr(b'"', &rest).is_none() {
                return Err(e.clone());
            }
            quoted = Some(rest);
        }
        if let Some(w) = quoted {
            // Quotes after all: the quoted path, over the text as read.
            let mut all = first;
            all.extend(windows.stored().read_all(ix.pieces())?);
            all.extend(w);
            all.extend(windows.rest()?);
            return Self::open_text(input, all, opts, name_of);
        }
        let lines = ix.finish();
        let text = windows.into_stored().within_budget(&lines.blocks)?;
        crate::runtime::release_memory();
        Self::with_body(input, opts, labels, name_of, Body::Lines { lines, text })
    }

    /// [`Self::open`] over the whole text `all` (one with quotes).
    fn open_text(input: CsvInput, all: Vec<u8>, opts: CsvOptions, name_of: &mut dyn FnMut(&str) -> Name) -> Result<CsvSource> {
        let at = Prefix::of(&all, &opts);
        let data: Arc<Vec<u8>> = Arc::new(if at.skip_at == 0 { all } else { all[at.skip_at..].to_vec() });
        let (head, body_start) = (at.head - at.skip_at, at.body_start - at.skip_at);
        if memchr::memchr(b'"', &data).is_some() {
            if let Some(row) = unterminated_quote(&data, opts.delimiter) {
                return Err(Error::parser(format!(
                    "Error tokenizing data. C error: EOF inside string starting at row {}",
                    row + opts.skip_rows
                )));
            }
        }
        let labels = labels(&data[head..], &opts)?;
        let blank_ws = !matches!(opts.delimiter, b' ' | b'\t');
        if memchr::memchr(b'"', &data[body_start..]).is_none() {
            // Quotes in the header only.
            let first_line = opts.skip_rows + 1 + data[..body_start].iter().filter(|&&b| b == b'\n').count();
            let mut ix = Indexer::new(opts.delimiter, labels.len(), first_line, opts.nrows);
            ix.feed(&data[body_start..], body_start as u64)?;
            let body = Body::Lines { lines: ix.finish(), text: Stored::Bytes(data) };
            return Self::with_body(input, opts, labels, name_of, body);
        }
        // Quoted text goes through csv_core, which skips empty lines but
        // not lines of spaces: those are taken out first (outside quotes).
        let cleaned = if blank_ws { without_blank_lines(&data[body_start..]) } else { None };
        let data = match cleaned {
            Some(body) => {
                let mut d = data[..body_start].to_vec();
                d.extend_from_slice(&body);
                Arc::new(d)
            }
            None => data,
        };
        Self::with_body(input, opts, labels, name_of, Body::Quoted(data))
    }

    fn with_body(
        input: CsvInput,
        opts: CsvOptions,
        labels: Vec<String>,
        name_of: &mut dyn FnMut(&str) -> Name,
        body: Body,
    ) -> Result<CsvSource> {
        let names = labels.iter().map(|l| name_of(l)).collect();
        let n = labels.len();
        let rows = match &body {
            Body::Lines { lines, .. } => Some(lines.rows),
            Body::Quoted(_) => None,
        };
        let src = CsvSource { input, body, opts, labels, names, parsed: Mutex::new(vec![None; n]), rows: Mutex::new(rows) };
        if let Body::Quoted(data) = &src.body {
            let rows = src.validate(data)?;
            *src.rows.lock().unwrap_or_else(|e| e.into_inner()) = Some(rows);
        }
        // A value that does not fit a `dtype=` raises in `read_csv`, as in
        // pandas: those columns are parsed now.
        let forced: Vec<Name> = src.opts.dtypes.iter().filter_map(|(i, _)| src.names.get(*i).cloned()).collect();
        if !forced.is_empty() {
            src.read(&forced)?;
        }
        Ok(src)
    }

    /// One fast pass over the records (no values kept): a row with too
    /// many fields raises pandas' ParserError now, as `read_csv` does, and
    /// the number of rows is known without converting anything.
    fn validate(&self, data: &Arc<Vec<u8>>) -> Result<usize> {
        let mut reader = std::io::Cursor::new(SharedBytes(data.clone()));
        let mut rdr = csv_core::ReaderBuilder::new().delimiter(self.opts.delimiter).build();
        let expected = self.labels.len();
        let mut buf = vec![0u8; 1 << 16];
        let mut scratch = vec![0u8; 1 << 16];
        let (mut start, mut end) = (0usize, 0usize);
        let mut eof = false;
        let mut fields = 0usize;
        let mut records = 0usize;
        loop {
            if start == end && !eof {
                start = 0;
                end = std::io::Read::read(&mut reader, &mut buf).map_err(|e| Error::new(Kind::Io, e.to_string()))?;
                eof = end == 0;
            }
            let (res, nin, _) = rdr.read_field(&buf[start..end], &mut scratch);
            start += nin;
            match res {
                csv_core::ReadFieldResult::InputEmpty | csv_core::ReadFieldResult::OutputFull => {}
                csv_core::ReadFieldResult::Field { record_end } => {
                    fields += 1;
                    if record_end {
                        records += 1;
                        let data_row = records - usize::from(self.opts.header);
                        let in_range = records > usize::from(self.opts.header)
                            && self.opts.nrows.is_none_or(|n| data_row <= n);
                        if fields > expected && in_range && data_row == 1 {
                            return Err(Error::unsupported(
                                "read_csv of rows with more fields than the header (implicit index)",
                            ));
                        }
                        if fields > expected && in_range {
                            return Err(Error::parser(format!(
                                "Error tokenizing data. C error: Expected {expected} fields in line {}, saw {fields}\n",
                                records + self.opts.skip_rows
                            )));
                        }
                        fields = 0;
                    }
                }
                csv_core::ReadFieldResult::End => break,
            }
        }
        let data = records.saturating_sub(usize::from(self.opts.header));
        Ok(match self.opts.nrows {
            Some(n) => data.min(n),
            None => data,
        })
    }

    pub fn labels(&self) -> &[String] {
        &self.labels
    }

    pub fn names(&self) -> &[Name] {
        &self.names
    }

    pub fn describe(&self) -> String {
        self.input.describe()
    }

    pub fn schema(&self) -> Schema {
        let parsed = self.parsed.lock().unwrap_or_else(|e| e.into_inner());
        self.names.iter().zip(parsed.iter()).map(|(n, p)| (n.clone(), p.as_ref().map(|c| c.col_type()))).collect()
    }

    pub fn known_rows(&self) -> Option<usize> {
        *self.rows.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Which of `names` are not parsed yet (for `explain`).
    pub fn unparsed(&self, names: &[Name]) -> Vec<Name> {
        let parsed = self.parsed.lock().unwrap_or_else(|e| e.into_inner());
        names
            .iter()
            .filter(|n| self.names.iter().position(|m| m == *n).is_some_and(|i| parsed[i].is_none()))
            .cloned()
            .collect()
    }

    /// The named columns, parsing those not parsed yet in one pass.
    pub fn read(&self, names: &[Name]) -> Result<Table> {
        let idx: Vec<usize> = names
            .iter()
            .map(|n| self.names.iter().position(|m| m == n).ok_or_else(|| Error::value(format!("internal: no csv column {n}"))))
            .collect::<Result<_>>()?;
        let missing: Vec<usize> = {
            let parsed = self.parsed.lock().unwrap_or_else(|e| e.into_inner());
            let mut m: Vec<usize> = idx.iter().copied().filter(|&i| parsed[i].is_none()).collect();
            m.sort_unstable();
            m.dedup();
            m
        };
        if !missing.is_empty() {
            let (rows, cols) = self.parse(&missing)?;
            let mut parsed = self.parsed.lock().unwrap_or_else(|e| e.into_inner());
            for (i, c) in missing.iter().zip(cols) {
                parsed[*i] = Some(c);
            }
            *self.rows.lock().unwrap_or_else(|e| e.into_inner()) = Some(rows);
        }
        let rows = self.known_rows().unwrap_or(0);
        if names.is_empty() {
            return Ok(Table::new(rows, vec![]));
        }
        let parsed = self.parsed.lock().unwrap_or_else(|e| e.into_inner());
        let columns = names.iter().zip(&idx).map(|(n, &i)| (n.clone(), parsed[i].clone().unwrap())).collect();
        Ok(Table::new(rows, columns))
    }

    /// Tokenizes the file, converting only the columns in `cols`.
    fn parse(&self, cols: &[usize]) -> Result<(usize, Vec<Column>)> {
        let data = match &self.body {
            Body::Lines { lines, text } => return self.parse_fast(lines, text, cols),
            Body::Quoted(data) => data,
        };
        let file = std::io::Cursor::new(SharedBytes(data.clone()));
        let fields: Vec<Field> =
            (0..self.labels.len()).map(|i| Field::new(format!("c{i}"), DataType::Utf8, true)).collect();
        let schema = Arc::new(arrow_schema::Schema::new(fields));
        // With no column wanted, still read one to count the rows.
        let projection: Vec<usize> = if cols.is_empty() { vec![0] } else { cols.to_vec() };
        let mut builder = arrow_csv::ReaderBuilder::new(schema)
            .with_header(self.opts.header)
            .with_delimiter(self.opts.delimiter)
            .with_truncated_rows(true)
            .with_batch_size(1 << 16)
            .with_projection(projection.clone());
        if let Some(n) = self.opts.nrows {
            builder = builder.with_bounds(0, n);
        }
        let reader = builder.build(file).map_err(Error::from)?;
        let mut parts: Vec<Vec<ArrayRef>> = vec![Vec::new(); projection.len()];
        let mut rows = 0usize;
        for batch in reader {
            let batch = batch.map_err(|e| self.parse_error(e))?;
            rows += batch.num_rows();
            for (k, p) in parts.iter_mut().enumerate() {
                p.push(batch.column(k).clone());
            }
        }
        if cols.is_empty() {
            return Ok((rows, vec![]));
        }
        let texts: Vec<StringArray> = parts
            .into_iter()
            .map(|p| {
                let refs: Vec<&dyn Array> = p.iter().map(|a| a.as_ref()).collect();
                if refs.is_empty() {
                    return Ok(StringArray::from(Vec::<Option<&str>>::new()));
                }
                Ok(arrow_select::concat::concat(&refs)?.as_string::<i32>().clone())
            })
            .collect::<Result<_>>()?;
        use rayon::prelude::*;
        let opts = &self.opts;
        let columns = texts
            .par_iter()
            .zip(cols.par_iter())
            .map(|(t, &i)| {
                let forced = opts.dtypes.iter().find(|(c, _)| *c == i).map(|(_, t)| *t);
                infer_column(t, &opts.na_values, forced, i)
            })
            .collect::<Result<Vec<_>>>()?;
        Ok((rows, columns))
    }

    /// The quote-free path: the wanted fields of each block of lines are
    /// cut out in one pass and typed (blocks in parallel), then the
    /// blocks' columns are joined.
    fn parse_fast(&self, lines: &LineIndex, stored: &Stored, cols: &[usize]) -> Result<(usize, Vec<Column>)> {
        use rayon::prelude::*;
        let rows = lines.rows;
        if cols.is_empty() {
            return Ok((rows, vec![]));
        }
        let opts = &self.opts;
        let forced: Vec<Option<ColType>> =
            cols.iter().map(|&w| opts.dtypes.iter().find(|(c, _)| *c == w).map(|(_, t)| *t)).collect();
        let read_block = |text: &[u8], b: &crate::table::csv_fast::Block, want: &[usize]| {
            crate::table::csv_fast::read_block(text, lines.blank_ws, b.rows, want, opts.delimiter)
        };
        let block_rows: Vec<usize> = lines.blocks.iter().map(|b| b.rows).collect();
        let mut bufs: Vec<NumBuf> = cols.iter().map(|_| NumBuf::new(rows)).collect();
        let mut slots: Vec<Vec<_>> = lines.blocks.iter().map(|_| Vec::with_capacity(cols.len())).collect();
        for buf in bufs.iter_mut() {
            for (k, s) in buf.slots(&block_rows).into_iter().enumerate() {
                slots[k].push(s);
            }
        }
        let blocks: Vec<Vec<Part>> = lines
            .blocks
            .par_iter()
            .zip(slots.into_par_iter())
            .map(|(b, mut slots)| {
                let text = stored.read(b)?;
                let spans = read_block(&text, b, cols);
                Ok(spans
                    .iter()
                    .zip(&forced)
                    .zip(cols)
                    .zip(slots.iter_mut())
                    .map(|(((sp, &f), &w), slot)| {
                        part(infer(sp.len(), |i| field(&text, sp[i]), &opts.na_values, f, w), slot)
                    })
                    .collect())
            })
            .collect::<Result<_>>()?;
        let mut per_col: Vec<Vec<Part>> = cols.iter().map(|_| Vec::with_capacity(blocks.len())).collect();
        for b in blocks {
            for (k, c) in b.into_iter().enumerate() {
                per_col[k].push(c);
            }
        }
        let columns = per_col
            .into_iter()
            .zip(bufs)
            .enumerate()
            .map(|(k, (parts, buf))| {
                if rows == 0 {
                    return infer(0, |_| None, &opts.na_values, forced[k], cols[k]);
                }
                match join(parts, buf, &block_rows, rows, forced[k].is_some())? {
                    Some(c) => Ok(c),
                    None => {
                        // The blocks disagree (text in one, numbers in
                        // another...): type the column's text as a whole.
                        let mut t = arrow_array::builder::StringBuilder::with_capacity(rows, rows * 8);
                        for b in &lines.blocks {
                            let text = stored.read(b)?;
                            for sp in &read_block(&text, b, &cols[k..=k])[0] {
                                t.append_option(field(&text, *sp));
                            }
                        }
                        infer_column(&t.finish(), &opts.na_values, None, cols[k])
                    }
                }
            })
            .collect::<Result<Vec<_>>>()?;
        crate::runtime::release_memory();
        Ok((rows, columns))
    }

    /// pandas' wording of a tokenizing error.
    fn parse_error(&self, e: arrow_schema::ArrowError) -> Error {
        let text = e.to_string();
        if let Some(rest) = text.split("incorrect number of fields for line ").nth(1) {
            let line: usize = rest.split(',').next().and_then(|s| s.trim().parse().ok()).unwrap_or(0);
            let expected = self.labels.len();
            // pandas counts lines from 1 with the header; arrow-csv counts
            // records from 1 after it.
            let file_line = line + self.opts.skip_rows + usize::from(self.opts.header);
            let saw = self
                .input
                .text()
                .and_then(|s| s.lines().nth(file_line - 1).map(|l| l.split(self.opts.delimiter as char).count()))
                .unwrap_or(expected + 1);
            return Error::parser(format!(
                "Error tokenizing data. C error: Expected {expected} fields in line {file_line}, saw {saw}\n"
            ));
        }
        Error::parser(text)
    }
}

/// The field at `span` of a block's text, `None` if the line had none.
fn field(text: &[u8], (a, b): (usize, usize)) -> Option<&str> {
    // Safety: the text was checked to be UTF-8, and a field is cut at
    // ASCII delimiters and line ends.
    (a != MISSING.0).then(|| unsafe { std::str::from_utf8_unchecked(&text[a..b]) })
}

/// `body` without its lines of spaces and tabs outside quoted fields, or
/// `None` if it has none. A line starts outside quotes when the quote
/// characters before it are even in number (`""` escapes count twice).
fn without_blank_lines(body: &[u8]) -> Option<Vec<u8>> {
    let mut out: Option<Vec<u8>> = None;
    let mut quotes = 0usize;
    let mut start = 0usize;
    while start < body.len() {
        let end = memchr::memchr(b'\n', &body[start..]).map_or(body.len(), |p| start + p + 1);
        let line = &body[start..end];
        let text = line.strip_suffix(b"\n").unwrap_or(line);
        let drop = quotes % 2 == 0 && crate::table::csv_fast::is_blank(text);
        if drop && out.is_none() {
            out = Some(body[..start].to_vec());
        }
        if !drop {
            if let Some(o) = out.as_mut() {
                o.extend_from_slice(line);
            }
        }
        quotes += memchr::memchr_iter(b'"', line).count();
        start = end;
    }
    out
}

/// The record (counted from 0, blank lines too) where a quoted field
/// starts that the text never closes, as pandas' tokenizer reports it.
fn unterminated_quote(text: &[u8], delim: u8) -> Option<usize> {
    let (mut row, mut opened_at) = (0usize, 0usize);
    let (mut field_start, mut in_quotes) = (true, false);
    let mut i = 0;
    while i < text.len() {
        let b = text[i];
        if in_quotes {
            if b == b'"' {
                if text.get(i + 1) == Some(&b'"') {
                    i += 1;
                } else {
                    in_quotes = false;
                }
            }
        } else if b == b'"' && field_start {
            in_quotes = true;
            opened_at = row;
            field_start = false;
        } else if b == b'\n' {
            row += 1;
            field_start = true;
        } else {
            field_start = b == delim;
        }
        i += 1;
    }
    in_quotes.then_some(opened_at)
}

/// pandas' type inference for one column of text (from arrow-csv).
pub fn infer_column(t: &StringArray, na: &HashSet<String>, forced: Option<ColType>, col: usize) -> Result<Column> {
    let get = |i: usize| if t.is_null(i) { None } else { Some(t.value(i)) };
    infer(t.len(), get, na, forced, col)
}

/// pandas' type inference for `n` values (`None`: no field, missing):
/// int64, else float64 (also ints with missing values), else bool, else
/// pandas 3's string dtype; or the type `forced` by `dtype=` (for the
/// file's column `col`).
pub fn infer<'a, F: Fn(usize) -> Option<&'a str>>(
    n: usize,
    get: F,
    na: &HashSet<String>,
    forced: Option<ColType>,
    col: usize,
) -> Result<Column> {
    let max_na = na.iter().map(|s| s.len()).max().unwrap_or(0);
    let na: std::collections::HashSet<&str, foldhash::fast::RandomState> = na.iter().map(|s| s.as_str()).collect();
    // The lengths of the missing-value markers by first byte (a bit per
    // length, the last for 63 and more): most values are ruled out without
    // hashing.
    let len_bit = |s: &str| 1u64 << s.len().min(63);
    let first_byte = |s: &str| s.as_bytes().first().map_or(256, |&b| b as usize);
    let mut lengths = [0u64; 257];
    for s in &na {
        lengths[first_byte(s)] |= len_bit(s);
    }
    let is_na = |v: Option<&str>| match v {
        None => true,
        Some(s) => s.len() <= max_na && lengths[first_byte(s)] & len_bit(s) != 0 && na.contains(s),
    };
    let val = |i: usize| -> Option<&'a str> {
        let v = get(i);
        if is_na(v) {
            None
        } else {
            v
        }
    };
    let strs = || -> Column {
        let mut b = arrow_array::builder::StringBuilder::with_capacity(n, n * 8);
        for i in 0..n {
            b.append_option(val(i));
        }
        Column::Arrow(Arc::new(b.finish()))
    };
    if let Some(ty) = forced {
        return match ty {
            ColType::Str => Ok(strs()),
            ColType::Float64 => {
                let mut v = Vec::with_capacity(n);
                for i in 0..n {
                    v.push(match val(i) {
                        None => f64::NAN,
                        Some(s) => parse_float(s).ok_or_else(|| bad_float(s))?,
                    });
                }
                Ok(Column::from_f64(v))
            }
            ColType::Int64 => {
                let mut v = Vec::with_capacity(n);
                for i in 0..n {
                    let s = val(i).ok_or_else(|| Error::value(format!("Integer column has NA values in column {col}")))?;
                    v.push(match parse_int(s) {
                        Some(x) => x,
                        // pandas reads the column as floats, then casts
                        // them if that is exact.
                        None => match parse_float(s) {
                            Some(x) if x.fract() == 0.0 && x.abs() < 9.2e18 => x as i64,
                            Some(_) => {
                                return Err(Error::value(format!(
                                    "cannot safely convert passed user dtype of int64 for float64 dtyped data in column {col}"
                                )))
                            }
                            None => return Err(Error::value(format!("invalid literal for int() with base 10: '{s}'"))),
                        },
                    });
                }
                Ok(Column::from_i64(v))
            }
            ColType::Bool => {
                let v: Option<Vec<bool>> = (0..n).map(|i| val(i).and_then(as_bool)).collect();
                v.map(Column::from_bool).ok_or_else(|| {
                    Error::unsupported("read_csv(dtype=bool) of a column holding values other than True/False")
                })
            }
            other => Err(Error::unsupported(format!("read_csv(dtype={other})"))),
        };
    }
    if n == 0 {
        return Column::nulls(ColType::Object, 0);
    }
    // int64
    {
        let mut v = Vec::with_capacity(n);
        let mut ok = true;
        for i in 0..n {
            match val(i).and_then(parse_int) {
                Some(x) => v.push(x),
                None => {
                    ok = false;
                    break;
                }
            }
        }
        if ok {
            return Ok(Column::from_i64(v));
        }
    }
    // float64 (also ints with missing values)
    {
        let mut v = Vec::with_capacity(n);
        let mut ok = true;
        for i in 0..n {
            match val(i) {
                None => v.push(f64::NAN),
                Some(s) => match parse_float(s) {
                    Some(x) => v.push(x),
                    None => {
                        ok = false;
                        break;
                    }
                },
            }
        }
        if ok {
            if (0..n).any(|i| val(i).is_some_and(|s| parse_int(s).is_none() && looks_like_big_int(s))) {
                return Err(Error::unsupported("read_csv of integers beyond int64"));
            }
            return Ok(Column::from_f64(v));
        }
    }
    // bool
    let mut missing = 0usize;
    if (0..n).all(|i| match val(i) {
        None => {
            missing += 1;
            true
        }
        Some(s) => as_bool(s).is_some(),
    }) {
        if missing == 0 {
            return Ok(Column::from_bool((0..n).map(|i| as_bool(val(i).unwrap()).unwrap()).collect()));
        }
        return Err(Error::unsupported("read_csv of a bool column with missing values (object dtype)"));
    }
    Ok(strs())
}

/// pandas' spellings of booleans in CSV files.
fn as_bool(s: &str) -> Option<bool> {
    match s {
        "True" | "TRUE" | "true" => Some(true),
        "False" | "FALSE" | "false" => Some(false),
        _ => None,
    }
}

fn bad_float(s: &str) -> Error {
    Error::value(format!("could not convert string to float: '{s}'"))
}

fn looks_like_big_int(s: &str) -> bool {
    let s = s.trim();
    let d = s.strip_prefix(['-', '+']).unwrap_or(s);
    !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())
}

/// An int64 the way pandas' C parser reads one (sign, digits, spaces
/// around), in one pass over the bytes; `None` for anything else and for
/// values beyond int64.
pub fn parse_int(s: &str) -> Option<i64> {
    let mut b = s.as_bytes();
    while let [b' ', rest @ ..] = b {
        b = rest;
    }
    while let [rest @ .., b' '] = b {
        b = rest;
    }
    let (neg, digits) = match b {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        _ => (false, b),
    };
    if digits.is_empty() {
        return None;
    }
    // Accumulated negative, so that i64::MIN is read too.
    let mut v: i64 = 0;
    for &c in digits {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        v = v.checked_mul(10)?.checked_sub(i64::from(d))?;
    }
    if neg {
        Some(v)
    } else {
        v.checked_neg()
    }
}

/// A float64 the way pandas' C parser reads one.
pub fn parse_float(s: &str) -> Option<f64> {
    if let Some(v) = parse_plain_decimal(s.as_bytes()) {
        return Some(v);
    }
    let s = s.trim_matches(' ');
    if s.is_empty() {
        return None;
    }
    let body = s.strip_prefix(['-', '+']).unwrap_or(s);
    if body.eq_ignore_ascii_case("inf") || body.eq_ignore_ascii_case("infinity") {
        return Some(if s.starts_with('-') { f64::NEG_INFINITY } else { f64::INFINITY });
    }
    // Digits, one point, an exponent; nothing else (Rust would also take
    // "nan" and "infinity" spellings handled above).
    let ok = body.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'-' | b'+'));
    if !ok || !body.bytes().next().is_some_and(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    s.parse().ok()
}

/// `[-]digits[.digits]` with at most 15 significant digits, which an
/// exactly representable mantissa divided by an exact power of ten rounds
/// correctly (Clinger's fast path); `None` for any other form.
fn parse_plain_decimal(s: &[u8]) -> Option<f64> {
    const POW10: [f64; 16] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];
    let (neg, digits) = match s.first() {
        Some(b'-') => (true, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty() || digits.len() > 16 {
        return None;
    }
    let (mut m, mut frac, mut point, mut any) = (0u64, 0usize, false, false);
    for &b in digits {
        match b {
            b'0'..=b'9' => {
                m = m * 10 + u64::from(b - b'0');
                frac += usize::from(point);
                any = true;
            }
            b'.' if !point => point = true,
            _ => return None,
        }
    }
    if !any || m >= 1 << 53 {
        return None;
    }
    let v = m as f64 / POW10[frac];
    Some(if neg { -v } else { v })
}
