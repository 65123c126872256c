fields = "1,2,x,4".split(",")
numbers = [int(f) for f in fields]
