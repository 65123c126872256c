def leaky():
    yield 1
    next(iter([]))
    yield 2
try:
    print(list(leaky()))
except RuntimeError as e:
    print('RuntimeError:', e, '| cause:', type(e.__cause__).__name__)
def explicit_stop():
    yield 'a'
    raise StopIteration('stop value')
try:
    list(explicit_stop())
except RuntimeError as e:
    print('RuntimeError:', e, repr(e.__cause__))
def proper():
    yield 'x'
    return 'done properly'
print(list(proper()))
def first_of(iterables):
    for it in iterables:
        try:
            yield next(iter(it))
        except StopIteration:
            yield 'empty'
print(list(first_of(['ab', '', [3]])))
class ManualIter:
    def __iter__(self):
        return self
    def __next__(self):
        raise StopIteration('iterator stop is fine')
print(list(ManualIter()))
gen = (next(iter([])) for _ in range(3))
try:
    list(gen)
except RuntimeError as e:
    print('genexp RuntimeError:', e)
