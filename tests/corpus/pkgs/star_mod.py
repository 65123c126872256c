__all__ = ['public_a', 'public_b', 'PublicClass']
public_a = 'a'
public_b = 'b'
not_listed = 'not exported by *'
_private = 'private'
class PublicClass:
    pass
