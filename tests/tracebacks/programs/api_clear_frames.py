import traceback


def holder():
    big = list(range(5))
    raise ValueError(len(big))


try:
    holder()
except ValueError as e:
    tb = e.__traceback__
traceback.clear_frames(tb)
print(tb.tb_next.tb_frame.f_locals)
print(traceback.format_tb(tb)[-1], end="")
