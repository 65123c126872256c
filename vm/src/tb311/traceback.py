"""Extract, format and print information about Python stack traces."""

# hipy: this is hipy's own implementation of CPython 3.11's `traceback`
# module (its API and its output, byte for byte). It runs inside the
# `traceback` module that hipy installs at start-up (vm/src/tb311.rs).
# The uncaught-exception display, whose rules differ in details, is
# `_hipy_tb311_display`.

import _collections_abc
import itertools
import linecache
import sys

import _hipy_tb311_text as _text

__all__ = ['extract_stack', 'extract_tb', 'format_exception',
           'format_exception_only', 'format_list', 'format_stack',
           'format_tb', 'print_exc', 'format_exc', 'print_exception',
           'print_last', 'print_stack', 'print_tb', 'clear_frames',
           'FrameSummary', 'StackSummary', 'TracebackException',
           'walk_stack', 'walk_tb']

_cause_message = (
    "\nThe above exception was the direct cause "
    "of the following exception:\n\n")

_context_message = (
    "\nDuring handling of the above exception, "
    "another exception occurred:\n\n")

# `colorize` (keyword-only, ignored): RustPython's 3.14 standard library
# (unittest, pdb) passes it to print_exception, format_exception and
# TracebackException.format/print; 3.11 prints no colours.

# Runs of more than this many identical entries are summarized.
_RECURSIVE_CUTOFF = 3


def _print_lines(lines, file):
    if file is None:
        file = sys.stderr
    for line in lines:
        print(line, file=file, end="")


# -- lists of entries ---------------------------------------------------------

def print_list(extracted_list, file=None):
    """Print the list of tuples as returned by extract_tb() or
    extract_stack() as a formatted stack trace to the given file."""
    _print_lines(StackSummary.from_list(extracted_list).format(), file)


def format_list(extracted_list):
    """Format a list of tuples or FrameSummary objects for printing."""
    return StackSummary.from_list(extracted_list).format()


# -- tracebacks ---------------------------------------------------------------

def print_tb(tb, limit=None, file=None):
    """Print up to 'limit' stack trace entries from the traceback 'tb'."""
    print_list(extract_tb(tb, limit=limit), file=file)


def format_tb(tb, limit=None):
    """A shorthand for 'format_list(extract_tb(tb, limit))'."""
    return extract_tb(tb, limit=limit).format()


def extract_tb(tb, limit=None):
    """Return a StackSummary of the entries of traceback 'tb'."""
    return StackSummary._extract_from_extended_frame_gen(
        _walk_tb_with_full_positions(tb), limit=limit)


# -- exceptions ---------------------------------------------------------------

class _Sentinel:
    def __repr__(self):
        return "<implicit>"


_sentinel = _Sentinel()


def _parse_value_tb(exc, value, tb):
    """3.10+: print_exception(exc) or print_exception(type, value, tb)."""
    if (value is _sentinel) != (tb is _sentinel):
        raise ValueError("Both or neither of value and tb must be given")
    if value is not _sentinel:
        return value, tb
    if exc is None:
        return None, None
    if isinstance(exc, BaseException):
        return exc, exc.__traceback__
    raise TypeError(f'Exception expected for value, {type(exc).__name__} found')


def print_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None,
                    file=None, chain=True, *, colorize=False):
    """Print exception up to 'limit' stack trace entries from 'tb' to 'file'."""
    value, tb = _parse_value_tb(exc, value, tb)
    te = TracebackException(type(value), value, tb, limit=limit, compact=True)
    te.print(file=file, chain=chain)


def format_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None,
                     chain=True, *, colorize=False):
    """Format a stack trace and the exception information as a list of
    strings, each ending in a newline."""
    value, tb = _parse_value_tb(exc, value, tb)
    te = TracebackException(type(value), value, tb, limit=limit, compact=True)
    return list(te.format(chain=chain))


def format_exception_only(exc, /, value=_sentinel):
    """Format the exception part of a traceback: the message (several lines
    for a SyntaxError), then the exception's __notes__."""
    if value is _sentinel:
        value = exc
    te = TracebackException(type(value), value, None, compact=True)
    return list(te.format_exception_only())


