config = {'servers': [{'name': 'a', 'ports': [80, 443]}]}
print(config['servers'][0]['ports'][1])
print(config['servers'][0]['ports'][2])
