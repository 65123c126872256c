def fail(msg, note):
    try:
        raise ValueError(msg)
    except ValueError as e:
        e.add_note(note)
        return e


eg = ExceptionGroup("with notes", [fail("a", "note for a"), fail("b", "two\nlines")])
eg.add_note("group note")
raise eg
