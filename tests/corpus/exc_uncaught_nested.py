class Parser:
    def __init__(self, text):
        self.text = text
    def parse(self):
        return [self.parse_item(part) for part in self.text.split(',')]
    def parse_item(self, part):
        key, value = part.split('=')
        return key.strip(), self.convert(value)
    def convert(self, value):
        return int(value.strip())
print(Parser('a=1, b=2').parse())
print(Parser('a=1, b=x').parse())
