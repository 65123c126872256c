source = "x = 1\ny = = 2\n"
print("compiling")
exec(source)
