# pkgutil.iter_modules() lists the standard library's modules and packages.
import pkgutil
found = {m.name: m.ispkg for m in pkgutil.iter_modules()}
for name in ["os", "json", "asyncio", "collections", "xml", "email", "decimal", "re",
             "_json", "_csv", "_struct", "array", "math", "select", "zlib", "__future__"]:
    print(name, name in found, found.get(name))
print("sys" in found, "builtins" in found, "_io" in found)
print(sorted(n for n, p in found.items() if p and n in ("json", "http", "urllib", "unittest", "importlib")))
