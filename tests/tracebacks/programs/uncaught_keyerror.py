settings = {"debug": True, "level": {"x": 1}}
print(settings["level"]["x"])
print(settings["level"]["y"])
