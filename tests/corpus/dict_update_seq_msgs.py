# dict(seq) / dict.update(seq): errors of the sequence elements.
class NotIter:
    pass


class BadIter:
    def __iter__(self):
        raise TypeError('custom')


for arg in [[1], [[1, 2], 3], [(1, 2), NotIter()], [BadIter()], [(1,)], [(1, 2, 3)], ['ab', 'c']]:
    for f in (dict, {}.update):
        try:
            print(f(arg))
        except (TypeError, ValueError) as e:
            print(type(e).__name__, e, getattr(e, '__notes__', None))
