"""The uncaught-exception display of CPython 3.11 (PyErr_Display).

`sys.excepthook` prints through `display(exc)`. 3.11 does this in C
(Python/pythonrun.c and Python/traceback.c), and its rules differ from the
traceback module's in details this module keeps:
- source lines are read from the file, not linecache, and keep their
  trailing whitespace;
- binary operators are found by scanning bytes (`display_anchors`);
- carets are elided only when they span the whole line after its indent;
- `sys.tracebacklimit` keeps the *last* N entries (at most 1000);
- "[Previous line repeated ...]" lines carry no group margin;
- NameError and AttributeError get "Did you mean" suggestions;
- a SyntaxError prints its `msg` (nothing when it is None).
"""

import sys

import _hipy_tb311_text as text
from _hipy_tb311_suggest import suggestion_for

TB_HEADER = "Traceback (most recent call last):\n"
GROUP_TB_HEADER = "Exception Group Traceback (most recent call last):\n"
CAUSE_MESSAGE = "The above exception was the direct cause of the following exception:\n"
CONTEXT_MESSAGE = "During handling of the above exception, another exception occurred:\n"
MAX_GROUP_WIDTH = 15
MAX_GROUP_DEPTH = 10
TRACEBACK_LIMIT = 1000
RECURSIVE_CUTOFF = 3
SOURCE_INDENT = 4


def display(exc, file=None):
    """Print `exc` with its chain the way CPython 3.11's excepthook does."""
    if file is None:
        file = sys.stderr
    if not isinstance(exc, BaseException):
        file.write("TypeError: print_exception(): Exception expected for value, "
                   f"{type(exc).__name__} found\n")
        return
    _Printer(file).print_recursive(exc)
    try:
        file.flush()
    except Exception:
        pass


