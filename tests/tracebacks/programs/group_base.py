raise BaseExceptionGroup("base group", [KeyboardInterrupt(), ValueError("v")])
