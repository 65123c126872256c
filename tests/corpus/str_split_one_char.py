# str.split with a one-character separator (searched for as a char) and with
# longer ones, on ASCII and non-ASCII text: empty pieces, ends, repeats.
cases = ["a,b,c", ",a,,b,", ",", "", "abc", ",,,", "1,GET,200,17", "x" * 50 + "," + "y" * 3]
for s in cases:
    print(repr(s), s.split(","), s.split(",,"), s.split("b"))
for s in ["ä,ö,ü", "日,本", "a,é", "tab\tsep\t"]:
    print(repr(s), s.split(","), s.split("\t"))
print("a b  c".split(" "), "a b  c".split(), "a.b.c".split(".", 1))
try:
    "abc".split("")
except ValueError as e:
    print("ValueError:", e)
line = "%d,%s,%d,%d" % (7, "POST", 500, 12)
i, method, status, ms = line.split(",")
print(int(i) + int(status) + int(ms), method)
