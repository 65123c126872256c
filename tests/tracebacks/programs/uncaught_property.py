class Temperature:
    def __init__(self, kelvin):
        self.kelvin = kelvin

    @property
    def celsius(self):
        if self.kelvin < 0:
            raise ValueError("below absolute zero")
        return self.kelvin - 273.15


t = Temperature(-1)
print(t.celsius)
