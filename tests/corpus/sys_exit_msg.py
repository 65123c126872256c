import sys
print('partial output')
sys.exit('fatal: configuration missing')
