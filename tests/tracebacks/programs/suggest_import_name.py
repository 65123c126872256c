from math import sqr
