"""Shapes package."""
from .circle import Circle
from .square import Square
from . import base
VERSION = (1, 2)
__all__ = ['Circle', 'Square', 'make']
def make(kind, size):
    return {'circle': Circle, 'square': Square}[kind](size)
