"""'Did you mean' suggestions as CPython 3.11 makes them (Python/suggestions.c).

In 3.11 only the uncaught-exception display offers them (the traceback module
does not), only for an exception whose type is exactly AttributeError or
NameError, and only from these candidates:
- AttributeError: dir(exc.obj);
- NameError: the failing frame's co_varnames, then its globals, then its
  builtins (the first list with a match wins).
3.12's extras (ImportError names, `self.x`, "Did you forget to import") are
not 3.11 and are not offered.
"""

MAX_CANDIDATE_ITEMS = 750
MAX_STRING_SIZE = 40
MOVE_COST = 2
CASE_COST = 1


def suggestion_for(exc):
    """The name to suggest for `exc`, or None."""
    try:
        if type(exc) is AttributeError:
            return _for_attribute_error(exc)
        if type(exc) is NameError:
            return _for_name_error(exc)
    except Exception:
        pass
    return None


def _for_attribute_error(exc):
    name = exc.name
    if type(name) is not str:
        return None
    return best_match(dir(exc.obj), name)


def _for_name_error(exc):
    name = exc.name
    tb = exc.__traceback__
    if type(name) is not str or tb is None:
        return None
    while tb.tb_next is not None:
        tb = tb.tb_next
    frame = tb.tb_frame
    for names in (frame.f_code.co_varnames, frame.f_globals, _builtins_of(frame)):
        found = best_match(list(names), name)
        if found is not None:
            return found
    return None


def _builtins_of(frame):
    builtins = getattr(frame, "f_builtins", None)
    if builtins is None:
        builtins = frame.f_globals.get("__builtins__", {})
    return builtins if isinstance(builtins, dict) else vars(builtins)


def best_match(candidates, name):
    """The candidate closest to `name` within a third of their combined
    length (Levenshtein over UTF-8 bytes, case flips costing half a move);
    the first one wins a tie. None when there are too many candidates."""
    if len(candidates) >= MAX_CANDIDATE_ITEMS:
        return None
    wanted = name.encode("utf-8")
    best, best_distance = None, None
    for item in candidates:
        data = item.encode("utf-8")  # TypeError for a non-str: no suggestion
        if item == name:
            continue
        limit = (len(wanted) + len(data) + 3) * MOVE_COST // 6
        if best_distance is not None:
            limit = min(limit, best_distance - 1)
        distance = _distance(wanted, data, limit)
        if distance > limit:
            continue
        if best is None or distance < best_distance:
            best, best_distance = item, distance
    return best


def _substitution_cost(a, b):
    if (a & 31) != (b & 31):
        return MOVE_COST
    if a == b:
        return 0
    if 65 <= a <= 90:
        a += 32
    if 65 <= b <= 90:
        b += 32
    return CASE_COST if a == b else MOVE_COST


def _distance(a, b, max_cost):
    """Edit distance between byte strings a and b, or max_cost + 1 once it
    is certain to exceed max_cost."""
    start = 0
    while start < len(a) and start < len(b) and a[start] == b[start]:
        start += 1
    a, b = a[start:], b[start:]
    end = 0
    while end < len(a) and end < len(b) and a[-1 - end] == b[-1 - end]:
        end += 1
    if end:
        a, b = a[:-end], b[:-end]
    if not a or not b:
        return (len(a) + len(b)) * MOVE_COST
    if len(a) > MAX_STRING_SIZE or len(b) > MAX_STRING_SIZE:
        return max_cost + 1
    if len(b) < len(a):
        a, b = b, a
    if (len(b) - len(a)) * MOVE_COST > max_cost:
        return max_cost + 1
    # One row of the matrix: row[i] = cost(b[:j], a[:i+1]).
    row = [MOVE_COST * (i + 1) for i in range(len(a))]
    result = 0
    for j, code in enumerate(b):
        diagonal = result = j * MOVE_COST
        minimum = None
        for i, other in enumerate(a):
            substitute = diagonal + _substitution_cost(code, other)
            diagonal = row[i]
            result = min(min(result, diagonal) + MOVE_COST, substitute)
            row[i] = result
            if minimum is None or result < minimum:
                minimum = result
        if minimum > max_cost:
            return max_cost + 1
    return result
