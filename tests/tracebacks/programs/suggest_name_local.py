def summarize(values):
    total_sum = sum(values)
    return total_summ / len(values)


summarize([1, 2, 3])
