def task(n):
    if n % 2:
        raise ValueError(f'task {n} failed')
    return n
errors = []
for n in range(4):
    try:
        task(n)
    except ValueError as e:
        errors.append(e)
print('collected', len(errors))
raise ExceptionGroup('tasks failed', errors + [ExceptionGroup('nested', [TypeError('inner type')])])
