print('importing pkgs.util as', __name__)
IMPORT_COUNT = 1
def fmt(value, unit=''):
    return f'{value:.2f}{unit}'
def _hidden():
    return 'hidden'
