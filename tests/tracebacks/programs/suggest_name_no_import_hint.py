def main():
    sys.stdout.write("hello\n")


main()
