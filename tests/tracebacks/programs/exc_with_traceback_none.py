def fail():
    raise ValueError("traceback dropped")


try:
    fail()
except ValueError as e:
    raise e.with_traceback(None)
