import json
from dataclasses import dataclass, asdict, field
@dataclass
class Task:
    id: int
    title: str
    done: bool = False
    tags: list = field(default_factory=list)
tasks = [Task(1, 'write tests', tags=['dev']), Task(2, 'review', True), Task(3, 'ship "v1"', tags=['release', 'urgent'])]
payload = json.dumps({'version': 1, 'tasks': [asdict(t) for t in tasks]}, indent=2)
print(payload)
data = json.loads(payload)
restored = [Task(**t) for t in data['tasks']]
print(restored == tasks, restored[2])
pending = [t.title for t in restored if not t.done]
print(json.dumps(pending), json.dumps({'count': len(pending)}, sort_keys=True))
print(json.dumps({'float': 0.1 + 0.2, 'big': 2 ** 70, 'neg': -0.0, 'exp': 1e-10, 'list': [None, True]}))
