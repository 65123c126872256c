"""Writes signatures.txt: how CPython 3.11 parses the arguments of its builtins.

Run with CPython 3.11: `python3 vm/src/compat/signatures.py > vm/src/compat/signatures.txt`.
It calls every builtin function, every method of the core builtin types and
every function of `math` with 0..11 placeholder arguments and with an
unknown keyword, and classifies the argument-count errors CPython raises
(see the format in signatures.txt). compat/argspec.rs turns a line back
into CPython's messages.
"""
import builtins, math, re, inspect, sys
class S:
    def __repr__(self): return 'S'
SAMPLES = {str: 'ab', bytes: b'ab', bytearray: bytearray(b'ab'), list: [1], tuple: (1,), dict: {1: 2}, set: {1},
           frozenset: frozenset({1}), int: 5, float: 1.5, complex: 1j, range: range(3), object: object(),
           slice: slice(1), memoryview: memoryview(b'ab'), type: int}
def msg(f, k, kw=None):
    try:
        f()(*[S() for _ in range(k)], **(kw or {}))
    except BaseException as e:
        return f'{type(e).__name__}: {e}'
ARITY = re.compile(r'takes no arguments|takes exactly|takes at most|takes at least|expected (at least |at most )?\d+ arguments?, got|missing required argument|needs an argument|takes no positional')
def classify(key, f, params):
    res = {k: msg(f, k) for k in range(0, 12)}
    bad = {k: m for k, m in res.items() if m and ARITY.search(m)}
    ok = [k for k in res if k not in bad]
    if not ok:
        return None
    if not bad:
        # Any number of arguments: only the keyword check remains.
        kwm = msg(f, 0, {'zz': 1}) or ''
        m = re.search(r"^TypeError: 'zz' is an invalid keyword argument for (\w+)\(\)$", kwm)
        if m:
            return f'{key} tuple 0 * +kw:{m.group(1)}'
        m = re.search(r'^TypeError: ([\w.]+)\(\) takes no keyword arguments$', kwm)
        if not m:
            return None
        return f"{key} {'pos' if '.' in m.group(1) else 'tuple'} 0 *"
    lo, hi = min(ok), max(ok)
    hi_s = '*' if hi == 11 else str(hi)
    kwm = msg(f, lo, {'zz': 1}) or ''
    sample = ' '.join(bad.values())
    if 'takes no arguments' in sample: style = 'noargs'
    elif 'takes exactly one argument' in sample: style = 'one'
    elif re.search(r'expected (at least |at most )?\d+ arguments?, got', sample): style = 'pos'
    elif 'positional argument' in sample or 'missing required' in sample or 'invalid keyword' in kwm: style = 'kw'
    elif re.search(r'takes (exactly|at most|at least) \d+ arguments? \(', sample): style = 'tuple'
    else: return None
    if style != 'kw' and 'invalid keyword argument' in kwm:
        style = 'kw'
    line = f'{key} {style} {lo} {hi_s}'
    if style == 'kw':
        line += ' ' + (PARAMS.get(key) or params or '?')
    elif not re.search(r'keyword|Keyword', kwm):
        m = re.search(r"'zz' is an invalid keyword argument for (\w+)\(\)", kwm)
        line += ' +kw' if not m else f' +kw:{m.group(1)}'
    return line
def spec(f):
    try:
        sig = inspect.signature(f)
    except (ValueError, TypeError):
        return None
    out, star = [], False
    ps = list(sig.parameters.values())
    if ps and ps[0].name in ('self', 'type', 'cls', '$type', '$cls') and ps[0].kind == ps[0].POSITIONAL_ONLY: ps = ps[1:]
    for i, p in enumerate(ps):
        if p.kind == p.VAR_POSITIONAL or p.kind == p.VAR_KEYWORD: return None
        if p.kind == p.KEYWORD_ONLY and not star:
            out.append('*'); star = True
        out.append(p.name + ('=' if p.default is not p.empty else ''))
        if p.kind == p.POSITIONAL_ONLY and (i + 1 == len(ps) or ps[i + 1].kind != p.POSITIONAL_ONLY):
            out.append('/')
    return ' '.join(out)
