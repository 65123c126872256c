# A deprecated stdlib module warns at import, attributed to the importer's
# line, as CPython 3.11 does (sre_compile, sre_constants, sre_parse).
import os
import sys
import warnings

for name in ("sre_compile", "sre_constants", "sre_parse"):
    sys.modules.pop(name, None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        __import__(name)
    for w in caught:
        print(name, w.category.__name__, str(w.message), os.path.basename(w.filename), w.lineno)