def _format_final_exc_line(etype, value):
    valuestr = _safe_string(value, 'exception')
    if value is None or not valuestr:
        return "%s\n" % etype
    return "%s: %s\n" % (etype, valuestr)


def _safe_string(value, what, func=str):
    try:
        return func(value)
    except:
        return f'<{what} {func.__name__}() failed>'


def print_exc(limit=None, file=None, chain=True):
    """Shorthand for 'print_exception(*sys.exc_info(), limit, file)'."""
    print_exception(*sys.exc_info(), limit=limit, file=file, chain=chain)


def format_exc(limit=None, chain=True):
    """Like print_exc() but return a string."""
    return "".join(format_exception(*sys.exc_info(), limit=limit, chain=chain))


def print_last(limit=None, file=None, chain=True):
    """print_exception() of sys.last_type, sys.last_value and
    sys.last_traceback."""
    if not hasattr(sys, "last_type"):
        raise ValueError("no last exception")
    print_exception(sys.last_type, sys.last_value, sys.last_traceback,
                    limit, file, chain)


# -- stacks ---------------------------------------------------------------------

def print_stack(f=None, limit=None, file=None):
    """Print a stack trace from its invocation point."""
    if f is None:
        f = sys._getframe().f_back
    print_list(extract_stack(f, limit=limit), file=file)


def format_stack(f=None, limit=None):
    """Shorthand for 'format_list(extract_stack(f, limit))'."""
    if f is None:
        f = sys._getframe().f_back
    return format_list(extract_stack(f, limit=limit))


def extract_stack(f=None, limit=None):
    """The stack from frame 'f' (default: the caller's), oldest first."""
    if f is None:
        f = sys._getframe().f_back
    stack = StackSummary.extract(walk_stack(f), limit=limit)
    stack.reverse()
    return stack


def clear_frames(tb):
    "Clear all references to local variables in the frames of a traceback."
    while tb is not None:
        try:
            tb.tb_frame.clear()
        except RuntimeError:
            pass  # the frame is still executing
        tb = tb.tb_next


class FrameSummary:
    """Information about a single frame from a traceback: filename, lineno,
    end_lineno, colno, end_colno, name, line, locals."""

    __slots__ = ('filename', 'lineno', 'end_lineno', 'colno', 'end_colno',
                 'name', '_line', 'locals')

    def __init__(self, filename, lineno, name, *, lookup_line=True,
                 locals=None, line=None,
                 end_lineno=None, colno=None, end_colno=None):
        self.filename = filename
        self.lineno = lineno
        self.name = name
        self._line = line
        if lookup_line:
            self.line
        self.locals = {k: repr(v) for k, v in locals.items()} if locals else None
        self.end_lineno = end_lineno
        self.colno = colno
        self.end_colno = end_colno

    def __eq__(self, other):
        if isinstance(other, FrameSummary):
            return (self.filename == other.filename and
                    self.lineno == other.lineno and
                    self.name == other.name and
                    self.locals == other.locals)
        if isinstance(other, tuple):
            return (self.filename, self.lineno, self.name, self.line) == other
        return NotImplemented

    def __getitem__(self, pos):
        return (self.filename, self.lineno, self.name, self.line)[pos]

    def __iter__(self):
        return iter([self.filename, self.lineno, self.name, self.line])

    def __repr__(self):
        return "<FrameSummary file {filename}, line {lineno} in {name}>".format(
            filename=self.filename, lineno=self.lineno, name=self.name)

    def __len__(self):
        return 4

    @property
    def _original_line(self):
        """The line exactly as linecache has it (indent and newline kept)."""
        self.line
        return self._line

    @property
    def line(self):
        """The source line without surrounding whitespace, or None."""
        if self._line is None:
            if self.lineno is None:
                return None
            self._line = linecache.getline(self.filename, self.lineno)
        return self._line.strip()


