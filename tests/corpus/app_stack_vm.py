PROGRAM = '''
push 10
store n
push 1
store acc
loop:
load n
jz end
load acc
load n
mul
store acc
load n
push 1
sub
store n
jmp loop
end:
load acc
print
push 7
push 0
div
'''
def assemble(text):
    code, labels = [], {}
    for line in text.strip().splitlines():
        line = line.strip()
        if line.endswith(':'):
            labels[line[:-1]] = len(code)
        else:
            op, *arg = line.split()
            code.append((op, arg[0] if arg else None))
    return code, labels
def run(code, labels, max_steps=10000):
    stack, env, pc, steps = [], {}, 0, 0
    ops = {'add': lambda a, b: a + b, 'sub': lambda a, b: a - b, 'mul': lambda a, b: a * b, 'div': lambda a, b: a // b}
    while pc < len(code):
        steps += 1
        if steps > max_steps:
            raise RuntimeError('step limit')
        op, arg = code[pc]
        pc += 1
        if op == 'push':
            stack.append(int(arg))
        elif op == 'store':
            env[arg] = stack.pop()
        elif op == 'load':
            stack.append(env[arg])
        elif op in ops:
            b, a = stack.pop(), stack.pop()
            stack.append(ops[op](a, b))
        elif op == 'jz':
            if stack.pop() == 0:
                pc = labels[arg]
        elif op == 'jmp':
            pc = labels[arg]
        elif op == 'print':
            print('VM output:', stack.pop())
        else:
            raise ValueError(f'unknown op {op}')
    return steps, env
code, labels = assemble(PROGRAM)
print(len(code), labels)
try:
    run(code, labels)
except ZeroDivisionError as e:
    print('VM crashed:', type(e).__name__, e)
steps, env = run(code[:-3], labels)
print(steps, env)
