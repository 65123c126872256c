import warnings
def old_api():
    warnings.warn('old_api is deprecated, use new_api', DeprecationWarning, stacklevel=2)
    return 1
def checks():
    warnings.warn('this might be a problem')
    warnings.warn('runtime issue', RuntimeWarning)
print('start')
checks()
old_api()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    old_api()
    warnings.warn('recorded', UserWarning)
print([(w.category.__name__, str(w.message)) for w in caught])
warnings.simplefilter('error', UserWarning)
try:
    warnings.warn('now an error')
except UserWarning as e:
    print('UserWarning raised:', e)
warnings.resetwarnings()
warnings.simplefilter('ignore')
warnings.warn('ignored entirely')
print('end')
