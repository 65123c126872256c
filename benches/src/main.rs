//! hipy's benchmark runner: runs the programs in `benches/programs/` under hipy and its
//! peers, side by side on this machine, checks every output against CPython's, and
//! writes a JSON file, a Markdown report and an SVG chart.
//!
//! `cargo run --release --ignore-rust-version -p hipy-benches -- --help`

mod chart;
mod contenders;
mod implementations;
mod machine;
mod measure;
mod programs;
mod report;
mod results;
mod session;
mod stats;
mod venv;

use clap::{Arg, ArgAction, ArgMatches, Command};
use implementations::{reference_name, Implementation, Paths, IMPLEMENTATIONS};
use programs::{Program, Suite};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

/// `benches/`
fn benches_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `$CARGO_TARGET_DIR`, or `target/` in the workspace.
fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => {
            let benches = benches_dir();
            benches.parent().unwrap_or(&benches).join("target")
        }
    }
}

fn cli() -> Command {
    let names: Vec<&str> = IMPLEMENTATIONS.iter().map(|i| i.name).collect();
    Command::new("hipy-benches")
        .about("Runs the benchmark programs under hipy, CPython, PyPy and RustPython side by side")
        .arg(Arg::new("programs").num_args(0..).value_name("PROGRAM")
            .help("Programs to run: `loops`, `loops.py` or a prefix such as `np_*` (default: all)"))
        .arg(Arg::new("repetitions").short('n').long("repetitions").default_value("5")
            .value_parser(clap::value_parser!(usize)).help("Runs per program and implementation"))
        .arg(Arg::new("impl").short('i').long("impl").action(ArgAction::Append).value_delimiter(',')
            .value_parser(clap::builder::PossibleValuesParser::new(names))
            .help("Implementations to run (repeatable; default: all). The CPython references are always run"))
        .arg(Arg::new("suite").long("suite").value_parser(["pure", "numpy"])
            .help("Only pure-Python programs, or only numpy/pandas ones"))
        .arg(Arg::new("size").long("size").action(ArgAction::Append).value_name("N|PROGRAM=N")
            .help("Size argument for every program, or for one program (repeatable); default: each program's own"))
        .arg(Arg::new("timeout").long("timeout").default_value("120").value_name("SECONDS")
            .value_parser(clap::value_parser!(f64)).help("Kill a run after this many seconds"))
        .arg(Arg::new("out").short('o').long("out").value_name("DIR")
            .help("Output directory (default: $CARGO_TARGET_DIR/bench-results or target/bench-results)"))
        .arg(Arg::new("publish").long("publish").action(ArgAction::SetTrue)
            .help("Also write benches/RESULTS.md, benches/results.json and benches/speedup.svg"))
        .arg(Arg::new("hipy").long("hipy").env("HIPY_BIN").value_name("PATH")
            .help("hipy binary (default: $CARGO_TARGET_DIR/release/hipy or target/release/hipy)"))
        .arg(Arg::new("venv").long("venv").env("HIPY_BENCH_VENV").value_name("DIR")
            .help("Venv with numpy and pandas for the CPython reference (default: benches/.venv)"))
        .arg(Arg::new("setup-venv").long("setup-venv").action(ArgAction::SetTrue)
            .help("Create the venv (see --venv) with numpy and pandas, then exit"))
        .arg(Arg::new("render").long("render").value_name("RESULTS_JSON")
            .help("Redraw the report and chart from a results.json (with --publish: into benches/), running nothing"))
        .arg(Arg::new("list").long("list").action(ArgAction::SetTrue)
            .help("List programs and implementations, then exit"))
}

