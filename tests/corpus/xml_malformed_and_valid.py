import xml.etree.ElementTree as ET
import xml.parsers.expat as expat
import xml.dom.minidom as minidom
cases = ['<a><b></a>', '<a x=1/>', 'text', '', '<a>', '<a/><b/>', '<?xml version="1.0"?>\n<r>\n  <c a="1" a="2"/>\n</r>', '<a>&foo;</a>', b'<a>\xff</a>', '<a>&#0;</a>']
for c in cases:
    for name, f in [('ET', ET.fromstring), ('minidom', minidom.parseString)]:
        try:
            r = f(c)
            print(name, repr(c), 'ok', r.tag if name == 'ET' else r.documentElement.tagName)
        except Exception as e:
            print(name, repr(c), type(e).__module__, type(e).__name__, e, getattr(e, 'code', None), getattr(e, 'position', None), getattr(e, 'lineno', None), getattr(e, 'offset', None))
    p = expat.ParserCreate()
    try:
        p.Parse(c, True)
        print('expat ok')
    except expat.ExpatError as e:
        print('expat', e, e.code, e.lineno, e.offset, expat.ErrorString(e.code), p.ErrorCode, p.ErrorLineNumber, p.ErrorColumnNumber, p.ErrorByteIndex)
# valid docs
doc = '''<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE r [<!ENTITY e "ent">]>
<r xmlns="http://x/ns" xmlns:p="http://p/"><p:a k="v" p:k2="w">t&e;<![CDATA[<raw>]]><!--c--><?pi data?></p:a>tail<b/>é</r>'''
root = ET.fromstring(doc)
print(root.tag, root.attrib, [(c.tag, c.attrib, c.text, c.tail) for c in root])
print(ET.tostring(root))
d = minidom.parseString(doc)
print(d.toxml())
events = []
p = expat.ParserCreate(namespace_separator=' ')
for h in ['StartElementHandler','EndElementHandler','CharacterDataHandler','CommentHandler','ProcessingInstructionHandler','StartNamespaceDeclHandler','StartCdataSectionHandler','EndCdataSectionHandler','XmlDeclHandler','StartDoctypeDeclHandler','EntityDeclHandler']:
    setattr(p, h, lambda *a, h=h: events.append((h[:-7],) + a))
p.Parse(doc.encode(), True)
for e in events: print(e)
print(p.intern if isinstance(p.intern, dict) else p.intern)
print(expat.EXPAT_VERSION, expat.version_info, expat.native_encoding, expat.errors.XML_ERROR_TAG_MISMATCH, expat.errors.codes['mismatched tag'], expat.errors.messages[7], expat.model.XML_CTYPE_SEQ)
for chunked in [1, 3, 7]:
    p = ET.XMLParser()
    data = doc.encode()
    for i in range(0, len(data), chunked): p.feed(data[i:i+chunked])
    r = p.close()
    print(chunked, ET.tostring(r))
import io
print(ET.parse(io.BytesIO(doc.encode('utf-8'))).getroot().tag)
print([ (ev, el.tag) for ev, el in ET.iterparse(io.BytesIO(b'<a><b/><c>x</c></a>'), events=('start','end'))])
try:
    list(ET.iterparse(io.BytesIO(b'<a><b></a>')))
except ET.ParseError as e: print('iterparse', e, e.position)
p = expat.ParserCreate(); p.buffer_text = True; out = []
p.CharacterDataHandler = out.append
p.Parse('<a>x&amp;y<![CDATA[z]]>w</a>', True); print(out, p.buffer_size, p.buffer_used)
p = expat.ParserCreate('iso-8859-2'); out=[]; p.CharacterDataHandler = out.append
p.Parse(b'<a>\xb1</a>', True); print(out)
p = expat.ParserCreate(); out=[]; p.CharacterDataHandler = out.append
p.Parse(b'<?xml version="1.0" encoding="iso-8859-1"?><a>\xe9</a>', True); print(out)
p = expat.ParserCreate(); p.ordered_attributes = True; p.StartElementHandler = lambda n, a: print(n, a)
p.Parse('<a z="1" b="2" m="3"/>', True)
class F:
    def __init__(s): s.d = io.BytesIO(b'<a>' + b'<b>x</b>' * 2000 + b'</a>')
    def read(s, n): return s.d.read(n)
p = expat.ParserCreate(); cnt = [0]; p.StartElementHandler = lambda n, a: cnt.__setitem__(0, cnt[0]+1)
print(p.ParseFile(F()), cnt)
import xml.sax
class H(xml.sax.ContentHandler):
    def startElement(s, name, attrs): print('sax start', name, dict(attrs))
xml.sax.parseString(b'<a q="1"><b/></a>', H())
try: xml.sax.parseString(b'<a><b></a>', H())
except xml.sax.SAXParseException as e: print('sax', e, e.getLineNumber(), e.getColumnNumber())
try: expat.ParserCreate(namespace_separator='ab')
except ValueError as e: print(e)
try: expat.ParserCreate(intern=1)
except TypeError as e: print(e)