def walk_stack(f):
    """Yield (frame, lineno) for 'f' and each frame it was called from. With
    None, start from the frame that called StackSummary.extract."""
    if f is None:
        # From here: this generator, extract's wrapper generator, the loop in
        # _extract_from_extended_frame_gen, extract, its caller.
        f = sys._getframe().f_back.f_back.f_back.f_back
    while f is not None:
        yield f, f.f_lineno
        f = f.f_back


def walk_tb(tb):
    """Yield (frame, lineno) for each entry of traceback 'tb'."""
    while tb is not None:
        yield tb.tb_frame, tb.tb_lineno
        tb = tb.tb_next


def _walk_tb_with_full_positions(tb):
    """Like walk_tb, with (lineno, end_lineno, colno, end_colno) from the
    code positions (the line falls back to tb_lineno)."""
    while tb is not None:
        frame, code = tb.tb_frame, tb.tb_frame.f_code
        positions = _text.code_position(code, tb.tb_lasti)
        if positions[0] is not None:
            positions = _text.statement_position(
                code, tb.tb_lasti, positions,
                lambda: linecache.getline(code.co_filename, positions[0], frame.f_globals))
        if positions[0] is None:
            yield tb.tb_frame, (tb.tb_lineno,) + positions[1:]
        else:
            yield tb.tb_frame, positions
        tb = tb.tb_next


def _apply_limit(frame_gen, limit):
    """The first `limit` items, the last -limit items when negative.
    sys.tracebacklimit (negative counts as 0) stands in for None. (No
    generator of ours may wrap frame_gen: walk_stack(None) counts frames.)"""
    if limit is None:
        limit = getattr(sys, 'tracebacklimit', None)
        if limit is not None and limit < 0:
            limit = 0
    if limit is None:
        return frame_gen
    if limit >= 0:
        return itertools.islice(frame_gen, limit)
    return list(frame_gen)[limit:]


class StackSummary(list):
    """A list of FrameSummary objects, representing a stack of frames."""

    @classmethod
    def extract(klass, frame_gen, *, limit=None, lookup_lines=True,
                capture_locals=False):
        """Create a StackSummary from (frame, lineno) pairs."""
        def extended_frame_gen():
            for f, lineno in frame_gen:
                yield f, (lineno, None, None, None)

        return klass._extract_from_extended_frame_gen(
            extended_frame_gen(), limit=limit, lookup_lines=lookup_lines,
            capture_locals=capture_locals)

    @classmethod
    def _extract_from_extended_frame_gen(klass, frame_gen, *, limit=None,
                                         lookup_lines=True, capture_locals=False):
        result = klass()
        filenames = set()
        for f, (lineno, end_lineno, colno, end_colno) in _apply_limit(frame_gen, limit):
            code = f.f_code
            filename = code.co_filename
            filenames.add(filename)
            linecache.lazycache(filename, f.f_globals)
            result.append(FrameSummary(
                filename, lineno, code.co_name, lookup_line=False,
                locals=f.f_locals if capture_locals else None,
                end_lineno=end_lineno, colno=colno, end_colno=end_colno))
        for filename in filenames:
            linecache.checkcache(filename)
        if lookup_lines:
            for summary in result:
                summary.line
        return result

    @classmethod
    def from_list(klass, a_list):
        """Create a StackSummary from FrameSummary objects or
        (filename, lineno, name, line) tuples."""
        result = StackSummary()
        for frame in a_list:
            if isinstance(frame, FrameSummary):
                result.append(frame)
            else:
                filename, lineno, name, line = frame
                result.append(FrameSummary(filename, lineno, name, line=line))
        return result

    def format_frame_summary(self, frame_summary):
        """The lines for one entry: file, line and function; the source
        line; carets under the failing expression; the captured locals."""
        row = ['  File "{}", line {}, in {}\n'.format(
            frame_summary.filename, frame_summary.lineno, frame_summary.name)]
        if frame_summary.line:
            row.append('    {}\n'.format(frame_summary.line.strip()))
            carets = _module_caret_line(frame_summary)
            if carets is not None:
                row.append(carets)
        if frame_summary.locals:
            for name, value in sorted(frame_summary.locals.items()):
                row.append('    {name} = {value}\n'.format(name=name, value=value))
        return ''.join(row)

    def format(self):
        """The formatted entries; of a run of more than three entries with
        the same file, line and name, three and a count line."""
        result = []
        last, count = None, 0
        for frame_summary in self:
            formatted = self.format_frame_summary(frame_summary)
            if formatted is None:
                continue
            key = (frame_summary.filename, frame_summary.lineno, frame_summary.name)
            if last is None or None in last or key != last:
                _append_repeated(result, count)
                last, count = key, 0
            count += 1
            if count <= _RECURSIVE_CUTOFF:
                result.append(formatted)
        _append_repeated(result, count)
        return result


