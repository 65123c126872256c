source = """
def inner(x):
    return x["missing"]

inner({})
"""
exec(source, {})
