# A small virtual machine: a compiler from a tiny loop language to bytecode tuples,
# and a stack-machine interpreter dispatching on opcodes, running a few programs.
import sys

PUSH, LOAD, STORE, ADD, SUB, MUL, MOD, LT, JMPF, JMP, HALT = range(11)


def compile_sum_of_mods(n, m):
    # s = 0; i = 0; while i < n: s = s + i % m; i = i + 1
    return [
        (PUSH, 0), (STORE, 0), (PUSH, 0), (STORE, 1),
        (LOAD, 1), (PUSH, n), (LT, 0), (JMPF, 19),
        (LOAD, 0), (LOAD, 1), (PUSH, m), (MOD, 0), (ADD, 0), (STORE, 0),
        (LOAD, 1), (PUSH, 1), (ADD, 0), (STORE, 1), (JMP, 4),
        (HALT, 0),
    ]


def run(code):
    stack = []
    env = [0] * 4
    pc = 0
    steps = 0
    while True:
        op, arg = code[pc]
        pc += 1
        steps += 1
        if op == PUSH:
            stack.append(arg)
        elif op == LOAD:
            stack.append(env[arg])
        elif op == STORE:
            env[arg] = stack.pop()
        elif op == ADD:
            b = stack.pop()
            stack.append(stack.pop() + b)
        elif op == SUB:
            b = stack.pop()
            stack.append(stack.pop() - b)
        elif op == MUL:
            b = stack.pop()
            stack.append(stack.pop() * b)
        elif op == MOD:
            b = stack.pop()
            stack.append(stack.pop() % b)
        elif op == LT:
            b = stack.pop()
            stack.append(stack.pop() < b)
        elif op == JMPF:
            if not stack.pop():
                pc = arg
        elif op == JMP:
            pc = arg
        else:
            return env[0], steps


def main(n):
    results = [run(compile_sum_of_mods(n, m)) for m in (3, 7, 11)]
    print(results)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 60000)
