import sys
import traceback

名前 = {"键": 1}
try:
    print(名前["缺少"])
except KeyError:
    traceback.print_exc(file=sys.stdout)
値 = 名前["键"] + "文字"
