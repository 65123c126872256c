# An exception raised inside a generator that sep.join consumes, uncaught:
# the traceback names the caller's line and the generator's line, after a
# loop that compiled the consumed body.
def main():
    total = 0
    for i in range(400):
        s = ",".join(str(100 // (k - 350)) for k in range(i, i + 3))
        total += len(s)
    print(total)


main()
