import string
def caesar(text, shift):
    lower, upper = string.ascii_lowercase, string.ascii_uppercase
    table = str.maketrans(lower + upper, lower[shift:] + lower[:shift] + upper[shift:] + upper[:shift])
    return text.translate(table)
msg = 'Attack at Dawn! Meet @ 5pm.'
enc = caesar(msg, 3)
print(enc, caesar(enc, -3), caesar(msg, 13) == msg.translate(str.maketrans(string.ascii_letters, string.ascii_letters[13:26] + string.ascii_letters[:13] + string.ascii_letters[39:] + string.ascii_letters[26:39])))
def rle_encode(s):
    out, i = [], 0
    while i < len(s):
        j = i
        while j < len(s) and s[j] == s[i]:
            j += 1
        out.append(f'{j - i}{s[i]}')
        i = j
    return ''.join(out)
def rle_decode(s):
    import re
    return ''.join(ch * int(n) for n, ch in re.findall(r'(\d+)(\D)', s))
for s in ['WWWWWWWWWWWWBWWWWWWWWWWWWBBBWWWWWWWWWWWWWWWWWWWWWWWWBWWWWWWWWWWWWWW', 'abc', '', 'aaaa']:
    e = rle_encode(s)
    print(repr(e), rle_decode(e) == s)
def vigenere(text, key, decrypt=False):
    out, ki = [], 0
    for ch in text:
        if ch.isalpha():
            base = ord('A') if ch.isupper() else ord('a')
            k = ord(key[ki % len(key)].lower()) - ord('a')
            out.append(chr((ord(ch) - base + (-k if decrypt else k)) % 26 + base))
            ki += 1
        else:
            out.append(ch)
    return ''.join(out)
v = vigenere('Hello, World', 'key')
print(v, vigenere(v, 'key', decrypt=True))
