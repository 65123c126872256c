import sys
first = input()
print('first line:', repr(first))
second = input('prompt> ')
print('second line:', repr(second))
rest = sys.stdin.read()
lines = rest.splitlines()
print(len(lines), 'more lines')
total = 0
for line in lines:
    parts = line.split()
    if parts and parts[0] == 'add':
        total += sum(int(p) for p in parts[1:])
print('total', total)
print(sys.stdin.read() == '')
