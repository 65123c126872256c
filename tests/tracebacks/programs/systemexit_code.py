import sys


def main():
    print("main")
    sys.exit(3)


main()
