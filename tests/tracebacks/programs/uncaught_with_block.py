class Managed:
    def __enter__(self):
        print("enter")
        return self

    def __exit__(self, *exc):
        print("exit", exc[0].__name__ if exc[0] else None)
        return False


with Managed() as m:
    data = {"a": 1}
    print(data["b"])
