import traceback

for expr in ["1 +", "(1, 2", "a b", "lambda: yield"]:
    try:
        eval(expr)
    except SyntaxError as e:
        print(type(e).__name__, e.msg, e.lineno, e.offset)
        traceback.print_exc(file=__import__("sys").stdout)
