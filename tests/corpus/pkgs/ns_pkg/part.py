NAME = 'namespace part'
