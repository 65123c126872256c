def read_config(text):
    try:
        return dict(line.split('=') for line in text.splitlines())
    except ValueError as exc:
        raise RuntimeError('config is malformed') from exc
print(read_config('a=1\nb=2'))
read_config('a=1\nbroken')
