def lookup(d, k):
    try:
        return d[k]
    except KeyError:
        raise LookupError(f"no key {k}") from None


lookup({}, "x")
