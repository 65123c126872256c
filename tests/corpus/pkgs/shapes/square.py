from . import base
from .. import util
class Square(base.Shape):
    def __init__(self, side):
        self.side = side
    def area(self):
        return self.side ** 2
    def label(self):
        return util.fmt(self.side)
