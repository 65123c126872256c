import asyncio
log = []
async def step(name, n):
    for i in range(n):
        log.append(f'{name}:{i}')
        await asyncio.sleep(0)
    return name
async def main():
    t1 = asyncio.create_task(step('A', 3))
    t2 = asyncio.create_task(step('B', 2))
    log.append('tasks created')
    await asyncio.sleep(0)
    log.append('main resumed')
    r1 = await t1
    r2 = await t2
    print(r1, r2, t1.done(), t2.result())
    print(log)
    t3 = asyncio.create_task(step('C', 100))
    await asyncio.sleep(0)
    t3.cancel()
    try:
        await t3
    except asyncio.CancelledError:
        print('C cancelled', t3.cancelled())
    q = asyncio.create_task(asyncio.sleep(0, result='slept'))
    print(await q)
    done, pending = await asyncio.wait([asyncio.create_task(step('D', 1)), asyncio.create_task(step('E', 2))])
    print(sorted(t.result() for t in done), len(pending))
    res = await asyncio.wait_for(step('F', 1), timeout=10)
    print(res)
asyncio.run(main())
