# CPython's compiler warns (on stderr) about identity tests against literals.
x = 5
if x is 5:
    print('small ints are cached')
print(x is not 'five')
