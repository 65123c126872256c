def ratio(part, whole):
    return (part * 100) // (whole or "none")


ratio(3, 0)
