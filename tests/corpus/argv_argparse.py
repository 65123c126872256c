import argparse
parser = argparse.ArgumentParser(prog='tool', description='Demo tool')
parser.add_argument('files', nargs='+')
parser.add_argument('-n', '--count', type=int, default=1)
parser.add_argument('-v', '--verbose', action='store_true')
parser.add_argument('--mode', choices=['fast', 'slow'], default='fast')
parser.add_argument('--tag', action='append', default=[])
args = parser.parse_args()
print(args)
print(vars(args))
for f in args.files:
    print(f * args.count if args.verbose else f)
print(parser.format_usage(), end='')
try:
    parser.parse_args(['--count', 'x', 'f'])
except SystemExit as e:
    print('SystemExit', e.code)
