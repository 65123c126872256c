class MyAttrError(AttributeError):
    pass


class Thing:
    color = "red"

    def __getattr__(self, name):
        raise MyAttrError(f"no {name}", name=name, obj=self)


t = Thing()
print(t.color)
t.colr
