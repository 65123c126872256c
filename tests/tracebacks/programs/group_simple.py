raise ExceptionGroup("several problems", [ValueError("bad value"), TypeError("bad type")])