class _Printer:
    """The state of one display: the group depth (margins), whether a group
    box still needs its closing line, and the exceptions already shown."""

    def __init__(self, file):
        self.file = file
        self.depth = 0
        self.need_close = False
        self.seen = set()
        self.sources = {}

    def write(self, s):
        self.file.write(s)

    def margin(self):
        return "| " if self.depth else ""

    def indent(self):
        return " " * (2 * self.depth)

    def write_margin(self):
        """The indent and `| ` that start each line inside a group."""
        self.write(self.indent() + self.margin())

    # -- chains -----------------------------------------------------------

    def print_recursive(self, exc):
        self.print_cause_or_context(exc)
        if isinstance(exc, BaseExceptionGroup):
            self.print_group(exc)
        else:
            self.print_one(exc)

    def print_cause_or_context(self, exc):
        """The cause, or else (unless suppressed) the context, first. A
        cause already shown ends the chain even if there is a context."""
        self.seen.add(id(exc))
        cause = exc.__cause__
        if cause is not None:
            if id(cause) not in self.seen:
                self.print_chained(cause, CAUSE_MESSAGE)
            return
        if exc.__suppress_context__:
            return
        context = exc.__context__
        if context is not None and id(context) not in self.seen:
            self.print_chained(context, CONTEXT_MESSAGE)

    def print_chained(self, exc, message):
        need_close = self.need_close
        self.print_recursive(exc)
        self.need_close = need_close
        self.write_margin()
        self.write("\n")
        self.write_margin()
        self.write(message)
        self.write_margin()
        self.write("\n")

    # -- exception groups -------------------------------------------------

    def print_group(self, group):
        if self.depth > MAX_GROUP_DEPTH:
            self.write_margin()
            self.write(f"... (max_group_depth is {MAX_GROUP_DEPTH})\n")
            return
        toplevel = self.depth == 0
        if toplevel:
            self.depth += 1
        self.print_one(group)
        members = group.exceptions
        shown = len(members) if len(members) <= MAX_GROUP_WIDTH else MAX_GROUP_WIDTH + 1
        self.need_close = False
        for i in range(shown):
            last = i == shown - 1
            if last:
                self.need_close = True  # a nested group may close the box
            truncated = i >= MAX_GROUP_WIDTH
            title = "..." if truncated else str(i + 1)
            self.write(self.indent() + ("+-" if i == 0 else "  ")
                       + f"+---------------- {title} ----------------\n")
            self.depth += 1
            if truncated:
                remaining = len(members) - MAX_GROUP_WIDTH
                self.write_margin()
                self.write(f"and {remaining} more exception{'s' if remaining > 1 else ''}\n")
            else:
                self.print_recursive(members[i])
            if last and self.need_close:
                self.write(self.indent() + "+------------------------------------\n")
                self.need_close = False
            self.depth -= 1
        if self.depth == 1:
            self.depth = 0

    # -- one exception ----------------------------------------------------

    def print_one(self, exc):
        """Traceback, SyntaxError location, `Type: message`, suggestion,
        notes."""
        self.print_traceback(exc)
        value = self.print_syntax_error_location(exc)
        self.print_message(type(exc), value)
        suggestion = suggestion_for(value)
        if suggestion is not None:
            self.write(f". Did you mean: '{suggestion}'?")
        self.write("\n")
        self.print_notes(exc)

    def print_traceback(self, exc):
        tb = exc.__traceback__
        if tb is None:
            return
        limit = _traceback_limit()
        if limit <= 0:
            return
        header, header_margin = TB_HEADER, self.margin()
        if isinstance(exc, BaseExceptionGroup):
            header = GROUP_TB_HEADER
            if self.depth == 1:
                header_margin = "+ "
        self.write(self.indent() + header_margin + header)
        entries = []
        while tb is not None:
            entries.append(tb)
            tb = tb.tb_next
        self.print_entries(entries[-limit:])

    def print_entries(self, entries):
        """Entries; a run of more than three with the same file, line and
        function shows three and a count."""
        last, count = None, 0
        for tb in entries:
            code = tb.tb_frame.f_code
            key = (code.co_filename, tb.tb_lineno, code.co_name)
            if key != last:
                self.print_repeated(count)
                last, count = key, 0
            count += 1
            if count <= RECURSIVE_CUTOFF:
                self.print_entry(tb, code)
        self.print_repeated(count)

    def print_repeated(self, count):
        if count > RECURSIVE_CUTOFF:
            more = count - RECURSIVE_CUTOFF
            self.write(f"  [Previous line repeated {more} more time{'s' if more > 1 else ''}]\n")

    def print_entry(self, tb, code):
        self.write_margin()
        self.write(f'  File "{code.co_filename}", line {tb.tb_lineno}, in {code.co_name}\n')
        line = self.source_line(code.co_filename, tb.tb_lineno)
        if line is None:
            return
        indent = len(line) - len(line.lstrip(" \t\f"))
        self.write_margin()
        self.write(" " * SOURCE_INDENT + line[indent:] + "\n")
        try:
            position = text.code_position(code, tb.tb_lasti)
            position = text.statement_position(code, tb.tb_lasti, position, lambda: line)
            carets = _caret_line(line, indent, position)
        except Exception:
            carets = None
        if carets is not None:
            self.write_margin()
            self.write(carets)

    def source_line(self, filename, lineno):
        """Line `lineno` of `filename` as the display reads it, or None."""
        if filename not in self.sources:
            try:
                self.sources[filename] = text.display_source_lines(filename)
            except Exception:
                self.sources[filename] = None
        lines = self.sources[filename]
        if lines is None or not 1 <= lineno <= len(lines):
            return None
        return lines[lineno - 1]

    # -- the last lines ---------------------------------------------------

    def print_syntax_error_location(self, exc):
        """For a SyntaxError (anything with `print_file_and_line`): its file,
        line, text and carets. Returns what the message line shows: the
        error's `msg` then, else the exception itself."""
        if not hasattr(exc, "print_file_and_line"):
            return exc
        try:
            loc = _SyntaxLocation(exc)
        except Exception:
            return exc
        self.write_margin()
        self.write(f'  File "{loc.filename}", line {loc.lineno}\n')
        if loc.text is not None:
            self.write(loc.render_text())
        return loc.msg

    def print_message(self, exc_type, value):
        """`module.Qualname: str(value)`; builtins and __main__ unqualified;
        no colon when str() is empty."""
        self.write_margin()
        module = getattr(exc_type, "__module__", None)
        if not isinstance(module, str):
            self.write("<unknown>.")
        elif module not in ("builtins", "__main__"):
            self.write(module + ".")
        qualname = getattr(exc_type, "__qualname__", None)
        self.write(qualname if isinstance(qualname, str) else "<unknown>")
        if value is None:
            return
        try:
            s = str(value)
        except Exception:
            self.write(": <exception str() failed>")
            return
        if s:
            self.write(": ")
        self.write(s)

    def print_notes(self, value):
        """Each note, line by line with the margin; a `__notes__` that is no
        sequence prints as its repr, with no newline after it."""
        if not isinstance(value, BaseException):
            return
        try:
            notes = value.__notes__
        except AttributeError:
            return
        if not _is_sequence(notes):
            self.write_margin()
            try:
                self.write(repr(notes))
            except Exception:
                self.write("<__notes__ repr() failed>")
            return
        for note in notes:
            try:
                lines = str(note).splitlines(True)
            except Exception:
                self.write("<note str() failed>")
            else:
                for line in lines:
                    self.write_margin()
                    self.write(line)
            self.write("\n")


