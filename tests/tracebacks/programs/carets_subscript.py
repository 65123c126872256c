import traceback


def show(func):
    try:
        func()
    except Exception:
        traceback.print_exc(limit=-1, file=__import__("sys").stdout)


data = {"users": [{"name": "ann"}], "count": 1}
show(lambda: data["users"][3])
show(lambda: data["users"][0]["age"])
show(lambda: data[ "missing" ])
show(lambda: data["count"][0])
show(lambda: data["users"][0:1][5])
print(data["users"][0]["email"])
