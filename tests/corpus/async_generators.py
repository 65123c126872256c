import asyncio
async def ticker(n):
    for i in range(n):
        await asyncio.sleep(0)
        yield i
async def squares(source):
    async for v in source:
        yield v * v
async def main():
    async for t in ticker(3):
        print('tick', t)
    print([v async for v in squares(ticker(5))])
    agen = ticker(10)
    print(await agen.__anext__(), await anext(agen), await anext(agen))
    await agen.aclose()
    try:
        await anext(agen)
    except StopAsyncIteration:
        print('StopAsyncIteration after aclose')
    print(await anext(ticker(0), 'default'))
    print(type(agen).__name__, agen.__name__)
async def echo():
    received = None
    while True:
        received = yield f'echo {received}'
async def talk():
    e = echo()
    print(await e.asend(None))
    print(await e.asend('hi'))
    print(await e.asend('there'))
    try:
        await e.athrow(ValueError('stop'))
    except ValueError as err:
        print('athrow propagated', err)
async def cleanup_gen():
    try:
        yield 1
        yield 2
    finally:
        print('async generator finally')
async def partial():
    async for x in cleanup_gen():
        print('got', x)
        break
asyncio.run(main())
asyncio.run(talk())
asyncio.run(partial())
print('after partial')
