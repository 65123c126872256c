def cleanup():
    raise RuntimeError('cleanup failed')
def process(items):
    try:
        return items[10]
    except IndexError:
        cleanup()
try:
    process([1, 2])
except RuntimeError as e:
    print('caught', e, '| context:', repr(e.__context__), '| cause:', e.__cause__, e.__suppress_context__)
try:
    try:
        1 / 0
    except ZeroDivisionError:
        try:
            {}['k']
        except KeyError:
            raise ValueError('third')
except ValueError as e:
    chain = []
    cur = e
    while cur is not None:
        chain.append(type(cur).__name__)
        cur = cur.__context__
    print(chain)
process([])
