# A discrete-event simulation: a heap of timed events dispatched to handler objects
# of several classes (polymorphic calls), as in queueing and network simulators.
import heapq
import sys


class Handler:
    def __init__(self, name):
        self.name = name
        self.count = 0

    def handle(self, sim, t, payload):
        raise NotImplementedError


class Arrival(Handler):
    def handle(self, sim, t, payload):
        self.count += 1
        sim.queue_len += 1
        sim.schedule(t + 1 + payload % 3, sim.service, payload * 7 % 101)
        if payload % 4 == 0:
            sim.schedule(t + 2, self, payload + 1)


class Service(Handler):
    def handle(self, sim, t, payload):
        self.count += 1
        sim.queue_len -= 1
        sim.busy += payload % 5
        if payload % 3 == 0:
            sim.schedule(t + 1, sim.audit, payload)


class Audit(Handler):
    def handle(self, sim, t, payload):
        self.count += 1
        sim.audited += payload


class Sim:
    def __init__(self):
        self.heap = []
        self.seq = 0
        self.queue_len = 0
        self.busy = 0
        self.audited = 0
        self.arrival = Arrival("arrival")
        self.service = Service("service")
        self.audit = Audit("audit")

    def schedule(self, t, handler, payload):
        self.seq += 1
        heapq.heappush(self.heap, (t, self.seq, handler, payload))

    def run(self, limit):
        n = 0
        while self.heap and n < limit:
            t, _, handler, payload = heapq.heappop(self.heap)
            handler.handle(self, t, payload)
            n += 1
        return n


def main(n):
    sim = Sim()
    for i in range(n // 10):
        sim.schedule(i * 3, sim.arrival, i)
    done = sim.run(n)
    print(done, sim.queue_len, sim.busy, sim.audited, [h.count for h in (sim.arrival, sim.service, sim.audit)])


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300000)