fn main() -> ExitCode {
    let args = cli().get_matches();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hipy-benches: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &ArgMatches) -> Result<(), String> {
    let venv_dir = args
        .get_one::<String>("venv")
        .map(PathBuf::from)
        .unwrap_or_else(|| benches_dir().join(".venv"));
    if args.get_flag("setup-venv") {
        return venv::setup(&venv_dir);
    }
    let hipy = args
        .get_one::<String>("hipy")
        .map(PathBuf::from)
        .unwrap_or_else(|| target_dir().join("release").join("hipy"));

    let programs_dir = benches_dir().join("programs");
    let all = programs::discover(&programs_dir)
        .map_err(|e| format!("reading {}: {e}", programs_dir.display()))?;
    let programs = select_programs(args, all)?;
    let sizes = sizes(args, &programs)?;
    let implementations = select_implementations(args, &programs);

    if args.get_flag("list") {
        for (p, size) in programs.iter().zip(&sizes) {
            println!(
                "program {:<18} {:<13} size {}",
                p.name,
                p.suite.label(),
                size.map_or("default".into(), |s| s.to_string())
            );
        }
        for i in &implementations {
            println!("implementation {:<16} {}", i.name, i.describe());
        }
        println!("hipy binary: {}", hipy.display());
        println!("numpy venv:  {}", venv_dir.display());
        return Ok(());
    }

    let out_dir = args
        .get_one::<String>("out")
        .map(PathBuf::from)
        .unwrap_or_else(|| target_dir().join("bench-results"));
    std::fs::create_dir_all(&out_dir)
        .map_err(|e| format!("creating {}: {e}", out_dir.display()))?;
    if let Some(json) = args.get_one::<String>("render") {
        let text = std::fs::read_to_string(json).map_err(|e| format!("reading {json}: {e}"))?;
        let results: results::Results =
            serde_json::from_str(&text).map_err(|e| format!("parsing {json}: {e}"))?;
        return publish(&results, &out_dir, args.get_flag("publish"));
    }

    let (hipy, hipy_origin) = contenders::snapshot_hipy(&hipy, &out_dir)
        .map_err(|e| format!("copying {}: {e}", hipy.display()))?;
    let paths = Paths {
        hipy,
        venv_python: venv::python(&venv_dir),
        hipy_origin,
    };
    let date = machine::utc_now();
    let machine = machine::Machine::probe();
    let contenders = contenders::prepare(&implementations, &paths, &out_dir.join("probe"))
        .map_err(|e| format!("probing implementations: {e}"))?;
    for c in &contenders {
        match &c.unavailable {
            Some(reason) => eprintln!("{:<16} UNAVAILABLE: {reason}", c.implementation.name),
            None => eprintln!("{:<16} {}", c.implementation.name, c.version),
        }
    }

    let repetitions = *args.get_one::<usize>("repetitions").unwrap_or(&5);
    let timeout_s = *args.get_one::<f64>("timeout").unwrap_or(&120.0);
    if repetitions == 0 || !(timeout_s > 0.0) {
        return Err("--repetitions and --timeout must be positive".into());
    }
    let session = session::Session {
        programs: &programs,
        sizes: &sizes,
        contenders: &contenders,
        paths: &paths,
        repetitions,
        timeout: Duration::from_secs_f64(timeout_s),
        log_dir: out_dir.join("logs"),
    };
    let cells = session.run().map_err(|e| format!("running: {e}"))?;
    if paths.hipy_origin.is_some() {
        // The snapshot of the hipy binary is large and no longer needed.
        let _ = std::fs::remove_file(&paths.hipy);
    }
    let mut machine = machine;
    machine.load_at_end = machine::load_average();

    let header = results::Header {
        date,
        machine,
        command: command_line(),
        repetitions,
        timeout_s,
    };
    let results = results::assemble(header, &programs, &sizes, &contenders, &cells);
    publish(&results, &out_dir, args.get_flag("publish"))
}

/// Writes the outputs into `out_dir` (and into `benches/` if `publish`), and prints the
/// report.
fn publish(results: &results::Results, out_dir: &Path, publish: bool) -> Result<(), String> {
    write_outputs(results, out_dir, "results.md")?;
    if publish {
        write_outputs(results, &benches_dir(), "RESULTS.md")?;
    }
    print!("{}", report::markdown(results, None));
    eprintln!("results written to {}", out_dir.display());
    Ok(())
}

