def task(n):
    if n % 2:
        raise ValueError(f"odd {n}")
    return {}[n]


def run_all():
    errors = []
    for n in range(3):
        try:
            task(n)
        except Exception as e:
            errors.append(e)
    raise ExceptionGroup("tasks failed", errors)


run_all()
