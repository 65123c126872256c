import re
TOKEN = re.compile(r'\s*(?:(\d+\.?\d*)|(.))')
def tokenize(text):
    for num, op in TOKEN.findall(text):
        if num:
            yield ('num', float(num) if '.' in num else int(num))
        elif op.strip():
            yield ('op', op)
    yield ('end', None)
class Parser:
    def __init__(self, text):
        self.tokens = list(tokenize(text))
        self.pos = 0
    def peek(self):
        return self.tokens[self.pos]
    def take(self):
        tok = self.tokens[self.pos]
        self.pos += 1
        return tok
    def expr(self):
        value = self.term()
        while self.peek() in (('op', '+'), ('op', '-')):
            op = self.take()[1]
            rhs = self.term()
            value = value + rhs if op == '+' else value - rhs
        return value
    def term(self):
        value = self.factor()
        while self.peek() in (('op', '*'), ('op', '/'), ('op', '%')):
            op = self.take()[1]
            rhs = self.factor()
            if op == '*':
                value *= rhs
            elif op == '/':
                value /= rhs
            else:
                value %= rhs
        return value
    def factor(self):
        base = self.unary()
        if self.peek() == ('op', '^'):
            self.take()
            return base ** self.factor()
        return base
    def unary(self):
        if self.peek() == ('op', '-'):
            self.take()
            return -self.unary()
        kind, val = self.take()
        if kind == 'num':
            return val
        if val == '(':
            v = self.expr()
            if self.take() != ('op', ')'):
                raise SyntaxError('expected )')
            return v
        raise SyntaxError(f'unexpected token {val!r}')
    def parse(self):
        v = self.expr()
        if self.peek()[0] != 'end':
            raise SyntaxError(f'trailing input at token {self.pos}')
        return v
for src in ['1 + 2 * 3', '(1 + 2) * 3', '2 ^ 3 ^ 2', '-2 ^ 2', '10 / 4', '7 % 3 + 0.5', '2 * (3 + 4) * 5 - 1', '((2))', '1 +', '3 4', '8 / (4 - 4)', '2 ^ 100']:
    try:
        print(f'{src:22} = {Parser(src).parse()}')
    except (SyntaxError, ZeroDivisionError) as e:
        print(f'{src:22} ! {type(e).__name__}: {e}')
