values = [1, 2, 3]
prnt(len(values))