def _append_repeated(result, count):
    if count > _RECURSIVE_CUTOFF:
        more = count - _RECURSIVE_CUTOFF
        result.append(f'  [Previous line repeated {more} more '
                      f'time{"s" if more > 1 else ""}]\n')


def _module_caret_line(frame_summary):
    """3.11.7 traceback.py's carets, or None. Columns count from the
    original line; `stripped` counts all whitespace removed from both ends
    of it (newline included), as 3.11.7 does."""
    if frame_summary.colno is None or frame_summary.end_colno is None:
        return None
    shown = frame_summary.line.strip()
    line = frame_summary._original_line
    stripped = len(line) - len(frame_summary.line.lstrip())
    start = _text.module_char_offset(line, frame_summary.colno)
    end = _text.module_char_offset(line, frame_summary.end_colno)
    segment = line[start:end]
    anchors = None
    if frame_summary.lineno == frame_summary.end_lineno:
        try:
            anchors = _text.module_anchors(segment)
        except Exception:
            anchors = None
    else:
        end = len(line.rstrip())  # a multi-line expression: to the line's end
    if not (end - start < len(shown) or (anchors and anchors[1] - anchors[0] > 0)):
        return None
    dp_start = _text.display_width(line, start) + 1
    dp_end = _text.display_width(line, end) + 1
    row = ['    ', ' ' * (dp_start - stripped)]
    if anchors:
        left = _text.display_width(segment, anchors[0])
        right = _text.display_width(segment, anchors[1])
        row.append(_text.PRIMARY * left)
        row.append(_text.SECONDARY * (right - left))
        row.append(_text.PRIMARY * (dp_end - dp_start - right))
    else:
        row.append('^' * (dp_end - dp_start))
    row.append('\n')
    return ''.join(row)


class _ExceptionPrintContext:
    """Group nesting while formatting: margins, seen exceptions, and whether
    a group box still needs its closing line."""

    def __init__(self):
        self.seen = set()
        self.exception_group_depth = 0
        self.need_close = False

    def indent(self):
        return ' ' * (2 * self.exception_group_depth)

    def emit(self, text_gen, margin_char=None):
        """Yield the text(s) with every line prefixed by the indent and
        margin (`|`, or `+` for a top-level group header) inside groups."""
        prefix = self.indent()
        if self.exception_group_depth:
            prefix += ('|' if margin_char is None else margin_char) + ' '
        for text in ([text_gen] if isinstance(text_gen, str) else text_gen):
            yield ''.join(prefix + line for line in text.splitlines(True))


