from enum import Enum, auto
class State(Enum):
    IDLE = auto()
    RUNNING = auto()
    PAUSED = auto()
    STOPPED = auto()
TRANSITIONS = {
    (State.IDLE, 'start'): State.RUNNING,
    (State.RUNNING, 'pause'): State.PAUSED,
    (State.PAUSED, 'resume'): State.RUNNING,
    (State.RUNNING, 'stop'): State.STOPPED,
    (State.PAUSED, 'stop'): State.STOPPED,
}
class Machine:
    def __init__(self):
        self.state = State.IDLE
        self.trail = [self.state.name]
    def fire(self, event):
        key = (self.state, event)
        if key not in TRANSITIONS:
            raise ValueError(f'cannot {event!r} while {self.state.name}')
        self.state = TRANSITIONS[key]
        self.trail.append(self.state.name)
m = Machine()
for ev in ['start', 'pause', 'pause', 'resume', 'stop', 'start']:
    try:
        m.fire(ev)
        print(f'{ev:>7} -> {m.state}')
    except ValueError as e:
        print(f'{ev:>7} !! {e}')
print(' > '.join(m.trail))
def traffic_light():
    while True:
        for color, secs in (('green', 3), ('yellow', 1), ('red', 2)):
            for _ in range(secs):
                yield color
print(list(__import__('itertools').islice(traffic_light(), 8)))
