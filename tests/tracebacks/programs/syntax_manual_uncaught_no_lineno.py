raise SyntaxError("no position at all")
