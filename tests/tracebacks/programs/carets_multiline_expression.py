def compute(values):
    return (values[0] +
            values[1] +
            values[2])


compute([1, 2, None])
