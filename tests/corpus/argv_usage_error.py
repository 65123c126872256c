import argparse
parser = argparse.ArgumentParser(prog='strict')
parser.add_argument('number', type=int)
args = parser.parse_args()
print('unreachable', args)
