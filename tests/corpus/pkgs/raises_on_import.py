print('raises_on_import: running')
raise RuntimeError('module initialisation failed')
