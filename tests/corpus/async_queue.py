import asyncio
async def producer(q, n):
    for i in range(n):
        await q.put(i)
        print('produced', i)
    await q.put(None)
async def consumer(q, results):
    while True:
        item = await q.get()
        if item is None:
            q.task_done()
            break
        print('consumed', item)
        results.append(item * item)
        q.task_done()
async def main():
    q = asyncio.Queue(maxsize=2)
    results = []
    await asyncio.gather(producer(q, 5), consumer(q, results))
    print(results, q.empty())
    lock = asyncio.Lock()
    shared = []
    async def critical(name):
        async with lock:
            shared.append(f'{name}-in')
            await asyncio.sleep(0)
            shared.append(f'{name}-out')
    await asyncio.gather(critical('x'), critical('y'))
    print(shared)
    ev = asyncio.Event()
    async def waiter():
        await ev.wait()
        return 'event seen'
    t = asyncio.create_task(waiter())
    await asyncio.sleep(0)
    ev.set()
    print(await t)
asyncio.run(main())
