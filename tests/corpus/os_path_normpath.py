# os.path.normpath and the functions built on it (abspath, relpath), for
# str, bytes (not UTF-8 too), lone surrogates, path-like objects and errors.
import os
import pathlib
import posixpath

CASES = ["", ".", "/", "//", "///", "////a", "//a//b/", "///a/./b/../c", "a/../../b",
         "../../a/..", "/../a", "./", "a/./b/.", "a/b/../..", "..", ".../..a/.b",
         "a//b//c/", "/a/b/c/../../..", "/a/b/c/../../../..", "x/..", "é/ü/../ß"]
for p in CASES:
    print(repr(p), repr(posixpath.normpath(p)), repr(posixpath.normpath(p.encode())))
print(repr(os.path.normpath("a\udcff/../b\udcfe/.")), os.path.normpath(b"\xff/../\xfe/./x"))
print(os.path.normpath(pathlib.PurePosixPath("a/./b")), os.path.normpath(pathlib.PurePosixPath("/")))


class P:
    def __fspath__(self):
        return b"/p/q/../r"


print(os.path.normpath(P()))
for bad in [1, None, ["a"]]:
    try:
        os.path.normpath(bad)
    except TypeError as e:
        print("TypeError:", e)
print(os.path.abspath("/x/y/../z"), os.path.relpath("/a/b/c", "/a/d"), os.path.relpath(b"/a/b", b"/a"))
print(os.path.abspath("q/../r") == os.path.join(os.getcwd(), "r"))
print(os.path.normpath("a\0b/../c"))
