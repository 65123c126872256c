counter = 0
config = {'debug': False}
def bump():
    global counter
    counter += 1
    return counter
def toggle():
    config['debug'] = not config['debug']
def create():
    global created_later
    created_later = 'made'
print(bump(), bump(), counter)
toggle()
print(config)
create()
print(created_later)
def reader():
    return counter * 2
print(reader())
def shadowing():
    counter = 100
    return counter
print(shadowing(), counter)
def broken():
    try:
        counter += 1
    except UnboundLocalError as e:
        return str(e)
print(broken())
def nested():
    def inner():
        global counter
        counter = -1
    inner()
    return counter
print(nested(), counter)
exec('global counter\ncounter = 500')
print(counter)
try:
    exec('x = 1\ndef f():\n    x = 2\n    global x\n')
except SyntaxError as e:
    print('SyntaxError:', e.msg)
