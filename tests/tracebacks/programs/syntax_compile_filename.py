code = "def broken(:\n    pass\n"
compile(code, "generated_module.py", "exec")
