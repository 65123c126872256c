raise RuntimeError("line one\nline two\n  indented three")
