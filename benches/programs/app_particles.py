# A class-heavy particle simulation: vector objects with operator methods,
# particles with positions and velocities, walls and pairwise-free gravity.
import sys


class Vec:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, other):
        return Vec(self.x + other.x, self.y + other.y)

    def __sub__(self, other):
        return Vec(self.x - other.x, self.y - other.y)

    def scale(self, k):
        return Vec(self.x * k, self.y * k)

    def dot(self, other):
        return self.x * other.x + self.y * other.y


class Particle:
    def __init__(self, pos, vel, mass):
        self.pos = pos
        self.vel = vel
        self.mass = mass

    def step(self, gravity, dt):
        self.vel = self.vel + gravity.scale(dt)
        self.pos = self.pos + self.vel.scale(dt)
        if self.pos.y < 0.0:
            self.pos = Vec(self.pos.x, -self.pos.y)
            self.vel = Vec(self.vel.x, -self.vel.y * 0.9)
        if self.pos.x < 0.0 or self.pos.x > 100.0:
            self.vel = Vec(-self.vel.x, self.vel.y)

    def energy(self, gravity):
        return 0.5 * self.mass * self.vel.dot(self.vel) - self.mass * gravity.dot(self.pos)


def main(n):
    particles = []
    x = 12345
    for i in range(200):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        particles.append(Particle(Vec(x % 100 * 1.0, (x >> 8) % 50 * 1.0), Vec(((x >> 4) % 21 - 10) * 0.5, 0.0), 1.0 + i % 3))
    gravity = Vec(0.0, -9.81)
    for _ in range(n):
        for p in particles:
            p.step(gravity, 0.01)
    print("%.6f" % sum(p.energy(gravity) for p in particles))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
