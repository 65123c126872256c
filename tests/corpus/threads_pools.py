# Executors, pools and processes: generators resumed on other threads, tasks
# that import lazily, and a clean exit.
import asyncio
import multiprocessing as mp
import threading
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.pool import ThreadPool


def square(x):
    return x * x


def put(q, x):
    q.put(x * 10)


def dumps(x):
    return __import__("json").dumps({"x": x})


def counter():
    total = 0
    for i in range(20000):
        total += i
        yield total


async def coro():
    r = await asyncio.to_thread(lambda: sum(range(10)))
    loop = asyncio.get_running_loop()
    r2 = await loop.run_in_executor(None, lambda: __import__("textwrap").shorten("hello world foo bar", 12))
    return r, r2


if __name__ == "__main__":
    with ThreadPoolExecutor(4) as ex:
        print(list(ex.map(dumps, range(5))))
    with ThreadPool(3) as tp:
        print(tp.map(abs, [-1, -2, 3]))
        print(sorted(tp.imap_unordered(square, range(6))))
    g = counter()
    lock = threading.Lock()
    seen = []

    def consume():
        for _ in range(5000):
            with lock:
                seen.append(next(g))

    ts = [threading.Thread(target=consume) for _ in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    print(len(seen), seen == sorted(seen), seen[-1])
    print(asyncio.run(coro()))
    for method in ["fork", "spawn"]:
        ctx = mp.get_context(method)
        with ctx.Pool(2) as p:
            print(method, p.map(square, range(6)))
        q = ctx.Queue()
        pr = ctx.Process(target=put, args=(q, 4))
        pr.start()
        print(q.get())
        pr.join()
        print(pr.exitcode)
