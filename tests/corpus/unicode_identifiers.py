π = 3.14159
café = 'coffee'
naïve_count = 2
Σ = sum
def größe(länge, breite):
    return länge * breite
class Ñandú:
    pass
print(π, café, naïve_count, Σ([1, 2, 3]), größe(2, 3), Ñandú.__name__)
données = {'clé': 'valeur'}
print(données, 'größe' in globals(), [k for k in globals() if not k.isascii()])
ﬁle = 'ligature normalised'
print(file if 'file' in globals() else 'not normalised', 'ﬁle' in globals())
