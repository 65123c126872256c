class A:
    def __init__(self):
        self.child = None


a = A()
print(a.child)
a.child.value.deeper
