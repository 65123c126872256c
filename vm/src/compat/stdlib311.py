# CPython 3.11 behaviour for pure-Python stdlib modules that RustPython
# takes from CPython 3.14. Each function patches one module after it is
# imported (compat/stdlib.rs calls it); replacements keep the original's
# name and module so introspection sees the same function.

def _adopt(new, old):
    new.__name__ = old.__name__
    new.__qualname__ = old.__qualname__
    new.__module__ = old.__module__
    new.__doc__ = old.__doc__
    return new


def patch_calendar(m):
    # 3.12 made weekdays `calendar.Day` members; 3.11 returns plain ints.
    datetime = m.datetime

    def weekday(year, month, day):
        if not datetime.MINYEAR <= year <= datetime.MAXYEAR:
            year = 2000 + year % 400
        return datetime.date(year, month, day).weekday()

    m.weekday = _adopt(weekday, m.weekday)
    for i, name in enumerate(("MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY")):
        setattr(m, name, i)


def patch_pkgutil(m):
    # hipy's extension modules are built in, so no directory on sys.path
    # holds them and iter_modules() listed none. The lib-dynload entry of
    # sys.path (where CPython keeps them) gets a finder that lists the
    # built-in modules that CPython keeps there, and the frozen top-level
    # modules and packages (which the standard library's directory,
    # sys._stdlib_dir, lists too when hipy could write it out).
    import os
    import sys
    import _imp

    # CPython 3.11's sys.builtin_module_names: never listed by iter_modules.
    cpython_builtins = frozenset((
        '_abc', '_ast', '_codecs', '_collections', '_functools', '_imp', '_io', '_locale',
        '_operator', '_signal', '_sre', '_stat', '_string', '_symtable', '_thread', '_tokenize',
        '_tracemalloc', '_warnings', '_weakref', 'atexit', 'builtins', 'errno', 'faulthandler',
        'gc', 'itertools', 'marshal', 'posix', 'pwd', 'sys', 'time', 'xxsubtype'))

    class StdlibFinder:
        """Lists the frozen standard library (it finds nothing: the frozen
        and built-in importers load these modules)."""

        def __init__(self, path):
            self.path = path

        def __repr__(self):
            return f"StdlibFinder({self.path!r})"

        def find_spec(self, fullname, target=None):
            return None

        def invalidate_caches(self):
            pass

        def iter_modules(self, prefix=''):
            found = {}
            for name in _imp._frozen_module_names():
                top, dot, _ = name.partition('.')
                if top.endswith(('_alias__', '_only__')):
                    continue
                found[top] = found.get(top, False) or bool(dot) or _imp.is_frozen_package(top)
            for name in sys.builtin_module_names:
                if name not in cpython_builtins:
                    found.setdefault(name, False)
            for name in sorted(found):
                yield prefix + name, found[name]

    for entry in sys.path:
        if os.path.basename(entry) == 'lib-dynload':
            if sys.path_importer_cache.get(entry) is None:
                sys.path_importer_cache[entry] = StdlibFinder(entry)
            break


def patch_bdb(m):
    # hipy's interpreter reports sys.settrace events (CPython 3.11's
    # debugger interface), not sys.monitoring ones: 3.14's `-m pdb` asks
    # for the monitoring backend, which would never stop.
    init = m.Bdb.__init__

    def __init__(self, skip=None, backend='settrace'):
        init(self, skip=skip, backend='settrace')

    m.Bdb.__init__ = _adopt(__init__, init)

    # 3.13 made set_trace() stop at once, at its own line (it steps by
    # instruction); 3.11 stops at the next line.
    set_trace = m.Bdb.set_trace

    def set_trace_311(self, frame=None):
        if frame is None:
            frame = m.sys._getframe().f_back
        self.set_stepinstr = self.set_step
        try:
            set_trace(self, frame)
        finally:
            del self.set_stepinstr

    m.Bdb.set_trace = _adopt(set_trace_311, set_trace)


def patch_multiprocessing_context(m):
    # 3.14 made 'forkserver' the default start method on Linux (gh-84559);
    # 3.11 forks. A script without an `if __name__ == "__main__":` guard
    # works under 3.11 and re-runs itself in every forkserver worker.
    # `multiprocessing` binds the default context's methods at import, so
    # the context object is changed in place.
    if m.sys.platform == 'linux':
        m._default_context._default_context = m._concrete_contexts['fork']
