from helpers.errors import HelperError, fail

try:
    fail("caught")
except HelperError as e:
    print("caught:", e)
fail("uncaught")
