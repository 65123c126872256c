//! hipy's emulation of NumPy's `argsort(kind="quicksort")` against the
//! permutations NumPy 2.4 returned on an AVX-512 machine (hashes recorded
//! by `tests/data/record_npsort.py`): ties must come out in NumPy's order.

use hipy_lazy::table::exec::npsort::{argsort, argsort_generic};

fn gen(seed: u64, n: usize, m: u64) -> Vec<u64> {
    let mut x = seed;
    (0..n)
        .map(|_| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (x >> 33) % m
        })
        .collect()
}

fn fnv(perm: &[usize]) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for &p in perm {
        h ^= p as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    h
}

#[test]
fn argsort_matches_numpy() {
    let data = include_str!("data/npsort_cases.txt");
    let mut failures = Vec::new();
    let mut total = 0;
    for line in data.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        let (kind, seed, n, m, want): (&str, u64, usize, u64, u64) =
            (f[0], f[1].parse().unwrap(), f[2].parse().unwrap(), f[3].parse().unwrap(), f[4].parse().unwrap());
        let raw = gen(seed, n, m);
        let perm = match kind {
            "i64" => argsort(&raw.iter().map(|&v| v as i64 - (m / 3) as i64).collect::<Vec<i64>>()),
            "f64" => argsort(&raw.iter().map(|&v| v as f64 * 0.25 - m as f64 / 8.0).collect::<Vec<f64>>()),
            _ => argsort_generic(&raw.iter().map(|&v| v % 2 == 1).collect::<Vec<bool>>()),
        };
        total += 1;
        if fnv(&perm) != want {
            failures.push(format!("{kind} seed={seed} n={n} mod={m}"));
        }
    }
    assert!(failures.is_empty(), "{} of {total} differ from NumPy:\n{}", failures.len(), failures.join("\n"));
}
