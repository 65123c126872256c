# `import numpy.<name>` for a name hipy registers no module for: numpy gets
# an empty `__path__` (so Python's import system treats it as a package)
# and a finder that answers for its direct submodules. A name numpy has as a
# module attribute imports that module; one of NumPy's submodules hipy does
# not have raises NotImplementedError, as `numpy.<name>` does; other names
# are ModuleNotFoundError, as with NumPy.

__all__ = []

import sys as _sys

# NumPy 2's public submodules (the ones hipy has are registered at import).
_NUMPY_SUBMODULES = {"char", "core", "ctypeslib", "dtypes", "exceptions", "f2py", "fft", "lib", "linalg", "ma",
                     "matlib", "matrixlib", "polynomial", "random", "rec", "strings", "testing", "typing",
                     "version"}


class _Loader:
    def __init__(self, module):
        self._module = module

    def create_module(self, spec):
        return self._module

    def exec_module(self, module):
        pass


class _SubmoduleFinder:
    @staticmethod
    def find_spec(fullname, path=None, target=None):
        parts = fullname.split(".")
        if len(parts) != 2 or parts[0] != "numpy":
            return None
        name = parts[1]
        try:
            value = getattr(np, name)
        except AttributeError:
            if name in _NUMPY_SUBMODULES:
                raise NotImplementedError("numpy.%s is not supported by hipy" % name) from None
            return None
        if type(value) is not type(_sys):
            return None
        import importlib.machinery
        return importlib.machinery.ModuleSpec(fullname, _Loader(value))


np.__path__ = []
_sys.meta_path.append(_SubmoduleFinder)
