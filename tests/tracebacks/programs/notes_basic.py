import sys
import traceback

try:
    raise ValueError("with notes")
except ValueError as e:
    e.add_note("first note")
    e.add_note("second note\nspans two lines")
    e.add_note("")
    traceback.print_exc(file=sys.stdout)
    saved = e
print(saved.__notes__)
raise saved
