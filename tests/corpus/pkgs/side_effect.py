counter = globals().get('counter', 0) + 1
print('side_effect executed, counter =', counter)
