import textwrap
text = ('The quick brown fox jumps over the lazy dog. ' * 4).strip()
print(textwrap.fill(text, 30))
print(textwrap.wrap(text, 25)[:3])
print(textwrap.shorten(text, 40), textwrap.shorten('short', 40), sep='\n')
block = '''
    def f():
        return 1
'''
print(repr(textwrap.dedent(block)))
print(textwrap.indent('a\nb\n\nc', '> '))
print(textwrap.fill('x' * 50, 20, initial_indent='* ', subsequent_indent='  '))
w = textwrap.TextWrapper(width=15, break_long_words=False, placeholder=' ...', max_lines=2)
print(w.wrap('supercalifragilistic word list that goes on and on'))
