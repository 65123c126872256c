import functools


def logged(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        print("calling", func.__name__)
        return func(*args, **kwargs)
    return wrapper


@logged
def divide(a, b):
    return a / b


print(divide(6, 3))
print(divide(1, 0))
