import asyncio
async def add(a, b):
    await asyncio.sleep(0)
    return a + b
async def chain(n):
    total = 0
    for i in range(n):
        total = await add(total, i)
    return total
async def main():
    print('start')
    r = await add(2, 3)
    print('add ->', r)
    print('chain ->', await chain(10))
    coro = add(1, 1)
    print(type(coro).__name__, asyncio.iscoroutine(coro))
    print(await coro)
    return 'main result'
print(asyncio.run(main()))
async def raises():
    await asyncio.sleep(0)
    raise ValueError('async failure')
async def catcher():
    try:
        await raises()
    except ValueError as e:
        return f'caught {e}'
print(asyncio.run(catcher()))
print(asyncio.iscoroutinefunction(add), asyncio.iscoroutinefunction(print))
