import base64, binascii, codecs, zlib, hashlib
data = b'hipy differential test \x00\xff'
print(base64.b64encode(data), base64.b64decode(base64.b64encode(data)) == data)
print(base64.urlsafe_b64encode(b'\xfb\xff'), base64.b32encode(b'abc'), base64.b16encode(b'\x01\xab'), base64.a85encode(b'hi'))
print(binascii.hexlify(data), binascii.unhexlify('41424344'), binascii.crc32(data), zlib.adler32(data))
print(codecs.encode('hello', 'rot13'), codecs.decode(b'68656c6c6f', 'hex'), codecs.encode(b'xyz', 'base64'))
print(hashlib.md5(b'abc').hexdigest(), hashlib.sha1(b'abc').hexdigest())
print(hashlib.sha256(b'hipy').hexdigest())
comp = zlib.compress(b'a' * 100)
print(len(zlib.decompress(comp)), zlib.crc32(b'hello'))
try:
    base64.b64decode('abc')
except binascii.Error as e:
    print('binascii.Error:', e)
