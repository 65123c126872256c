import sys

print("exiting")
sys.exit("fatal: configuration missing")