def _traceback_limit():
    """sys.tracebacklimit when it is an int, else 1000."""
    limit = getattr(sys, "tracebacklimit", None)
    if isinstance(limit, int):
        return limit
    return TRACEBACK_LIMIT


def _is_sequence(obj):
    """C's PySequence_Check: has __getitem__ and is not a dict."""
    return not isinstance(obj, dict) and hasattr(type(obj), "__getitem__")


def _caret_line(line, indent, position):
    """The `^`/`~` line under a source line (its first `indent` characters
    were not printed), or None when carets are not shown."""
    start_line, end_line, start_col, end_col = position
    if None in position or min(position) < 0:
        return None
    start = text.display_char_offset(line, start_col)
    end = text.display_char_offset(line, end_col)
    anchors = None
    if start_line == end_line:
        anchors = text.display_anchors(line[start:end])
    else:
        end = _last_non_blank(line) + 1
    # Elided when the mark covers the whole line after its indentation
    # (counted in characters).
    if anchors is None and end - start == len(line) - indent:
        return None
    # Drawn in display columns: wide characters take two.
    if anchors is not None:
        anchors = (text.display_width(line, start + anchors[0]),
                   text.display_width(line, start + anchors[1]))
    start, end = text.display_width(line, start), text.display_width(line, end)
    chars = []
    for col in range(indent - SOURCE_INDENT, end):
        if col < start:
            chars.append(" ")
        elif anchors is None:
            chars.append("^")
        elif anchors[0] <= col < anchors[1]:
            chars.append(text.SECONDARY)
        else:
            chars.append(text.PRIMARY)
    return "".join(chars) + "\n"


def _last_non_blank(line):
    """C scans the line's UTF-8 bytes backwards from its length in
    characters for the last byte that is not a space, tab or form feed."""
    data = line.encode("utf-8")
    i = len(line) - 1
    while i >= 0 and data[i] in text.C_WHITESPACE:
        i -= 1
    return i


class _SyntaxLocation:
    """What 3.11's C display reads from a SyntaxError (parse_syntax_error)."""

    def __init__(self, exc):
        self.msg = exc.msg
        filename = exc.filename
        self.filename = "<string>" if filename is None else str(filename)
        self.lineno = _as_index(exc.lineno)
        offset = exc.offset
        self.offset = -1 if offset is None else _as_index(offset)
        self.end_lineno, self.end_offset = self.lineno, -1
        if type(exc) is SyntaxError:  # subclasses mark one character
            end_lineno = getattr(exc, "end_lineno", None)
            if end_lineno is not None:
                self.end_lineno = _as_index(end_lineno)
            end_offset = getattr(exc, "end_offset", None)
            if end_offset is not None:
                self.end_offset = _as_index(end_offset)
        self.text = exc.text

    def render_text(self):
        """print_error_text: the line without its indentation, then `^`s.
        Offsets are characters but C applies them to UTF-8 bytes."""
        data = self.text.encode("utf-8")
        end_offset = self.end_offset
        if self.end_lineno > self.lineno:
            end_offset = len(data)
        if end_offset > len(data) + 1:
            end_offset = len(data) + 1
        offset = self.offset
        carets = end_offset - offset if end_offset > 0 and end_offset > offset else 1
        offset -= 1
        while data[:1] in (b" ", b"\t", b"\f"):
            data = data[1:]
            offset -= 1
        length = len(data) - 1 if data.endswith(b"\n") else len(data)
        offset = min(offset, length)
        while True:  # the line of a multi-line text that holds the offset
            nl = data.find(b"\n")
            if nl < 0 or nl >= offset:
                break
            data = data[nl + 1:]
            length -= nl + 1
            offset -= nl + 1
        out = "    " + data.decode("utf-8", errors="replace")
        if data[length:length + 1] != b"\n":
            out += "\n"
        if offset < 0:
            return out
        return out + "    " + " " * offset + "^" * carets + "\n"


def _as_index(value):
    """C's PyLong_AsSsize_t: an int, else TypeError."""
    if not isinstance(value, int):
        raise TypeError("an integer is required")
    return int(value)
