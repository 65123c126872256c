message = "unterminated
print(message)
