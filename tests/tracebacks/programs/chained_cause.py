class ConfigError(Exception):
    pass


def load(data):
    try:
        return data["port"]
    except KeyError as e:
        raise ConfigError("port missing") from e


load({})
