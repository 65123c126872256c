import sys
print(sys.argv)
print(len(sys.argv), sys.argv[0])
for i, arg in enumerate(sys.argv[1:], 1):
    print(i, repr(arg), arg.isdigit())
numbers = [int(a) for a in sys.argv[1:] if a.lstrip('-').isdigit()]
print('sum of numeric args:', sum(numbers))
