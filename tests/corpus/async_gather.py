import asyncio
order = []
async def worker(name, steps):
    for i in range(steps):
        order.append(f'{name}{i}')
        await asyncio.sleep(0)
    return f'{name} done after {steps}'
async def failing(msg):
    await asyncio.sleep(0)
    raise RuntimeError(msg)
async def main():
    results = await asyncio.gather(worker('a', 3), worker('b', 1), worker('c', 2))
    print(results)
    print(order)
    mixed = await asyncio.gather(worker('x', 1), failing('boom'), return_exceptions=True)
    print([repr(r) for r in mixed])
    try:
        await asyncio.gather(failing('first'), worker('y', 1))
    except RuntimeError as e:
        print('gather raised', e)
    print(await asyncio.gather())
asyncio.run(main())
