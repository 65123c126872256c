def producer():
    raise ExceptionGroup("mixed", [ValueError("v1"), TypeError("t1"), ValueError("v2")])


try:
    producer()
except* ValueError as eg:
    print("handled", [str(e) for e in eg.exceptions])
