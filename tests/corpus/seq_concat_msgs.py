try:
    print(() + "")
except TypeError as e:
    print(e)
try:
    print([] + "")
except TypeError as e:
    print(e)
x=()
try:
    x += "a"
except TypeError as e:
    print(e)
