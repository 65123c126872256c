def search(rows, target):
    for i, row in enumerate(rows):
        try:
            idx = row.index(target)
        except ValueError:
            continue
        else:
            return i, idx
        finally:
            print('checked row', i)
    return None
print(search([[1, 2], [3, 4], [5, 6]], 4))
print(search([[1]], 9))
count = 0
while True:
    try:
        count += 1
        if count == 3:
            break
        if count == 1:
            raise ValueError('first')
    except ValueError as e:
        print('handled', e)
        continue
    finally:
        print('finally', count)
print('count', count)
def retry(attempts):
    for n in range(1, attempts + 1):
        try:
            if n < 3:
                raise ConnectionError(f'attempt {n} failed')
            return f'succeeded on attempt {n}'
        except ConnectionError as e:
            print(e)
    return 'gave up'
print(retry(5), retry(2))
results = []
for x in [4, 0, 'a', 2]:
    try:
        results.append(8 / x)
    except ZeroDivisionError:
        results.append('inf')
    except TypeError:
        results.append('nan')
        break
print(results)
