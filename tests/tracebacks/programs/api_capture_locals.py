import traceback


def work(items, factor=3):
    scaled = [i * factor for i in items]
    label = "demo"
    return scaled[10]


try:
    work([1, 2])
except IndexError as e:
    te = traceback.TracebackException(type(e), e, e.__traceback__.tb_next, capture_locals=True)
print("".join(te.format()), end="")
