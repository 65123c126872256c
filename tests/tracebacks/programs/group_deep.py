exc = ValueError("leaf")
for depth in range(12):
    exc = ExceptionGroup(f"depth {depth}", [exc])
raise exc
