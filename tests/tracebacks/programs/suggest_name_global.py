DEFAULT_TIMEOUT = 30


def connect():
    return DEFAULT_TIMOUT * 2


connect()
