def check(values):
    assert len(values) > 3, f"need more than 3 values, got {len(values)}"
    return values


check([1, 2, 3, 4])
check([1])