/// Writes `results.json`, `speedup.svg` and the Markdown report into `dir`.
fn write_outputs(
    results: &results::Results,
    dir: &Path,
    markdown_name: &str,
) -> Result<(), String> {
    let write = |name: &str, text: String| {
        let path = dir.join(name);
        std::fs::write(&path, text).map_err(|e| format!("writing {}: {e}", path.display()))
    };
    let json = serde_json::to_string_pretty(results).map_err(|e| e.to_string())?;
    write("results.json", json + "\n")?;
    let svg = dir.join("speedup.svg");
    let chart = match chart::draw(results, &svg) {
        Ok(()) => Some("speedup.svg"),
        Err(e) => {
            eprintln!("hipy-benches: chart not drawn: {e}");
            None
        }
    };
    write(markdown_name, report::markdown(results, chart))
}

fn select_programs(args: &ArgMatches, all: Vec<Program>) -> Result<Vec<Program>, String> {
    let selectors: Vec<&String> = args
        .get_many::<String>("programs")
        .into_iter()
        .flatten()
        .collect();
    for s in &selectors {
        if !all.iter().any(|p| p.matches(s)) {
            return Err(format!("no program matches {s:?}"));
        }
    }
    let suite = args.get_one::<String>("suite").map(|s| {
        if s == "pure" {
            Suite::Pure
        } else {
            Suite::Numpy
        }
    });
    let chosen: Vec<Program> = all
        .into_iter()
        .filter(|p| selectors.is_empty() || selectors.iter().any(|s| p.matches(s)))
        .filter(|p| suite.is_none_or(|s| p.suite == s))
        .collect();
    if chosen.is_empty() {
        return Err("no programs selected".into());
    }
    Ok(chosen)
}

/// Each program's size: `--size PROGRAM=N`, else `--size N`, else the program's default.
fn sizes(args: &ArgMatches, programs: &[Program]) -> Result<Vec<Option<u64>>, String> {
    let mut global = None;
    let mut specific: Vec<(String, u64)> = Vec::new();
    for spec in args.get_many::<String>("size").into_iter().flatten() {
        let parse = |n: &str| {
            n.replace('_', "")
                .parse::<u64>()
                .map_err(|_| format!("bad --size {spec:?}"))
        };
        match spec.split_once('=') {
            Some((name, n)) => specific.push((name.trim_end_matches(".py").to_string(), parse(n)?)),
            None => global = Some(parse(spec)?),
        }
    }
    Ok(programs
        .iter()
        .map(|p| {
            specific
                .iter()
                .rev()
                .find(|(name, _)| *name == p.name)
                .map(|(_, n)| *n)
                .or(global)
                .or(p.default_size)
        })
        .collect())
}

/// The implementations asked for, plus the references of the selected programs' suites,
/// restricted to those that run any selected program; in table order.
fn select_implementations(args: &ArgMatches, programs: &[Program]) -> Vec<&'static Implementation> {
    let asked: Option<Vec<&String>> = args.get_many::<String>("impl").map(|v| v.collect());
    IMPLEMENTATIONS
        .iter()
        .filter(|i| programs.iter().any(|p| i.covers(p.suite)))
        .filter(|i| {
            let is_reference = programs.iter().any(|p| reference_name(p.suite) == i.name);
            is_reference
                || asked
                    .as_ref()
                    .is_none_or(|a| a.iter().any(|n| *n == i.name))
        })
        .collect()
}

/// The command as a user would retype it.
fn command_line() -> String {
    let quote = |s: &str| {
        if !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_./=,:+*".contains(c))
        {
            s.to_string()
        } else {
            format!("'{}'", s.replace('\'', r"'\''"))
        }
    };
    let mut words = Vec::new();
    if let Some(dir) = std::env::var_os("CARGO_TARGET_DIR") {
        words.push(format!(
            "CARGO_TARGET_DIR={}",
            quote(&dir.to_string_lossy())
        ));
    }
    words.push("cargo run --release --ignore-rust-version -p hipy-benches --".to_string());
    words.extend(std::env::args().skip(1).map(|a| quote(&a)));
    words.join(" ")
}
