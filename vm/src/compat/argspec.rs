//! CPython 3.11's argument-count and keyword errors for builtin callables.
//!
//! `signatures.txt` (generated from CPython 3.11 by `signatures.py`) says how
//! each builtin parses its arguments; `violation` replays CPython's checks in
//! CPython's order and returns the message of the first one a call fails.
//! RustPython converts arguments before it counts them and words its
//! messages like 3.14, so its error is replaced whenever 3.11 would have
//! rejected the call's shape.

use std::collections::HashMap;
use std::sync::OnceLock;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Style {
    /// METH_NOARGS: "f() takes no arguments (1 given)".
    NoArgs,
    /// METH_O: "f() takes exactly one argument (2 given)".
    One,
    /// Positional-only Argument Clinic: "f expected at most 2 arguments, got 3".
    Positional,
    /// PyArg_ParseTuple: "f() takes at most 2 arguments (3 given)".
    Tuple,
    /// Keywords allowed (_PyArg_UnpackKeywords).
    Keywords,
    /// No arguments at all: "NoneType takes no arguments".
    Nothing,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    PositionalOnly,
    PositionalOrKeyword,
    KeywordOnly,
}

#[derive(Debug)]
struct Param {
    name: &'static str,
    kind: Kind,
    required: bool,
}

#[derive(Debug)]
struct Signature {
    style: Style,
    min: usize,
    max: Option<usize>,
    /// Takes keywords this table does not check (`dict(**kw)`, `sorted`);
    /// `Some(name)` names the function that rejects an unknown one.
    open_keywords: Option<Option<&'static str>>,
    /// The parameters of a `Keywords` builtin, when known.
    params: Option<Vec<Param>>,
    /// The name a `Nothing` message uses.
    name: Option<&'static str>,
}

