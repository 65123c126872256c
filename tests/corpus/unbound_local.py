x = 'global'
def reads_then_assigns():
    try:
        print(x)
    except UnboundLocalError as e:
        print('UnboundLocalError:', e)
    x = 'local'
    return x
print(reads_then_assigns())
def conditional(flag):
    if flag:
        y = 1
    return y
print(conditional(True))
try:
    conditional(False)
except UnboundLocalError as e:
    print('UnboundLocalError:', e)
def deleted():
    z = 1
    del z
    return z
try:
    deleted()
except UnboundLocalError as e:
    print('UnboundLocalError:', e)
def closure_unbound():
    def inner():
        return w
    r = None
    try:
        r = inner()
    except NameError as e:
        print(type(e).__name__ + ':', e)
    w = 1
    return inner()
print(closure_unbound())
try:
    print(undefined_global)
except NameError as e:
    print('NameError:', e, type(e) is NameError)
print(issubclass(UnboundLocalError, NameError))
