"""Under `from __future__ import annotations`, annotations are stored as
strings as the body runs."""
from __future__ import annotations

print(__annotations__)
x: undefined[int] = 1


class C:
    a: list[C]
    b: 'quoted' = 2


def f(p: Missing) -> Other:
    return p


print(__annotations__, C.__annotations__, f.__annotations__)
ns = {}
exec('y: int = 3', ns)
print(ns['__annotations__'])
