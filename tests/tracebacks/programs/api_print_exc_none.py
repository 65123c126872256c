import sys
import traceback

traceback.print_exc()
traceback.print_exc(file=sys.stdout)
print(repr(traceback.format_exc()))
