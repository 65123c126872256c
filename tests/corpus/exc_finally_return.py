def swallow():
    try:
        raise ValueError('lost')
    finally:
        return 'finally wins'
print(swallow())
def override():
    try:
        return 'try value'
    finally:
        return 'finally value'
print(override())
def order(log):
    try:
        log.append('try')
        return log
    finally:
        log.append('finally')
print(order([]))
def loop_finally():
    out = []
    for i in range(5):
        try:
            if i == 1:
                continue
            if i == 3:
                break
            out.append(i)
        finally:
            out.append(f'f{i}')
    return out
print(loop_finally())
def nested():
    try:
        try:
            raise KeyError('inner')
        finally:
            print('inner finally')
    except KeyError as e:
        print('outer caught', e)
    finally:
        print('outer finally')
    return 'done'
print(nested())
def finally_raises():
    try:
        raise ValueError('original')
    finally:
        raise TypeError('from finally')
try:
    finally_raises()
except TypeError as e:
    print(repr(e), repr(e.__context__))
def return_value_mutated():
    x = [1]
    try:
        return x
    finally:
        x.append(2)
print(return_value_mutated())
def gen_finally():
    try:
        yield 1
        yield 2
    finally:
        print('generator finally')
g = gen_finally()
print(next(g))
g.close()
print('closed')
