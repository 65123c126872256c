import builtins
print(len('abc'))
def len(x):
    return 'shadowed'
print(len('abc'), builtins.len('abc'))
del len
print(len('abc'))
list = 'not a list'
print(list, builtins.list('ab'))
del list
print(list('xy'))
def use_print():
    print = lambda *a: builtins.print('custom:', *a)
    print('hello')
use_print()
print('normal')
builtins.my_helper = lambda: 'from builtins'
print(my_helper())
del builtins.my_helper
try:
    my_helper()
except NameError as e:
    print('NameError:', e)
sum = lambda xs: 'fake sum'
print(sum([1, 2]), [sum for sum in range(2)], sum([1]))
import sys
print(type(__builtins__).__name__, 'len' in dir(builtins), callable(builtins.print))
