code = compile("def f():\n    return 1 / 0\nf()\n", "no_such_dir/vanished.py", "exec")
exec(code, {})
