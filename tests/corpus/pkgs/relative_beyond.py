from ... import something
