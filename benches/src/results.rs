//! The results of a session as plain data: what the JSON file holds and what the
//! Markdown table and the chart are drawn from.

use crate::implementations::reference_name;
use crate::machine::Machine;
use crate::programs::{Program, Suite};
use crate::session::{Cell, Contender, Status};
use crate::stats::{geomean, summarize, Summary};
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize)]
pub struct Results {
    pub date: String,
    pub machine: Machine,
    /// The command that produced these results.
    pub command: String,
    pub repetitions: usize,
    pub timeout_s: f64,
    pub implementations: Vec<ImplementationInfo>,
    pub programs: Vec<ProgramResult>,
    pub geomeans: Vec<Geomean>,
}

#[derive(Serialize, Deserialize)]
pub struct ImplementationInfo {
    pub name: String,
    pub command: String,
    /// The executable actually started (launchers such as pyenv shims resolved).
    pub executable: String,
    pub version: String,
    pub unavailable: Option<String>,
}

#[derive(Serialize, Deserialize)]
pub struct ProgramResult {
    pub name: String,
    pub suite: Suite,
    pub size: Option<u64>,
    pub reference: String,
    pub results: Vec<CellResult>,
}

#[derive(Serialize, Deserialize)]
pub struct CellResult {
    pub implementation: String,
    pub status: Status,
    /// One entry per run that exited normally, in run order.
    pub wall_s: Vec<f64>,
    pub user_s: Vec<f64>,
    pub sys_s: Vec<f64>,
    pub max_rss_kib: Vec<u64>,
    pub wall: Option<Summary>,
    pub rss_mib: Option<Summary>,
    /// Reference median wall time / this median; only when both are correct.
    pub speedup: Option<f64>,
}

/// Geometric mean of one implementation's speedups over a set of programs.
#[derive(Serialize, Deserialize)]
pub struct Geomean {
    pub implementation: String,
    /// `None`: over all programs, each against its own suite's reference.
    pub suite: Option<Suite>,
    pub speedup: Option<f64>,
    /// The programs it is taken over (those that ran correctly).
    pub programs: Vec<String>,
    /// Programs the implementation was given but did not run correctly.
    pub excluded: Vec<String>,
}

impl ProgramResult {
    pub fn cell(&self, implementation: &str) -> Option<&CellResult> {
        self.results
            .iter()
            .find(|c| c.implementation == implementation)
    }
}

impl Results {
    pub fn geomean(&self, implementation: &str, suite: Option<Suite>) -> Option<&Geomean> {
        self.geomeans
            .iter()
            .find(|g| g.implementation == implementation && g.suite == suite)
    }
}

pub struct Header {
    pub date: String,
    pub machine: Machine,
    pub command: String,
    pub repetitions: usize,
    pub timeout_s: f64,
}

pub fn assemble(
    header: Header,
    programs: &[Program],
    sizes: &[Option<u64>],
    contenders: &[Contender],
    cells: &[Cell],
) -> Results {
    let program_results: Vec<ProgramResult> = programs
        .iter()
        .enumerate()
        .map(|(pi, program)| {
            let mut results: Vec<CellResult> = cells
                .iter()
                .filter(|c| c.program == pi)
                .map(|c| cell_result(c, contenders))
                .collect();
            let reference = reference_name(program.suite);
            let reference_median = results
                .iter()
                .find(|c| c.implementation == reference && c.status == Status::Ok)
                .and_then(|c| c.wall.map(|w| w.median));
            for c in &mut results {
                if c.status == Status::Ok {
                    c.speedup = reference_median.zip(c.wall).map(|(r, w)| r / w.median);
                }
            }
            ProgramResult {
                name: program.name.clone(),
                suite: program.suite,
                size: sizes[pi],
                reference: reference.to_string(),
                results,
            }
        })
        .collect();

    let mut geomeans = Vec::new();
    for contender in contenders {
        let name = contender.implementation.name;
        for suite in [Some(Suite::Pure), Some(Suite::Numpy), None] {
            let given: Vec<&ProgramResult> = program_results
                .iter()
                .filter(|p| suite.is_none_or(|s| p.suite == s))
                .filter(|p| {
                    p.cell(name)
                        .is_some_and(|c| !matches!(c.status, Status::Skipped { .. }))
                })
                .collect();
            if given.is_empty() {
                continue;
            }
            let (ran, excluded): (Vec<&ProgramResult>, Vec<&ProgramResult>) = given
                .into_iter()
                .partition(|p| p.cell(name).is_some_and(|c| c.speedup.is_some()));
            let speedups: Vec<f64> = ran.iter().filter_map(|p| p.cell(name)?.speedup).collect();
            geomeans.push(Geomean {
                implementation: name.to_string(),
                suite,
                speedup: geomean(&speedups),
                programs: ran.iter().map(|p| p.name.clone()).collect(),
                excluded: excluded.iter().map(|p| p.name.clone()).collect(),
            });
        }
    }

    Results {
        date: header.date,
        machine: header.machine,
        command: header.command,
        repetitions: header.repetitions,
        timeout_s: header.timeout_s,
        implementations: contenders
            .iter()
            .map(|c| ImplementationInfo {
                name: c.implementation.name.to_string(),
                command: c.implementation.describe(),
                executable: c.executable.to_string_lossy().into_owned(),
                version: c.version.clone(),
                unavailable: c.unavailable.clone(),
            })
            .collect(),
        programs: program_results,
        geomeans,
    }
}

