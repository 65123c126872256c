# The standard library's modules come from real files: __file__ exists,
# their code carries that file name, and tracebacks, linecache, inspect and
# importlib.resources read the sources and data files.
import dataclasses
import inspect
import json
import linecache
import os
import traceback
from importlib import resources

print(os.path.isfile(json.__file__), os.path.isfile(dataclasses.__file__))
print(json.dumps.__code__.co_filename == json.__file__)
print(inspect.getsourcefile(dataclasses.fields) == dataclasses.__file__)
print(inspect.getsource(json.dumps).startswith("def dumps("))
print(inspect.getsource(json.JSONDecoder).startswith("class JSONDecoder"))
print(linecache.getline(json.__file__, 1) != "")
try:
    json.loads('{"a": }')
except json.JSONDecodeError as e:
    frames = traceback.extract_tb(e.__traceback__)
    print(len(frames) > 1, all(f.line for f in frames))
    print([os.path.basename(f.filename) for f in frames[1:]][:1])
print((resources.files("json") / "__init__.py").is_file())
print(sorted(p.name for p in resources.files("json").iterdir() if p.name in ("decoder.py", "encoder.py")))
