poem = """Roses are red,
  Violets are blue,\
 joined line
\tTabbed "quotes" and 'single'
"""
print(poem)
print(len(poem), poem.count('\n'), repr(poem[-5:]))
s = ('implicit '
     'concatenation '
     f'with {1 + 1} parts')
print(s)
raw = r'''C:\path\to\file
\n stays'''
print(raw, len(raw))
b = (b'bytes '
     rb'\raw')
print(b)
print('''a''' + """b""" + 'c' "d", '\
continued')
doc = '''   indented
      more
   back'''
print(doc.splitlines())