lines = []
# Parameters of the keyword-taking builtins that have no text signature (from their documentation).
PARAMS = {
    'bytes.hex': 'sep= bytes_per_sep=', 'bytearray.hex': 'sep= bytes_per_sep=', 'memoryview.hex': 'sep= bytes_per_sep=',
    'memoryview.cast': 'format shape=', 'str()': 'object= encoding= errors=', 'bytes()': 'source= encoding= errors=',
    'bytearray()': 'source= encoding= errors=', 'int()': 'x= / base=', 'complex()': 'real= imag=', 'memoryview()': 'object',
    'enumerate()': 'iterable start=', 'property()': 'fget= fset= fdel= doc=',
}
TYPES = [str, bytes, bytearray, list, tuple, dict, set, frozenset, int, float, complex, range, object, slice, memoryview]
for t in TYPES:
    for name in sorted(vars(t)):
        m = vars(t)[name]
        if type(m).__name__ not in ('method_descriptor', 'classmethod_descriptor'): continue
        if name in ('__subclasshook__', '__class_getitem__'): continue
        if name == '__init_subclass__' and t is not object: continue
        get = (lambda t=t, name=name: getattr(t, name)) if type(m).__name__ == 'classmethod_descriptor' else (lambda t=t, name=name: getattr(SAMPLES[t], name))
        lines.append(classify(f'{t.__name__}.{name}', get, spec(m)))
SKIP = {'max', 'min', 'print', 'input', 'breakpoint', 'exit', 'quit', 'help', 'exec', 'eval', '__import__', 'compile', 'open', 'copyright', 'credits', 'license', '__build_class__'}
for name in sorted(dir(builtins)):
    f = getattr(builtins, name)
    if type(f).__name__ != 'builtin_function_or_method' or name in SKIP: continue
    lines.append(classify(name, lambda f=f: f, spec(f)))
for name in sorted(dir(math)):
    f = getattr(math, name)
    if type(f).__name__ != 'builtin_function_or_method': continue
    lines.append(classify('math.' + name, lambda f=f: f, spec(f)))
CLASSES = [t for t in vars(builtins).values()
           if isinstance(t, type) and not issubclass(t, BaseException) and t is not object]
for t in sorted(set(CLASSES + TYPES) - {object}, key=lambda t: t.__name__):
    lines.append(classify(f'{t.__name__}()', lambda t=t: t, None))
# The singletons' types take no arguments at all ("NoneType takes no arguments").
for t in (type(None), type(NotImplemented), type(...)):
    m = re.match(r'TypeError: (\w+) takes no arguments$', msg(lambda t=t: t, 1) or '')
    if m:
        lines.append(f'{t.__name__}() none 0 0 {m.group(1)}')
# Builtins whose keywords the probe cannot classify: max/min check their
# count like Argument Clinic and reject unknown keywords themselves; print
# takes any number of arguments.
lines += ['max pos 1 * +kw:max', 'min pos 1 * +kw:min', 'print tuple 0 * +kw:print']
# sorted() passes its keywords on to list.sort(), whose messages name sort().
lines = [l + ':sort' if l and l.startswith('sorted ') and l.endswith('+kw') else l for l in lines]
print('# Generated by signatures.py from CPython 3.11; do not edit by hand.')
print('# KEY STYLE MIN MAX [+kw[:NAME] | PARAMS]')
print('#   KEY: name (builtins), module.name, type.method, or type() for a constructor')
print('#   STYLE: noargs, one (exactly one), pos (positional-only, "expected N arguments"),')
print('#          none ("NAME takes no arguments", NAME follows MAX),')
print('#          tuple ("takes at most N arguments (M given)"), kw (keywords allowed)')
print('#   MAX: * when unbounded; +kw: takes any keywords (checked elsewhere)')
print('#   PARAMS (kw): names in order, "/" ends positional-only, "*" starts keyword-only,')
print('#          "=" marks an optional parameter; ? when unknown')
for l in lines:
    if l: print(l)
