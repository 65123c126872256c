import asyncio
async def fetch(i):
    await asyncio.sleep(0)
    return i * 10
async def agen(n):
    for i in range(n):
        yield i
async def main():
    a = [await fetch(i) for i in range(4)]
    b = [x async for x in agen(5) if x % 2]
    c = {x: await fetch(x) async for x in agen(3)}
    d = {x async for x in agen(4)}
    e = [await fetch(x) async for x in agen(3)]
    gen = (x * 2 async for x in agen(3))
    f = [y async for y in gen]
    print(a, b, c, sorted(d), e, f)
    nested = [[j async for j in agen(i)] for i in range(3)]
    print(nested)
asyncio.run(main())
