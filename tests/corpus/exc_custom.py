class AppError(Exception):
    """Base for app errors."""
class ValidationError(AppError):
    def __init__(self, field, problem):
        super().__init__(field, problem)
        self.field = field
        self.problem = problem
    def __str__(self):
        return f'{self.field}: {self.problem}'
class HttpError(AppError):
    def __init__(self, status, message='error'):
        self.status = status
        super().__init__(f'{status} {message}')
try:
    raise ValidationError('email', 'missing @')
except AppError as e:
    print(type(e).__name__, str(e), repr(e), e.args, e.field)
try:
    raise HttpError(404, 'not found')
except HttpError as e:
    print(e, e.args, e.status, repr(e))
class NoArgs(Exception):
    pass
print(repr(NoArgs()), str(NoArgs()), NoArgs().args, repr(NoArgs(1, 2)), str(NoArgs(1, 2)), str(NoArgs('only')))
class WithRepr(Exception):
    def __repr__(self):
        return 'custom repr'
print(repr(WithRepr('x')), str(WithRepr('x')))
e = ValueError('a', 'b')
e.args = ('changed',)
print(e, e.args)
print(AppError.__doc__, HttpError.__mro__[1].__name__, isinstance(HttpError(1), Exception))
raise ValidationError('age', 'must be positive')
