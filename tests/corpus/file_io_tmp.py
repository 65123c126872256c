import os, tempfile, pathlib
with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, 'data.txt')
    with open(path, 'w', encoding='utf-8') as f:
        f.write('alpha\nbeta\n')
        f.write('gamma\n')
    with open(path) as f:
        print(f.read().splitlines())
    with open(path, 'a') as f:
        print('delta', file=f)
    with open(path) as f:
        for i, line in enumerate(f):
            print(i, line.rstrip())
    with open(path, 'rb') as f:
        print(f.read(5), f.tell())
    p = pathlib.Path(d) / 'sub' / 'file.bin'
    p.parent.mkdir()
    p.write_bytes(bytes(range(5)))
    print(p.read_bytes(), p.name, p.suffix, p.stem, p.exists(), p.stat().st_size)
    print(sorted(x.name for x in pathlib.Path(d).iterdir()), os.path.getsize(path))
    os.rename(path, path + '.bak')
    print(os.path.exists(path), sorted(os.listdir(d)))
    try:
        open(os.path.join(d, 'missing.txt'))
    except FileNotFoundError as e:
        print('FileNotFoundError', e.errno, e.strerror)
    try:
        with open(path + '.bak', 'r') as f:
            f.write('x')
    except OSError as e:
        print(type(e).__name__, e)
print(os.path.exists(d))
print(os.path.join('a', 'b', 'c.txt'), os.path.splitext('archive.tar.gz'), os.path.basename('/x/y/z.py'), os.path.dirname('/x/y/z.py'))
print(pathlib.PurePosixPath('/usr/lib/python3/x.py').parts, pathlib.PurePosixPath('a/b/../c').as_posix())
