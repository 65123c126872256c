# A trailing comma in JSON: CPython 3.11's message and position (3.13 says
# "Illegal trailing comma before end of array/object" at the comma).
import json
for doc in ['[1,]', '[1, 2 , ]', '{"a": 1,}', '{"a": 1 ,\n  }', '[\n  1,\n\t]',
            '{"a": [1,]}', '[{"b": 2,}]', '[1,', '{"a": 1,', '[1 2]', '{"a" 1}', '',
            '  [true, false,]  ', '["\u00e9\u4e2d",]']:
    try:
        print(json.loads(doc))
    except json.JSONDecodeError as e:
        print(repr(doc), "|", e, "|", e.msg, e.pos, e.lineno, e.colno, e.args)
try:
    json.JSONDecoder().raw_decode('[1,]')
except ValueError as e:
    print(type(e).__name__, e)
print(json.loads('[1, 2]'), json.loads('{"a": [1, {"b": null}]}'))
