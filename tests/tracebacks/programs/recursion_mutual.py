def ping(n):
    if n == 0:
        raise RuntimeError("done bouncing")
    return pong(n - 1)


def pong(n):
    return ping(n)


ping(6)
