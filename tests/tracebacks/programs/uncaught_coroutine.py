async def fetch(n):
    if n > 1:
        raise ConnectionError(f"cannot fetch {n}")
    return n


async def main():
    total = 0
    for i in range(3):
        total += await fetch(i)
    return total


coro = main()
coro.send(None)
