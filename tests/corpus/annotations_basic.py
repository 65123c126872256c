x: int = 5
y: 'list[str]'
class C:
    a: int
    b: str = 'b'
    def m(self, v: float) -> None:
        pass
def g(p: int, *args: str, q: bool = True, **kw: 'Any') -> dict:
    local: int = 3
    return {}
print(__annotations__)
print(C.__annotations__, C.b, hasattr(C, 'a'))
print(g.__annotations__, C.m.__annotations__)
print('y' in globals(), x)
def no_annotations():
    pass
print(no_annotations.__annotations__)
