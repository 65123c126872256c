class Faulty:
    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        raise RuntimeError("cleanup failed")


with Faulty():
    raise ValueError("body failed")
