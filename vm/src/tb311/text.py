"""Source lines, code positions and caret anchors for hipy's 3.11 tracebacks.

CPython 3.11 renders a traceback in two places that disagree in details:
the `traceback` module (Lib/traceback.py) and the uncaught-exception display
(`sys.excepthook`, written in C in Python/traceback.c and pythonrun.c).
This module holds what both need. Where their rules differ, both variants
are here: `module_*` for the traceback module, `display_*` for the excepthook.
"""

import itertools
import sys

# The caret characters of an anchored expression: `~` around, `^` on the
# operator or the subscript.
PRIMARY = "~"
SECONDARY = "^"
# C: " \t\f" are whitespace when the display looks at source bytes.
C_WHITESPACE = b" \t\f"


# -- code positions ---------------------------------------------------------

def code_position(code, lasti):
    """(lineno, end_lineno, colno, end_colno) of the instruction at byte
    offset `lasti`, as `co_positions()` reports it (offsets in UTF-8 bytes);
    all None when there is no instruction."""
    if lasti < 0:
        return (None, None, None, None)
    found = next(itertools.islice(code.co_positions(), lasti // 2, None), None)
    return found if found is not None else (None, None, None, None)


# -- where 3.11 locates `for` and `with` machinery ---------------------------
#
# CPython 3.11 gives the instructions that drive a `for` loop (GET_ITER,
# FOR_ITER) and a `with` statement (calling __enter__ and __exit__) the
# location of the whole statement, which spans the line, so no carets are
# shown under `for x in gen():` or `with cm():`. The 3.14 compiler that hipy
# shares with RustPython locates them at the iterable or the context
# expression instead. For those instructions, on a line that starts such a
# statement, the column information is dropped, which shows exactly what
# 3.11 shows.

_FOR_OPS = ("GET_ITER", "FOR_ITER", "GET_AITER")
_WITH_OPS = ("WITH_EXCEPT_START", "LOAD_SPECIAL", "BEFORE_WITH", "BEFORE_ASYNC_WITH")


def statement_position(code, lasti, position, read_line):
    """`position` as 3.11 reports it for the instruction at `lasti`;
    `read_line()` gives its source line."""
    if position[2] is None:
        return position
    line = read_line()
    keyword = _statement_keyword(line.lstrip(" \t\f")) if line else None
    if keyword is not None and _instruction_kind(code, lasti) == keyword:
        return (position[0], None, None, None)
    return position


def _statement_keyword(head):
    """'for' or 'with' when `head` starts such a statement (maybe async)."""
    for keyword in ("for", "with"):
        for start in (keyword, "async " + keyword):
            rest = head[len(start):len(start) + 1]
            if head.startswith(start) and not (rest.isalnum() or rest == "_"):
                return keyword
    return None


def _instruction_kind(code, lasti):
    """'for' or 'with' when the instruction at `lasti` belongs to that
    statement's machinery, else None (also when the code cannot be read)."""
    try:
        ops = _opnames()
        data = code.co_code
        name = ops.get(data[lasti], "")
        if name.startswith(_FOR_OPS):
            return "for"
        if name.startswith(_WITH_OPS) or _is_with_call(code, data, lasti, ops, name):
            return "with"
    except Exception:
        pass
    return None


def _is_with_call(code, data, lasti, ops, name):
    """A call of the `with` machinery: __enter__() right after its
    LOAD_SPECIAL, or __exit__(None, None, None) when the body ends (a
    3-argument CALL after three `LOAD_CONST None`, later than a LOAD_SPECIAL
    of the same context expression)."""
    if not name.startswith("CALL") or lasti < 2:
        return False
    if data[lasti + 1] == 0:
        return ops.get(data[lasti - 2], "") == "LOAD_SPECIAL"
    if data[lasti + 1] != 3 or lasti < 6:
        return False
    for back in (2, 4, 6):
        if ops.get(data[lasti - back], "") != "LOAD_CONST":
            return False
        if code.co_consts[data[lasti - back + 1]] is not None:
            return False
    positions = list(code.co_positions())
    here = positions[lasti // 2]
    return any(ops.get(data[2 * i], "") == "LOAD_SPECIAL" and positions[i] == here
               for i in range(lasti // 2))


_OPNAMES = None


def _opnames():
    """Instruction names by opcode number, specialized forms included."""
    global _OPNAMES
    if _OPNAMES is None:
        import opcode
        names = dict(getattr(opcode, "_specialized_opmap", {}))
        names.update(opcode.opmap)
        _OPNAMES = {number: name for name, number in names.items()}
    return _OPNAMES


# -- offsets ----------------------------------------------------------------

def module_char_offset(line, byte_offset):
    """traceback.py: the character index that `byte_offset` (UTF-8) names."""
    return len(line.encode("utf-8")[:byte_offset].decode("utf-8", errors="replace"))


def display_char_offset(line, byte_offset):
    """C (_PyPegen_byte_offset_to_character_offset): the same, except that an
    offset past the end is clipped to one past it, where C reads the
    terminating NUL byte as one more character."""
    data = line.encode("utf-8")
    if byte_offset > len(data) + 1:
        byte_offset = len(data) + 1
    chars = len(data[:byte_offset].decode("utf-8", errors="replace"))
    return chars + 1 if byte_offset == len(data) + 1 else chars


def display_width(text, offset):
    """traceback.py: columns that text[:offset] takes on a terminal, East
    Asian wide and full-width characters counting two."""
    if text.isascii():
        return offset
    import unicodedata
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1
               for ch in text[:offset])


# -- parsing a segment ------------------------------------------------------

def _only_expression(segment):
    """The expression of `segment` when it parses as exactly one expression
    statement, else None."""
    import _ast
    tree = compile(segment, "<traceback>", "exec", _ast.PyCF_ONLY_AST)
    if len(tree.body) != 1 or not isinstance(tree.body[0], _ast.Expr):
        return None
    return tree.body[0].value


# -- anchors: traceback.py rules (3.11.7) -----------------------------------

def module_anchors(segment):
    """(left, right) character offsets in `segment` of the part to mark with
    `^` inside `~`: the operator of a binary operation, or the brackets and
    index of a subscript. None for any other segment, or one that does not
    parse. Mixes byte and character offsets exactly as 3.11.7 does."""
    import _ast
    try:
        expr = _only_expression(segment)
    except SyntaxError:
        return None
    if isinstance(expr, _ast.BinOp):
        return _module_binop_anchors(segment, expr)
    if isinstance(expr, _ast.Subscript):
        return _module_subscript_anchors(segment, expr)
    return None


def _module_binop_anchors(segment, expr):
    between = segment[module_char_offset(segment, expr.left.end_col_offset):
                      module_char_offset(segment, expr.right.col_offset)]
    skipped = len(between) - len(between.lstrip())
    left = expr.left.end_col_offset + skipped
    right = left + 1
    # A two-character operator (`//`, `**`, `<<`, ...).
    if skipped + 1 < len(between) and not between[skipped + 1].isspace():
        right += 1
    # Step over closing parentheses of the left operand (and comments).
    while left < len(segment) and (segment[left].isspace() or segment[left] in ")#"):
        left += 1
        right += 1
    return (module_char_offset(segment, left), module_char_offset(segment, right))


def _module_subscript_anchors(segment, expr):
    left = module_char_offset(segment, expr.value.end_col_offset)
    right = module_char_offset(segment, expr.slice.end_col_offset + 1)
    while left < len(segment) and (segment[left].isspace() or segment[left] != "["):
        left += 1
    while right < len(segment) and (segment[right].isspace() or segment[right] != "]"):
        right += 1
    if right < len(segment):
        right += 1
    return (left, right)


# -- anchors: the C display's rules (Python/traceback.c) ----------------------

def display_anchors(segment):
    """Like `module_anchors`, by the excepthook's rules, which scan the UTF-8
    bytes of the segment. Returns (left, right) character offsets in
    `segment`, or None."""
    import _ast
    try:
        expr = _only_expression(segment)
    except Exception:
        return None
    data = segment.encode("utf-8")
    if isinstance(expr, _ast.BinOp):
        found = _display_binop_anchors(data, expr)
    elif isinstance(expr, _ast.Subscript):
        found = _display_subscript_anchors(data, expr)
    else:
        return None
    if found is None:
        return None
    left, right = found
    return (display_char_offset(segment, left), display_char_offset(segment, right))


def _display_binop_anchors(data, expr):
    """The first non-blank byte between the operands is the operator, except
    a `)` that closes the left operand; a second non-blank byte right after
    it widens the mark to two characters."""
    end = expr.right.col_offset
    found = None
    for i in range(expr.left.end_col_offset, end):
        if data[i] in C_WHITESPACE:
            continue
        right = i + 1
        if i + 1 < end and data[i + 1] not in C_WHITESPACE:
            right += 1
        found = (i, right)
        if i + 1 < end and data[i] == ord(")"):
            continue
        break
    return found


def _display_subscript_anchors(data, expr):
    left = expr.value.end_col_offset
    right = expr.slice.end_col_offset + 1
    while left < len(data) and data[left] != ord("["):
        left += 1
    while right < len(data) and data[right] != ord("]"):
        right += 1
    if right < len(data):
        right += 1
    return (left, right)


# -- reading source for the display ------------------------------------------

def display_source_lines(filename):
    """The excepthook's view of a source file: its lines without line
    endings, read from the file itself (never from linecache), or from the
    file's base name in a sys.path directory when the name cannot be
    opened; decoded with its coding cookie and universal newlines. None for
    names like `<string>` and on any error."""
    if not isinstance(filename, str) or not filename:
        return None
    if filename.startswith("<") and filename.endswith(">"):
        return None
    data = _read_source_bytes(filename)
    if data is None:
        return None
    try:
        text = data.decode(_coding_cookie(data))
    except (LookupError, UnicodeDecodeError):
        return None
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines[-1] == "":
        lines.pop()  # after the last line ending: end of file, not a line
    return lines


def _read_source_bytes(filename):
    try:
        with open(filename, "rb") as f:
            return f.read()
    except (OSError, ValueError):
        pass
    tail = filename.rsplit("/", 1)[-1]
    path = getattr(sys, "path", None)
    if not isinstance(path, list):
        return None
    for entry in path:
        if not isinstance(entry, str):
            continue
        candidate = entry + tail if not entry or entry.endswith("/") else entry + "/" + tail
        try:
            with open(candidate, "rb") as f:
                return f.read()
        except (OSError, ValueError):
            continue
    return None


def _coding_cookie(data):
    """The encoding a `# -*- coding: NAME -*-` comment in the first two lines
    declares, else utf-8."""
    for raw in data.split(b"\n", 2)[:2]:
        line = raw.lstrip(b" \t\f")
        if not line.startswith(b"#"):
            if line.strip():
                break
            continue
        at = line.find(b"coding")
        while at >= 0:
            rest = line[at + 6:]
            if rest[:1] in (b":", b"="):
                name = rest[1:].lstrip(b" \t")
                end = 0
                while end < len(name) and (chr(name[end]).isalnum() or name[end] in b"-_."):
                    end += 1
                if end:
                    return name[:end].decode("ascii")
            at = line.find(b"coding", at + 6)
    return "utf-8"
