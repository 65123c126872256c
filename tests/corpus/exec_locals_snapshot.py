# exec() without namespaces inside a function writes to the dict that
# locals() returns (PEP 667 changed this in 3.13: each call is a snapshot).
def g():
    exec('new_name = 5')
    return locals().get('new_name', 'absent')
print(g())
def h():
    ns = locals()
    exec('other = 6', globals(), ns)
    return ns['other']
print(h())