class TracebackException:
    """An exception ready for rendering, holding no references to frames:
    stack, exc_type, __cause__, __context__, __suppress_context__,
    exceptions (for groups), __notes__, and for SyntaxError filename,
    lineno, end_lineno, text, offset, end_offset and msg."""

    def __init__(self, exc_type, exc_value, exc_traceback, *, limit=None,
                 lookup_lines=True, capture_locals=False, compact=False,
                 max_group_width=15, max_group_depth=10, _seen=None):
        is_recursive_call = _seen is not None
        if _seen is None:
            _seen = set()
        _seen.add(id(exc_value))

        self.max_group_width = max_group_width
        self.max_group_depth = max_group_depth

        self.stack = StackSummary._extract_from_extended_frame_gen(
            _walk_tb_with_full_positions(exc_traceback),
            limit=limit, lookup_lines=lookup_lines,
            capture_locals=capture_locals)
        self.exc_type = exc_type
        self._str = _safe_string(exc_value, 'exception')
        self.__notes__ = getattr(exc_value, '__notes__', None)

        if exc_type and issubclass(exc_type, SyntaxError):
            self._init_syntax_error(exc_value)
        if lookup_lines:
            self._load_lines()
        self.__suppress_context__ = \
            exc_value.__suppress_context__ if exc_value is not None else False

        if not is_recursive_call:
            options = dict(limit=limit, lookup_lines=lookup_lines,
                           capture_locals=capture_locals,
                           max_group_width=max_group_width,
                           max_group_depth=max_group_depth, _seen=_seen)
            self._link_related(exc_value, compact, options)

    def _init_syntax_error(self, exc_value):
        self.filename = exc_value.filename
        lno = exc_value.lineno
        self.lineno = str(lno) if lno is not None else None
        end_lno = exc_value.end_lineno
        self.end_lineno = str(end_lno) if end_lno is not None else None
        self.text = exc_value.text
        self.offset = exc_value.offset
        self.end_offset = exc_value.end_offset
        self.msg = exc_value.msg

    def _link_related(self, exc_value, compact, options):
        """Build __cause__, __context__ and exceptions for the whole graph
        without recursion. Each exception appears once (the first time it
        is reached, last-in first-out); with `compact`, a context is kept
        only where it would be printed."""
        def wrap(e):
            return TracebackException(type(e), e, e.__traceback__, **options)

        seen = options['_seen']
        pending = [(self, exc_value)]
        while pending:
            te, e = pending.pop()
            cause = None
            if e and e.__cause__ is not None and id(e.__cause__) not in seen:
                cause = wrap(e.__cause__)
            if compact:
                need_context = cause is None and e is not None and not e.__suppress_context__
            else:
                need_context = True
            context = None
            if (e and e.__context__ is not None and need_context
                    and id(e.__context__) not in seen):
                context = wrap(e.__context__)
            exceptions = None
            if e and isinstance(e, BaseExceptionGroup):
                exceptions = [wrap(member) for member in e.exceptions]
            te.__cause__ = cause
            te.__context__ = context
            te.exceptions = exceptions
            if cause:
                pending.append((cause, e.__cause__))
            if context:
                pending.append((context, e.__context__))
            if exceptions:
                pending.extend(zip(exceptions, e.exceptions))

    @classmethod
    def from_exception(cls, exc, *args, **kwargs):
        """Create a TracebackException from an exception."""
        return cls(type(exc), exc, exc.__traceback__, *args, **kwargs)

    def _load_lines(self):
        for frame in self.stack:
            frame.line

    def __eq__(self, other):
        if isinstance(other, TracebackException):
            return self.__dict__ == other.__dict__
        return NotImplemented

    def __str__(self):
        return self._str

    def format_exception_only(self):
        """Yield the message line (several lines for a SyntaxError), then
        the lines of each note."""
        if self.exc_type is None:
            yield _format_final_exc_line(None, self._str)
            return
        stype = self.exc_type.__qualname__
        smod = self.exc_type.__module__
        if smod not in ("__main__", "builtins"):
            if not isinstance(smod, str):
                smod = "<unknown>"
            stype = smod + '.' + stype
        if not issubclass(self.exc_type, SyntaxError):
            yield _format_final_exc_line(stype, self._str)
        else:
            yield from self._format_syntax_error(stype)
        yield from _format_notes(self.__notes__)

    def _format_syntax_error(self, stype):
        """File and line, the text without its indentation, carets, then
        `Type: msg (filename)`; the filename only when there is no line."""
        filename_suffix = ''
        if self.lineno is not None:
            yield '  File "{}", line {}\n'.format(self.filename or "<string>", self.lineno)
        elif self.filename is not None:
            filename_suffix = ' ({})'.format(self.filename)
        if self.text is not None:
            yield from self._syntax_error_text()
        msg = self.msg or "<no detail available>"
        yield "{}: {}{}\n".format(stype, msg, filename_suffix)

    def _syntax_error_text(self):
        rtext = self.text.rstrip('\n')
        ltext = rtext.lstrip(' \n\f')
        spaces = len(rtext) - len(ltext)
        yield '    {}\n'.format(ltext)
        if self.offset is None:
            return
        offset = self.offset
        end_offset = self.end_offset if self.end_offset not in {None, 0} else offset
        if offset == end_offset or end_offset == -1:
            end_offset = offset + 1
        colno = offset - 1 - spaces
        end_colno = end_offset - 1 - spaces
        if colno >= 0:
            # Tabs and other whitespace are kept so that the carets align.
            caretspace = ''.join(c if c.isspace() else ' ' for c in ltext[:colno])
            yield '    {}{}'.format(caretspace, '^' * (end_colno - colno) + "\n")

    def format(self, *, chain=True, _ctx=None, colorize=False):
        """Yield the lines of the traceback: chained exceptions first (unless
        chain is false), then this one; exception groups in boxes."""
        if _ctx is None:
            _ctx = _ExceptionPrintContext()
        for message, te in reversed(self._chain(chain)):
            if message is not None:
                yield from _ctx.emit(message)
            if te.exceptions is None:
                if te.stack:
                    yield from _ctx.emit('Traceback (most recent call last):\n')
                    yield from _ctx.emit(te.stack.format())
                yield from _ctx.emit(te.format_exception_only())
            elif _ctx.exception_group_depth > self.max_group_depth:
                yield from _ctx.emit(f"... (max_group_depth is {self.max_group_depth})\n")
            else:
                yield from self._format_group(te, _ctx, chain)

    def _chain(self, chain):
        """[(message introducing it, te)] from this exception back through
        its causes and contexts."""
        if not chain:
            return [(None, self)]
        result = []
        te = self
        while te:
            if te.__cause__ is not None:
                message, following = _cause_message, te.__cause__
            elif te.__context__ is not None and not te.__suppress_context__:
                message, following = _context_message, te.__context__
            else:
                message, following = None, None
            result.append((message, te))
            te = following
        return result

    def _format_group(self, group, _ctx, chain):
        """`group` (self or an exception in self's chain) in a box, its
        exceptions numbered; self's limits apply, as in 3.11."""
        toplevel = _ctx.exception_group_depth == 0
        if toplevel:
            _ctx.exception_group_depth += 1
        if group.stack:
            yield from _ctx.emit('Exception Group Traceback (most recent call last):\n',
                                 margin_char='+' if toplevel else None)
            yield from _ctx.emit(group.stack.format())
        yield from _ctx.emit(group.format_exception_only())
        count = len(group.exceptions)
        shown = count if count <= self.max_group_width else self.max_group_width + 1
        _ctx.need_close = False
        for i in range(shown):
            last = i == shown - 1
            if last:
                _ctx.need_close = True  # a nested group may close the box
            truncated = self.max_group_width is not None and i >= self.max_group_width
            title = '...' if truncated else f'{i + 1}'
            yield (_ctx.indent() + ('+-' if i == 0 else '  ') +
                   f'+---------------- {title} ----------------\n')
            _ctx.exception_group_depth += 1
            if truncated:
                remaining = count - self.max_group_width
                yield from _ctx.emit(
                    f"and {remaining} more exception{'s' if remaining > 1 else ''}\n")
            else:
                yield from group.exceptions[i].format(chain=chain, _ctx=_ctx)
            if last and _ctx.need_close:
                yield _ctx.indent() + "+------------------------------------\n"
                _ctx.need_close = False
            _ctx.exception_group_depth -= 1
        if toplevel:
            _ctx.exception_group_depth = 0

    def print(self, *, file=None, chain=True, colorize=False):
        """Print the result of self.format(chain=chain) to 'file'."""
        _print_lines(self.format(chain=chain), file)


def _format_notes(notes):
    """Each note's lines (split at '\\n'); a __notes__ that is not a
    sequence as its repr, without a newline."""
    if notes is None:
        return
    if _is_sequence(notes):
        for note in notes:
            note = _safe_string(note, 'note')
            for line in note.split('\n'):
                yield line + '\n'
    else:
        yield _safe_string(notes, '__notes__', func=repr)


def _is_sequence(obj):
    return isinstance(obj, _collections_abc.Sequence)
