//! Parallel moves: turning "all these locations move at once" into a sequence.
//!
//! Used for the loop's `jump` (new values into the input locations) and for call
//! arguments. A move is emitted once its destination is no longer needed as a source.
//! When only cycles remain, one source is saved to a temporary stack slot and the moves
//! that read it read the slot instead; the cycle then unwinds as a chain. Constants are
//! written last, since no move reads them. Stack-to-stack moves go through `r11`
//! (done by the emitter), so one temporary slot suffices.

use crate::regs::Loc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Src {
    Loc(Loc),
    /// A 64-bit constant (an f64 as its bits).
    Imm(u64),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub src: Src,
    pub dst: Loc,
}

/// Orders `moves` (destinations must be distinct) into a sequence of single moves
/// with the same effect. `temp` is a stack location no move reads or writes.
pub fn sequentialize(moves: &[Move], temp: Loc) -> Vec<Move> {
    let mut pending: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| matches!(m.src, Src::Loc(s) if s != m.dst))
        .collect();
    let mut out = Vec::with_capacity(moves.len() + 1);
    while !pending.is_empty() {
        let ready = pending
            .iter()
            .position(|m| !pending.iter().any(|o| o.src == Src::Loc(m.dst)));
        match ready {
            Some(k) => out.push(pending.remove(k)),
            None => {
                // Only cycles remain: save the destination of the first move.
                let d = pending[0].dst;
                out.push(Move {
                    src: Src::Loc(d),
                    dst: temp,
                });
                for o in pending.iter_mut() {
                    if o.src == Src::Loc(d) {
                        o.src = Src::Loc(temp);
                    }
                }
            }
        }
    }
    out.extend(
        moves
            .iter()
            .copied()
            .filter(|m| matches!(m.src, Src::Imm(_))),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Runs the sequence on a model machine where each location holds a token.
    fn simulate(seq: &[Move], init: &HashMap<Loc, u64>) -> HashMap<Loc, u64> {
        let mut m = init.clone();
        for mv in seq {
            let v = match mv.src {
                Src::Loc(l) => *m.get(&l).unwrap_or(&u64::MAX),
                Src::Imm(i) => i,
            };
            m.insert(mv.dst, v);
        }
        m
    }

    fn check(moves: &[Move]) {
        let temp = Loc::Stack(-8);
        let mut init = HashMap::new();
        let locs = all_locs();
        for (k, l) in locs.iter().enumerate() {
            init.insert(*l, 1000 + k as u64);
        }
        let seq = sequentialize(moves, temp);
        let fin = simulate(&seq, &init);
        for mv in moves {
            let want = match mv.src {
                Src::Loc(l) => init[&l],
                Src::Imm(i) => i,
            };
            assert_eq!(fin[&mv.dst], want, "moves {:?}\nseq {:?}", moves, seq);
        }
        // Locations that are not destinations keep their values.
        for l in &locs {
            if !moves.iter().any(|m| m.dst == *l) {
                assert_eq!(fin[l], init[l], "{:?} clobbered; seq {:?}", l, seq);
            }
        }
    }

    fn all_locs() -> Vec<Loc> {
        let mut v: Vec<Loc> = (0..6).map(Loc::Gpr).collect();
        v.extend((0..4).map(|k| Loc::Stack(8 * k)));
        v
    }

    fn mv(src: Loc, dst: Loc) -> Move {
        Move {
            src: Src::Loc(src),
            dst,
        }
    }

    #[test]
    fn swap_and_rotations() {
        let (a, b, c) = (Loc::Gpr(0), Loc::Gpr(1), Loc::Gpr(2));
        check(&[mv(a, b), mv(b, a)]);
        check(&[mv(a, b), mv(b, c), mv(c, a)]);
        check(&[mv(c, b), mv(b, a), mv(a, c)]);
        check(&[mv(a, a), mv(b, c)]);
    }

    #[test]
    fn fan_out_chains_and_constants() {
        let (a, b, c, s) = (Loc::Gpr(0), Loc::Gpr(1), Loc::Gpr(2), Loc::Stack(0));
        check(&[mv(a, b), mv(a, c), mv(b, s)]);
        check(&[
            mv(a, b),
            mv(b, a),
            Move {
                src: Src::Imm(7),
                dst: c,
            },
            mv(c, s),
        ]);
    }

    #[test]
    fn random_parallel_moves() {
        let locs = all_locs();
        let mut state = 0x9E3779B97F4A7C15u64;
        let mut rand = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..5000 {
            // A random injective assignment of destinations to sources.
            let mut dsts = locs.clone();
            let n = (rand() % locs.len() as u64) as usize + 1;
            let mut moves = Vec::new();
            for _ in 0..n {
                let di = (rand() % dsts.len() as u64) as usize;
                let dst = dsts.remove(di);
                let src = if rand() % 5 == 0 {
                    Src::Imm(rand() % 100)
                } else {
                    Src::Loc(locs[(rand() % locs.len() as u64) as usize])
                };
                moves.push(Move { src, dst });
            }
            check(&moves);
        }
    }
}