fn cell_result(cell: &Cell, contenders: &[Contender]) -> CellResult {
    let wall_s: Vec<f64> = cell.runs.iter().map(|m| m.wall_s).collect();
    let rss_mib: Vec<f64> = cell
        .runs
        .iter()
        .map(|m| m.max_rss_kib as f64 / 1024.0)
        .collect();
    CellResult {
        implementation: contenders[cell.contender].implementation.name.to_string(),
        status: cell.status.clone(),
        wall: summarize(&wall_s),
        rss_mib: summarize(&rss_mib),
        user_s: cell.runs.iter().map(|m| m.user_s).collect(),
        sys_s: cell.runs.iter().map(|m| m.sys_s).collect(),
        max_rss_kib: cell.runs.iter().map(|m| m.max_rss_kib).collect(),
        wall_s,
        speedup: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::implementations::IMPLEMENTATIONS;
    use crate::machine::Machine;
    use crate::measure::{Exit, Measurement};
    use std::path::PathBuf;

    fn contender(name: &str) -> Contender {
        Contender {
            implementation: IMPLEMENTATIONS.iter().find(|i| i.name == name).unwrap(),
            executable: PathBuf::from(name),
            unavailable: None,
            version: String::new(),
            importable: Vec::new(),
        }
    }

    fn program(name: &str, suite: Suite) -> Program {
        Program {
            name: name.into(),
            path: PathBuf::new(),
            suite,
            default_size: None,
        }
    }

    fn cell(program: usize, contender: usize, status: Status, walls: &[f64]) -> Cell {
        Cell {
            program,
            contender,
            status,
            runs: walls
                .iter()
                .map(|&wall_s| Measurement {
                    wall_s,
                    user_s: wall_s,
                    sys_s: 0.0,
                    max_rss_kib: 2048,
                    exit: Exit::Code(0),
                })
                .collect(),
        }
    }

    #[test]
    fn speedups_use_the_suite_reference_and_geomeans_skip_failures() {
        let programs = [
            program("a", Suite::Pure),
            program("b", Suite::Pure),
            program("np_c", Suite::Numpy),
        ];
        let contenders = [
            contender("python3"),
            contender("cpython-numpy"),
            contender("hipy"),
        ];
        let cells = [
            cell(0, 0, Status::Ok, &[2.0, 2.2, 1.8]),
            cell(0, 2, Status::Ok, &[1.0, 1.0, 1.0]),
            cell(1, 0, Status::Ok, &[3.0]),
            cell(
                1,
                2,
                Status::Failed {
                    detail: "boom".into(),
                },
                &[],
            ),
            cell(2, 1, Status::Ok, &[4.0]),
            cell(2, 2, Status::Ok, &[0.5]),
        ];
        let header = Header {
            date: String::new(),
            machine: Machine::probe(),
            command: String::new(),
            repetitions: 3,
            timeout_s: 1.0,
        };
        let r = assemble(header, &programs, &[None, None, None], &contenders, &cells);
        assert_eq!(r.programs[0].cell("hipy").unwrap().speedup, Some(2.0));
        assert_eq!(r.programs[1].cell("hipy").unwrap().speedup, None);
        assert_eq!(r.programs[2].cell("hipy").unwrap().speedup, Some(8.0));
        let pure = r.geomean("hipy", Some(Suite::Pure)).unwrap();
        assert_eq!(pure.speedup, Some(2.0));
        assert_eq!(pure.programs, ["a"]);
        assert_eq!(pure.excluded, ["b"]);
        let all = r.geomean("hipy", None).unwrap();
        assert!((all.speedup.unwrap() - 4.0).abs() < 1e-12);
        let rss = r.programs[0].cell("hipy").unwrap().rss_mib.unwrap();
        assert_eq!(rss.median, 2.0);
        let md = crate::report::markdown(&r, Some("speedup.svg"));
        assert!(
            md.contains("| hipy | 2.00× (1) | 8.00× (1) | 4.00× (2) | b |"),
            "{md}"
        );
        let svg_path = std::env::temp_dir().join(format!("hipy-bench-{}.svg", std::process::id()));
        crate::chart::draw(&r, &svg_path).unwrap();
        let svg = std::fs::read_to_string(&svg_path).unwrap();
        let _ = std::fs::remove_file(&svg_path);
        for text in ["hipy", "np_c", "8.00×", "2.00×", "✗"] {
            assert!(svg.contains(text), "chart lacks {text}");
        }
    }
}
