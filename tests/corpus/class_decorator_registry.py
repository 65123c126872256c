import functools
class EventBus:
    def __init__(self):
        self.handlers = {}
    def on(self, event, priority=0):
        def register(func):
            self.handlers.setdefault(event, []).append((priority, func))
            return func
        return register
    def emit(self, event, *args):
        results = []
        for prio, handler in sorted(self.handlers.get(event, []), key=lambda ph: -ph[0]):
            results.append(f'{handler.__name__}:{handler(*args)}')
        return results
bus = EventBus()
@bus.on('save')
def log_save(doc):
    return f'logged {doc}'
@bus.on('save', priority=10)
def validate(doc):
    return 'valid' if doc else 'invalid'
@bus.on('delete')
def audit(doc):
    return f'audit {doc}'
print(bus.emit('save', 'report.txt'))
print(bus.emit('delete', 'old.txt'), bus.emit('unknown'))
class Command:
    registry = {}
    def __init_subclass__(cls, name, **kw):
        super().__init_subclass__(**kw)
        Command.registry[name] = cls
    def run(self, *args):
        raise NotImplementedError
class Add(Command, name='add'):
    def run(self, *args):
        return sum(map(int, args))
class Join(Command, name='join'):
    def run(self, *args):
        return '-'.join(args)
for line in ['add 1 2 3', 'join a b c', 'nope x']:
    cmd, *args = line.split()
    cls = Command.registry.get(cmd)
    print(line, '=>', cls().run(*args) if cls else f'unknown command {cmd!r}')
