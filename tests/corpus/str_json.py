import json
obj = {'name': 'hipy', 'version': [0, 1], 'ok': True, 'none': None, 'pi': 3.14159, 'nested': {'z': 1, 'a': [1.5, 'x']}, 'uni': 'é✓'}
print(json.dumps(obj))
print(json.dumps(obj, sort_keys=True, indent=2))
print(json.dumps(obj, separators=(',', ':'), ensure_ascii=False))
print(json.dumps([1e100, 1e-7, -0.0, 10 ** 20, float('inf')]), json.dumps('quote"\n\t'))
back = json.loads('{"a": [1, 2.5, "s", null, true], "b": {"c": -1e3}}')
print(back, type(back['b']['c']))
print(json.loads('"\\u00e9\\ud83d\\udc0d"'), json.loads('123'), json.loads(' [] '))
for bad in ['{"a": }', '[1, 2', '{"a" 1}', 'nul', '', '{"a": 1,}', '"unterminated']:
    try:
        json.loads(bad)
    except json.JSONDecodeError as e:
        print(repr(bad), '->', e.msg, e.lineno, e.colno, e.pos)
try:
    json.dumps({1, 2})
except TypeError as e:
    print('TypeError:', e)
print(json.dumps({3: 'int key', 'b': (1, 2)}), json.dumps(obj, default=str, indent='\t')[:30])
class Enc(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, complex):
            return [o.real, o.imag]
        return super().default(o)
print(json.dumps({'z': 1 + 2j}, cls=Enc))
