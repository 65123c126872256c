import asyncio
from contextlib import asynccontextmanager
class Connection:
    def __init__(self, name):
        self.name = name
    async def __aenter__(self):
        await asyncio.sleep(0)
        print(f'open {self.name}')
        return self
    async def __aexit__(self, et, ev, tb):
        await asyncio.sleep(0)
        print(f'close {self.name} ({et.__name__ if et else "clean"})')
        return et is KeyError
    async def query(self, q):
        await asyncio.sleep(0)
        return f'{self.name}:{q}'
@asynccontextmanager
async def transaction(conn):
    print('begin')
    try:
        yield conn
        print('commit')
    except Exception as e:
        print('rollback because', e)
        raise
async def main():
    async with Connection('db') as c:
        print(await c.query('select 1'))
    async with Connection('a') as a, Connection('b') as b:
        print(await a.query('x'), await b.query('y'))
    async with Connection('suppress'):
        raise KeyError('hidden')
    try:
        async with transaction(Connection('tx')) as t:
            print(await t.query('update'))
            raise ValueError('constraint violated')
    except ValueError as e:
        print('main caught', e)
    async with transaction(Connection('ok')) as t:
        print(await t.query('insert'))
asyncio.run(main())
