class NotFound(Exception):
    pass
def lookup(d, key):
    try:
        return d[key]
    except KeyError:
        raise NotFound(f'{key} is missing') from None
try:
    lookup({}, 'user')
except NotFound as e:
    print(e, e.__cause__, type(e.__context__).__name__, e.__suppress_context__)
e = ValueError('manual')
e.__cause__ = TypeError('set by hand')
print(e.__suppress_context__, repr(e.__cause__))
try:
    raise e
except ValueError as got:
    print(got.__suppress_context__, repr(got.__cause__))
lookup({'a': 1}, 'b')
