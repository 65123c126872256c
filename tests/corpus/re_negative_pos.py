# re.Pattern methods take negative pos/endpos as 0 (pyparsing passes -1).
import re

p = re.compile("a")
print(p.match("a", -5), p.search("ba", -1), p.match("a", 0, -1), p.fullmatch("a", -9))
print(p.findall("aa", -3), [m.span() for m in p.finditer("aa", -2)])
print(p.match("a", pos=-5), p.search("xa", endpos=-1), p.search("xa", pos=-1, endpos=10))
print(p.scanner("aa", -1).search())
try:
    p.match("a", "x")
except TypeError as e:
    print("TypeError", e)
