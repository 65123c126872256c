checks = [(IndexError, LookupError), (KeyError, LookupError), (ZeroDivisionError, ArithmeticError), (OverflowError, ArithmeticError),
          (FileNotFoundError, OSError), (PermissionError, OSError), (IOError, OSError), (EnvironmentError, OSError),
          (UnicodeDecodeError, ValueError), (NotImplementedError, RuntimeError), (RecursionError, RuntimeError),
          (ModuleNotFoundError, ImportError), (StopIteration, Exception), (GeneratorExit, Exception), (KeyboardInterrupt, Exception),
          (TimeoutError, OSError), (BrokenPipeError, ConnectionError), (UnboundLocalError, NameError), (TabError, SyntaxError),
          (IndentationError, SyntaxError), (DeprecationWarning, Warning), (Warning, Exception), (BaseExceptionGroup, BaseException)]
for sub, base in checks:
    print(f'{sub.__name__:22} {base.__name__:16} {issubclass(sub, base)}')
print(IOError is OSError, EnvironmentError is OSError)
e = OSError(2, 'No such file or directory')
print(type(e).__name__, e.errno, e.strerror, e, repr(e))
e2 = OSError(13, 'Permission denied', 'secret.txt')
print(type(e2).__name__, e2.filename, e2)
print(type(OSError(17, 'exists')).__name__, type(OSError(99999, 'unknown')).__name__, OSError('just message').errno)
try:
    {}['missing']
except LookupError as e:
    print('LookupError caught', type(e).__name__)
try:
    raise FileNotFoundError(2, 'gone', 'x.txt')
except OSError as e:
    print(str(e), e.args)
print([c.__name__ for c in ZeroDivisionError.__mro__])
