from ..util import fmt
class Shape:
    unit = 'cm'
    def area(self):
        raise NotImplementedError
    def describe(self):
        return f'{type(self).__name__} area={fmt(self.area(), self.unit)}'
