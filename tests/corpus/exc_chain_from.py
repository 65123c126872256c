class ConfigError(Exception):
    pass
def load(text):
    try:
        return int(text)
    except ValueError as e:
        raise ConfigError(f'bad config value {text!r}') from e
try:
    load('abc')
except ConfigError as e:
    print(type(e).__name__, e)
    print('cause:', type(e.__cause__).__name__, e.__cause__)
    print('context is cause:', e.__context__ is e.__cause__, e.__suppress_context__)
load('xyz')
