# hipy: the frozen standard library's code carries the names of its files
# in sys._stdlib_dir (see stdlib_files.rs), as code imported from those
# files would: tracebacks, linecache and inspect.getsource read them. And
# importlib.resources reads a frozen package's data files from there.
import sys
import _imp
from _frozen_importlib import FrozenImporter


def _stdlib_file(name):
    """The file a frozen module of the standard library comes from, as
    FrozenImporter names it in __file__, or None."""
    info = _imp.find_frozen(name)
    if info is None:
        return None
    _, ispkg, origname = info
    return FrozenImporter._resolve_filename(origname, name, ispkg)[0]


def _is_frozen_name(filename):
    # RustPython freezes code under the module's name: no path, no <...>.
    return '/' not in filename and not filename.startswith('<')


def _hook(get_frozen_object=_imp.get_frozen_object):
    def get_frozen_object_with_filename(name, data=None, /):
        code = get_frozen_object(name, data)
        filename = _stdlib_file(name)
        if filename and _is_frozen_name(code.co_filename):
            _imp._fix_co_filename(code, filename)
        return code

    get_frozen_object_with_filename.__name__ = 'get_frozen_object'
    get_frozen_object_with_filename.__qualname__ = 'get_frozen_object'
    _imp.get_frozen_object = get_frozen_object_with_filename


def _get_resource_reader(fullname):
    filename = _stdlib_file(fullname)
    if not filename:
        return None
    from importlib.resources.readers import FileReader

    class _Location:
        path = filename

    return FileReader(_Location)


def _fix_loaded():
    """Modules frozen before the hook was set: their functions' code."""
    function = type(_fix_loaded)

    def fix(value, name, filename):
        if isinstance(value, (staticmethod, classmethod)):
            value = value.__func__
        if isinstance(value, property):
            for accessor in (value.fget, value.fset, value.fdel):
                fix(accessor, name, filename)
        elif (isinstance(value, function) and value.__module__ == name
              and _is_frozen_name(value.__code__.co_filename)):
            _imp._fix_co_filename(value.__code__, filename)

    for name, module in list(sys.modules.items()):
        spec = getattr(module, '__spec__', None)
        filename = getattr(module, '__file__', None)
        if spec is None or spec.loader is not FrozenImporter or not filename:
            continue
        for value in list(vars(module).values()):
            if isinstance(value, type) and value.__module__ == name:
                for member in list(vars(value).values()):
                    fix(member, name, filename)
            else:
                fix(value, name, filename)


_hook()
FrozenImporter.get_resource_reader = staticmethod(_get_resource_reader)
_fix_loaded()
