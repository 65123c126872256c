import sys
def main(argv):
    print('main called with', argv[1:])
    return 0
print('__name__ is', __name__)
if __name__ == '__main__':
    status = main(sys.argv)
    print('exiting with', status)
import pkgs.util
print('util module name:', pkgs.util.__name__)
