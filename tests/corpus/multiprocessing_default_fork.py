# The default start method is 'fork' on Linux, as in CPython 3.11 (3.14
# made it 'forkserver'): a script without an `if __name__ == "__main__":`
# guard uses process pools, and the workers see the parent's globals.
import concurrent.futures
import multiprocessing

SCALE = 3


def scaled(x):
    return x * SCALE


print(multiprocessing.get_start_method())
with multiprocessing.Pool(2) as pool:
    print(pool.map(scaled, range(8)))
SCALE = 5  # set after import: only a forked worker sees it
with concurrent.futures.ProcessPoolExecutor(2) as ex:
    print(list(ex.map(scaled, range(5))))
p = multiprocessing.Process(target=print, args=("child", SCALE))
p.start()
p.join()
print(p.exitcode)
