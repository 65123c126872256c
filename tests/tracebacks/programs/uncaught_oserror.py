def read_config(path):
    with open(path) as f:
        return f.read()


read_config("definitely_missing_config.ini")
