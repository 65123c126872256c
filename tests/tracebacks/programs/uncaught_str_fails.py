class Broken(Exception):
    def __str__(self):
        raise RuntimeError("no str for you")


def boom():
    raise Broken("payload")


boom()
