def work():
    try:
        return 1 / 0
    finally:
        cleanup = {}["missing"]


work()
