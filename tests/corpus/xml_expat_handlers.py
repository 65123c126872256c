import xml.parsers.expat as expat, xml.etree.ElementTree as ET, io
p = expat.ParserCreate()
def h(*a): 1/0
p.StartElementHandler = h
try: p.Parse(b'<a><b/>', False)
except ZeroDivisionError as e: print('ZDE', e)
print(p.StartElementHandler)
try: p.Parse(b'</a>', True)
except expat.ExpatError as e: print(e, e.code)
src = b'<?xml version="1.0"?>\n<root>\n  <item>1</item>\n  <item>2</oops>\n</root>\n'
try: ET.parse(io.BytesIO(src))
except ET.ParseError as e: print(type(e).__name__, e, e.code, e.position)
p = expat.ParserCreate()
ctx = []
p.StartElementHandler = lambda n, a: ctx.append((p.GetInputContext(), p.CurrentLineNumber, p.CurrentColumnNumber, p.CurrentByteIndex))
p.Parse(b'<a>\n <b x="1"/>\n</a>', True); print(ctx, p.GetInputContext())
p = expat.ParserCreate(); print(p.buffer_text, p.buffer_size, p.namespace_prefixes, p.ordered_attributes, p.specified_attributes)
try: p.buffer_size = 0
except ValueError as e: print(e)
try: p.buffer_size = 'x'
except TypeError as e: print(e)
p.buffer_size = 16; print(p.buffer_text)
p = expat.ParserCreate(); p.Parse(b'<a>', False)
try: p.Parse(b'', True)
except expat.ExpatError as e: print(e)
try: p.Parse(b'<b/>', True)
except expat.ExpatError as e: print(e)
print(expat.ErrorString(7), expat.ErrorString(999))
p = expat.ParserCreate(namespace_separator='!'); p.namespace_prefixes = True
p.StartElementHandler = lambda n, a: print(n, a)
p.Parse(b'<x:a xmlns:x="u" x:k="v"/>', True)
try: expat.ParserCreate().Parse(b'<a xmlns:x="u"><y:b/></a>', True)
except expat.ExpatError as e: print(e)
try: expat.ParserCreate(namespace_separator='}').Parse(b'<a><y:b/></a>', True)
except expat.ExpatError as e: print(e)
print(type(expat.ParserCreate()).__name__, expat.XMLParserType, expat.ExpatError, expat.error is expat.ExpatError)
p = expat.ParserCreate()
p.StartDoctypeDeclHandler = lambda *a: print('doctype', a)
p.ElementDeclHandler = lambda *a: print('eldecl', a)
p.AttlistDeclHandler = lambda *a: print('attlist', a)
p.NotationDeclHandler = lambda *a: print('notation', a)
p.UnparsedEntityDeclHandler = lambda *a: print('unparsed', a)
p.Parse(b'''<!DOCTYPE doc [
<!ELEMENT doc (a|b)*>
<!ELEMENT a (#PCDATA|b)*>
<!ELEMENT b EMPTY>
<!ATTLIST a id ID #REQUIRED x CDATA "d">
<!NOTATION gif SYSTEM "image/gif">
<!ENTITY pic SYSTEM "p.gif" NDATA gif>
]><doc/>''', True)
p = expat.ParserCreate()
p.DefaultHandler = lambda s: print('default', repr(s))
p.Parse(b'<a>x&amp;<!--c--></a>', True)
from xml.dom import minidom
d = minidom.parseString('<a><b id="1">t</b><!-- c --></a>')
print(d.documentElement.toprettyxml())
try: minidom.parseString('<a><b></a>')
except expat.ExpatError as e: print('minidom', e, e.lineno, e.offset)
import xml.dom.pulldom
for ev, node in xml.dom.pulldom.parseString('<a><b/></a>'): print(ev, node.nodeName)
import plistlib
print(plistlib.loads(plistlib.dumps({'a': [1, 2.5, 'x', True]})))
p = expat.ParserCreate()
try: p.Parse(12)
except TypeError as e: print(e)
try: p.ParseFile(1)
except TypeError as e: print(e)
p = expat.ParserCreate('bogus-enc')
try: p.Parse(b'<a/>', True)
except Exception as e: print(type(e).__name__, e)
