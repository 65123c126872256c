import sys
import traceback


class Shape:
    sides = 4

    def area(self):
        return 0


for expr in ["Shape.sidez", "Shape().aera()", "sys.argvv", "[].lenght", "'text'.uper()"]:
    try:
        eval(expr)
    except AttributeError as e:
        print(e.name, type(e.obj).__name__)
        traceback.print_exc(file=sys.stdout)
Shape().aera()
