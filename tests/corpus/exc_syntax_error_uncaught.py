print('this line is never printed')
values = [1, 2, 3
total = sum(values)
print(total)
