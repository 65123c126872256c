# A tokenizer, a recursive-descent parser building an AST of node objects, and an
# evaluator: the front end of a small calculator language, run over generated text.
import sys


class Token:
    __slots__ = ("kind", "text")

    def __init__(self, kind, text):
        self.kind = kind
        self.text = text


def tokenize(src):
    tokens = []
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if c.isspace():
            i += 1
        elif c.isdigit():
            j = i
            while j < n and src[j].isdigit():
                j += 1
            tokens.append(Token("num", src[i:j]))
            i = j
        elif c.isalpha():
            j = i
            while j < n and (src[j].isalnum() or src[j] == "_"):
                j += 1
            tokens.append(Token("name", src[i:j]))
            i = j
        else:
            tokens.append(Token("op", c))
            i += 1
    tokens.append(Token("end", ""))
    return tokens


class Num:
    def __init__(self, v):
        self.v = v

    def eval(self, env):
        return self.v


class Var:
    def __init__(self, name):
        self.name = name

    def eval(self, env):
        return env.get(self.name, 0)


class BinOp:
    def __init__(self, op, left, right):
        self.op = op
        self.left = left
        self.right = right

    def eval(self, env):
        a = self.left.eval(env)
        b = self.right.eval(env)
        if self.op == "+":
            return a + b
        if self.op == "-":
            return a - b
        if self.op == "*":
            return a * b
        return a // b if b else 0


class Parser:
    def __init__(self, tokens):
        self.tokens = tokens
        self.pos = 0

    def peek(self):
        return self.tokens[self.pos]

    def next(self):
        t = self.tokens[self.pos]
        self.pos += 1
        return t

    def expr(self):
        node = self.term()
        while self.peek().text in ("+", "-"):
            op = self.next().text
            node = BinOp(op, node, self.term())
        return node

    def term(self):
        node = self.factor()
        while self.peek().text in ("*", "/"):
            op = self.next().text
            node = BinOp(op, node, self.factor())
        return node

    def factor(self):
        t = self.next()
        if t.kind == "num":
            return Num(int(t.text))
        if t.kind == "name":
            return Var(t.text)
        if t.text == "(":
            node = self.expr()
            self.next()
            return node
        raise SyntaxError("unexpected " + t.text)


def make_source(n, seed):
    parts = []
    x = seed
    for i in range(n):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        a, b, c = x % 97, (x >> 7) % 13 + 1, (x >> 13) % 7
        parts.append("(%d + v%d) * %d - (x%d / %d)" % (a, c, b, i % 5, b))
    return " + ".join(parts)


def main(n):
    env = {"v%d" % i: i * 3 for i in range(7)}
    env.update({"x%d" % i: 100 + i for i in range(5)})
    total = 0
    for round_ in range(n):
        src = make_source(40, round_)
        tree = Parser(tokenize(src)).expr()
        total += tree.eval(env)
    print(total)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 400)