fn table() -> &'static HashMap<&'static str, Signature> {
    static TABLE: OnceLock<HashMap<&'static str, Signature>> = OnceLock::new();
    TABLE.get_or_init(|| {
        include_str!("signatures.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(parse_line)
            .collect()
    })
}

fn parse_line(line: &'static str) -> Option<(&'static str, Signature)> {
    let mut words = line.split_whitespace();
    let key = words.next()?;
    let style = match words.next()? {
        "noargs" => Style::NoArgs,
        "one" => Style::One,
        "pos" => Style::Positional,
        "tuple" => Style::Tuple,
        "kw" => Style::Keywords,
        "none" => Style::Nothing,
        _ => return None,
    };
    let min = words.next()?.parse().ok()?;
    let max = match words.next()? {
        "*" => None,
        n => Some(n.parse().ok()?),
    };
    let rest: Vec<&'static str> = words.collect();
    let mut open_keywords = None;
    let mut params = None;
    let mut name = None;
    if style == Style::Nothing {
        name = rest.first().copied();
    } else if let Some(flag) = rest.first().and_then(|w| w.strip_prefix("+kw")) {
        open_keywords = Some(flag.strip_prefix(':'));
    } else if style == Style::Keywords && rest != ["?"] {
        params = Some(parse_params(&rest));
    }
    Some((key, Signature { style, min, max, open_keywords, params, name }))
}

fn parse_params(words: &[&'static str]) -> Vec<Param> {
    let positional_only = words.contains(&"/");
    let mut kind = if positional_only { Kind::PositionalOnly } else { Kind::PositionalOrKeyword };
    let mut params = Vec::new();
    for &w in words {
        match w {
            "/" => kind = Kind::PositionalOrKeyword,
            "*" => kind = Kind::KeywordOnly,
            _ => {
                let (name, required) = match w.strip_suffix('=') {
                    Some(name) => (name, false),
                    None => (w, true),
                };
                params.push(Param { name, kind, required });
            }
        }
    }
    params
}

/// The shape of a call: positional count (without the instance a method is
/// bound to) and keyword names in call order.
pub struct Shape<'a> {
    pub nargs: usize,
    pub keywords: &'a [String],
    /// Called through the method descriptor (`'x'.count(...)`), not a
    /// bound method object or a function; PyArg_ParseTuple methods then
    /// name themselves with their type (`str.count()`).
    pub via_descriptor: bool,
}

/// Whether the table describes `key` (`len`, `math.log`, `str.split`, `int()`).
pub fn knows(key: &str) -> bool {
    table().contains_key(key)
}

/// CPython 3.11's message for a call of `key` with this shape, if 3.11
/// rejects the shape. `display` is how CPython names the callable in its
/// dispatch-level messages (`str.join`, `math.log2`, `len`, `MyStr.upper`).
pub fn violation(key: &str, display: &str, shape: &Shape) -> Option<String> {
    let sig = table().get(key)?;
    let bare = bare_name(key);
    let n = shape.nargs;
    let has_kw = !shape.keywords.is_empty();
    match sig.style {
        Style::Nothing => (n > 0 || has_kw).then(|| format!("{} takes no arguments", sig.name.unwrap_or(bare))),
        Style::NoArgs | Style::One | Style::Positional | Style::Tuple => {
            if has_kw && sig.open_keywords.is_none() {
                let name = if sig.style == Style::Tuple && !shape.via_descriptor { bare } else { display };
                return Some(format!("{name}() takes no keyword arguments"));
            }
            count_violation(sig, bare, display, n)
        }
        Style::Keywords => match &sig.params {
            Some(params) => keywords_violation(params, bare, shape),
            None => count_violation(sig, bare, display, n),
        },
    }
}

/// The message for a keyword RustPython reported as unexpected, worded the
/// way 3.11 words it for `key`.
pub fn unexpected_keyword(key: &str, keyword: &str) -> Option<String> {
    let sig = table().get(key)?;
    match (sig.style, sig.open_keywords) {
        (_, Some(Some(receiver))) => Some(format!("'{keyword}' is an invalid keyword argument for {receiver}()")),
        (Style::Keywords, None) => Some(format!("'{keyword}' is an invalid keyword argument for {}()", bare_name(key))),
        _ => None,
    }
}

fn bare_name(key: &str) -> &str {
    let key = key.strip_suffix("()").unwrap_or(key);
    key.rsplit_once('.').map_or(key, |(_, name)| name)
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn count_violation(sig: &Signature, bare: &str, display: &str, n: usize) -> Option<String> {
    let too_few = n < sig.min;
    let too_many = sig.max.is_some_and(|max| n > max);
    if !too_few && !too_many {
        return None;
    }
    let exact = sig.max == Some(sig.min);
    let limit = if too_few { sig.min } else { sig.max.unwrap_or(sig.min) };
    Some(match sig.style {
        Style::NoArgs => format!("{display}() takes no arguments ({n} given)"),
        Style::Nothing => format!("{} takes no arguments", sig.name.unwrap_or(bare)),
        Style::One => format!("{display}() takes exactly one argument ({n} given)"),
        Style::Positional => {
            let bound = match (exact, too_few) {
                (true, _) => "",
                (false, true) => "at least ",
                (false, false) => "at most ",
            };
            format!("{bare} expected {bound}{limit} argument{}, got {n}", plural(limit))
        }
        Style::Tuple | Style::Keywords => {
            let bound = match (exact, too_few) {
                (true, _) => "exactly",
                (false, true) => "at least",
                (false, false) => "at most",
            };
            format!("{bare}() takes {bound} {limit} argument{} ({n} given)", plural(limit))
        }
    })
}

/// _PyArg_UnpackKeywords, in its order: total count, positional count,
/// required positional-only count, then each parameter, then leftover
/// keywords.
fn keywords_violation(params: &[Param], name: &str, shape: &Shape) -> Option<String> {
    let n = shape.nargs;
    let maxargs = params.len();
    let maxpos = params.iter().filter(|p| p.kind != Kind::KeywordOnly).count();
    let minpos = params.iter().filter(|p| p.kind != Kind::KeywordOnly && p.required).count();
    let minposonly = params.iter().filter(|p| p.kind == Kind::PositionalOnly && p.required).count();
    let total = n + shape.keywords.len();
    if total > maxargs {
        let keyword = if n == 0 { "keyword " } else { "" };
        return Some(format!("{name}() takes at most {maxargs} {keyword}argument{} ({total} given)", plural(maxargs)));
    }
    if n > maxpos {
        if maxpos == 0 {
            return Some(format!("{name}() takes no positional arguments"));
        }
        let bound = if minpos < maxpos { "at most" } else { "exactly" };
        return Some(format!("{name}() takes {bound} {maxpos} positional argument{} ({n} given)", plural(maxpos)));
    }
    if n < minposonly {
        let bound = if minposonly < maxpos { "at least" } else { "exactly" };
        return Some(format!(
            "{name}() takes {bound} {minposonly} positional argument{} ({n} given)",
            plural(minposonly)
        ));
    }
    let given = |p: &Param| shape.keywords.iter().any(|k| k == p.name);
    for (i, p) in params.iter().enumerate().skip(n) {
        let found = p.kind != Kind::PositionalOnly && given(p);
        if !found && p.required {
            if p.kind == Kind::KeywordOnly {
                // 3.11 words this case differently; no builtin in the table has one.
                return None;
            }
            return Some(format!("{name}() missing required argument '{}' (pos {})", p.name, i + 1));
        }
    }
    for k in shape.keywords {
        let matched = params.iter().enumerate().find(|(_, p)| p.kind != Kind::PositionalOnly && p.name == k);
        match matched {
            Some((i, _)) if i < n => {
                return Some(format!("argument for {name}() given by name ('{k}') and position ({})", i + 1));
            }
            Some(_) => {}
            None => return Some(format!("'{k}' is an invalid keyword argument for {name}()")),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(key: &str, display: &str, nargs: usize, kws: &[&str]) -> Option<String> {
        let keywords: Vec<String> = kws.iter().map(|s| s.to_string()).collect();
        violation(key, display, &Shape { nargs, keywords: &keywords, via_descriptor: false })
    }

    #[test]
    fn table_parses_every_line() {
        let lines = include_str!("signatures.txt").lines().filter(|l| !l.starts_with('#') && !l.is_empty()).count();
        assert_eq!(table().len(), lines);
    }

    #[test]
    fn messages_match_cpython_311() {
        assert_eq!(check("len", "len", 0, &[]).unwrap(), "len() takes exactly one argument (0 given)");
        assert_eq!(check("float.hex", "float.hex", 1, &[]).unwrap(), "float.hex() takes no arguments (1 given)");
        assert_eq!(check("str.center", "str.center", 0, &["zz"]).unwrap(), "str.center() takes no keyword arguments");
        assert_eq!(check("str.count", "str.count", 1, &["zz"]).unwrap(), "count() takes no keyword arguments");
        assert_eq!(check("str.center", "str.center", 3, &[]).unwrap(), "center expected at most 2 arguments, got 3");
        assert_eq!(check("str.count", "str.count", 4, &[]).unwrap(), "count() takes at most 3 arguments (4 given)");
        assert_eq!(check("math.isclose", "math.isclose", 3, &[]).unwrap(), "isclose() takes exactly 2 positional arguments (3 given)");
        assert_eq!(check("math.isclose", "math.isclose", 1, &["a"]).unwrap(), "isclose() missing required argument 'b' (pos 2)");
        assert_eq!(check("pow", "pow", 1, &["exp", "base"]).unwrap(), "argument for pow() given by name ('base') and position (1)");
        assert_eq!(check("sum", "sum", 1, &["iterable"]).unwrap(), "'iterable' is an invalid keyword argument for sum()");
        assert_eq!(check("sum", "sum", 0, &[]).unwrap(), "sum() takes at least 1 positional argument (0 given)");
        assert_eq!(check("str.encode", "str.encode", 3, &[]).unwrap(), "encode() takes at most 2 arguments (3 given)");
        assert_eq!(check("int()", "int", 0, &["x"]).unwrap(), "'x' is an invalid keyword argument for int()");
        assert_eq!(check("dict()", "dict", 1, &["x"]), None);
        assert_eq!(check("str.split", "str.split", 1, &[]), None);
    }
}
