import asyncio
async def bad(n):
    await asyncio.sleep(0)
    raise ValueError(f'bad {n}')
async def good(n):
    await asyncio.sleep(0)
    return n
async def with_taskgroup():
    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(good(1))
            tg.create_task(bad(2))
            tg.create_task(bad(3))
    except* ValueError as eg:
        print('TaskGroup errors:', sorted(str(e) for e in eg.exceptions))
async def ok_taskgroup():
    async with asyncio.TaskGroup() as tg:
        tasks = [tg.create_task(good(i)) for i in range(3)]
    print([t.result() for t in tasks])
async def timeout_demo():
    async def forever():
        while True:
            await asyncio.sleep(0)
    try:
        async with asyncio.timeout(0.01):
            await forever()
    except TimeoutError:
        print('timed out')
async def main():
    await with_taskgroup()
    await ok_taskgroup()
    await timeout_demo()
    try:
        await bad(9)
    except ValueError as e:
        print('direct await raised', e)
asyncio.run(main())
