class Node:
    def __init__(self):
        self.children = []


n = Node()
n.childs.append(1)
