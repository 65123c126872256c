e = KeyError("k")
e.__notes__ = {"not": "a list"}
raise e
