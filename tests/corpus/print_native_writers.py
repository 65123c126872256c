# print into a StringIO or the standard streams goes to their write method
# directly; every case where the lookup of `write` would find something else
# must still call that.
import io
import sys


class Loud:
    def __init__(self, text, fail=False):
        self.text, self.fail = text, fail

    def __str__(self):
        if self.fail:
            raise ValueError("no str for " + self.text)
        return self.text


out = io.StringIO()
print("a", 1, 2.5, None, sep="|", end="!\n", file=out)
print(file=out)
print("x", "y", sep="", end="", file=out)
print(Loud("obj"), file=out, flush=True)
print(repr(out.getvalue()))

# newline translation of the StringIO applies to every piece, sep and end too
crlf = io.StringIO(newline="\r\n")
print("one\ntwo", "three", sep="\n", file=crlf)
print(repr(crlf.getvalue()))
univ = io.StringIO(newline=None)
print("p\rq", "r\r\ns", file=univ)
print(repr(univ.getvalue()), univ.newlines)

# a str() that fails after the first piece: the first piece is written
part = io.StringIO()
try:
    print("first", Loud("second", fail=True), "third", file=part)
except ValueError as e:
    print("ValueError:", e)
print(repr(part.getvalue()))

# an instance attribute `write` hides the method
seen = []
hidden = io.StringIO()
hidden.write = lambda s: seen.append(s) or len(s)
print("via", "attribute", file=hidden)
print(seen, repr(hidden.getvalue()))
del hidden.write
print("back", file=hidden)
print(seen, repr(hidden.getvalue()))


# a subclass's write is called
class Upper(io.StringIO):
    def write(self, s):
        return super().write(s.upper())


up = Upper()
print("shout", "this", file=up)
print(repr(up.getvalue()))

# a closed StringIO
closed = io.StringIO()
closed.close()
try:
    print("late", file=closed)
except ValueError as e:
    print("ValueError:", e)

# the standard streams, and a TextIOWrapper over a BytesIO
print("to stdout", 3, sep="-")
sys.stdout.flush()
raw = io.BytesIO()
text = io.TextIOWrapper(raw, encoding="utf-8", newline="\r\n")
print("é", "ü\n", sep="\n", file=text)
text.flush()
print(raw.getvalue())
text.write = lambda s: print("hidden text write", repr(s))
print("w", file=text)
try:
    print("bad \udc80", file=io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
except UnicodeEncodeError as e:
    print("UnicodeEncodeError:", e)
