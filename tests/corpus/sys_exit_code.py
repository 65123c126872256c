import sys
print('about to exit with 3')
sys.stdout.flush()
try:
    sys.exit(3)
finally:
    print('finally runs before exit')
print('never printed')
