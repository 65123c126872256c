class Point:
    def __init__(self, x, y):
        self.x_coord = x
        self.y_coord = y


p = Point(1, 2)
print(p.x_coord)
print(p.x_cord)
