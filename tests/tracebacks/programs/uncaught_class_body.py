class Config:
    name = "demo"
    size = len(name)
    ratio = size / (size - 4)
