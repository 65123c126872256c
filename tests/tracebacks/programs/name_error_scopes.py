import sys

counter_total = 0


def outer():
    local_value = 1

    def inner():
        return local_valu + counter_totl
    return inner()


try:
    outer()
except NameError:
    sys.excepthook(*sys.exc_info())


class Holder:
    field_name = 1
    other = feld_name
