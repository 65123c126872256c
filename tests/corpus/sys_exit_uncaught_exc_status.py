import sys
def cleanup():
    print('cleanup via atexit')
import atexit
atexit.register(cleanup)
print('working')
sys.stderr.write('warning on stderr\n')
raise ValueError('bad value ' + str(41 + 1))
