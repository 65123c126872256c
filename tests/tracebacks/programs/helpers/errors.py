class HelperError(Exception):
    """An exception defined outside __main__: printed as helpers.errors.HelperError."""


def fail(message):
    raise HelperError(message)
