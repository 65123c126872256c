def handler():
    try:
        {}["missing"]
    except KeyError:
        raise KeyboardInterrupt("interrupted while handling")


print("start")
handler()
