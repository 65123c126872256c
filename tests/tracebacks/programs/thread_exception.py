import threading


def worker():
    data = {}
    return data["job"]


t = threading.Thread(target=worker, name="Worker-1")
t.start()
t.join()
print("main continues")
