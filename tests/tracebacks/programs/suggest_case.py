class Config:
    Verbose = True


print(Config.verbose)
