raise ExceptionGroup("many", [ValueError(i) for i in range(18)])
