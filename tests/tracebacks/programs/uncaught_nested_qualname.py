class Parser:
    class Error(Exception):
        pass

    def parse(self, text):
        raise Parser.Error("unexpected token " + repr(text))


Parser().parse("}")
