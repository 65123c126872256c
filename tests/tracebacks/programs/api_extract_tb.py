import traceback


def compute(x):
    return x["key"] * 2


try:
    compute({"key": None})
except TypeError as e:
    summary = traceback.extract_tb(e.__traceback__)
for fs in summary:
    print(fs.name, fs.lineno, fs.end_lineno, fs.colno, fs.end_colno, repr(fs.line))
    print(fs.filename.endswith("api_extract_tb.py"), len(fs), tuple(fs)[1:])
print(summary[1] == (summary[1].filename, 5, "compute", 'return x["key"] * 2'))
print(repr(summary[0]).startswith("<FrameSummary file "))
print(type(summary).__name__, isinstance(summary, list))
print("".join(summary.format()), end="")
