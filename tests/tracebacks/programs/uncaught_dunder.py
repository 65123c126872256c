class Vector:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __add__(self, other):
        return Vector(self.x + other.x, self.y + other.y)


a = Vector(1, 2)
b = a + Vector(3, 4)
c = b + 5
