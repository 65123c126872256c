import sys
count = 0
for line in sys.stdin:
    count += 1
    print(count, line.rstrip('\n')[::-1])
try:
    input()
except EOFError as e:
    print('EOFError:', repr(e))
print(sys.stdin.readline() == '', count)
