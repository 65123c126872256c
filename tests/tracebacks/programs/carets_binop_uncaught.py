def ratio(part, whole):
    return (part * 100) // (whole - whole)


ratio(3, 4)
