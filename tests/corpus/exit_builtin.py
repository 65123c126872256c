print('calling exit()')
exit()
print('not reached')
