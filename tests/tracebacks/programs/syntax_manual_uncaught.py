raise SyntaxError("custom message", ("template.txt", 12, 8, "    {{ name | upper }}\n", 12, 14))
