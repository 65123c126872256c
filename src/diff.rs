//! `hipy diff [--python PATH] script.py [args...]`: runs a script under hipy
//! (`<this executable> run script.py args...`) and under CPython (`python3`,
//! or `PATH`) with the same arguments and the same standard input, then
//! prints `identical`, or a unified diff of each part (stdout, stderr, exit
//! status) that differs. Exit status: 0 identical, 1 different, 2 usage or
//! start-up error.

use std::io::{IsTerminal, Read, Write};
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};

const USAGE: &str = "\
usage: hipy diff [--python PATH] script.py [args...]

Runs script.py under hipy and under CPython with the same arguments and the
same standard input, and compares stdout, stderr and the exit status.
Prints 'identical' (exit 0) or a unified diff of each differing part (exit 1).

options (before the script):
  --python PATH   the CPython to compare with (default: python3)
  -h, --help      show this message
";

#[derive(Debug, PartialEq)]
enum Request {
    Help,
    Compare { python: String, script: String, script_args: Vec<String> },
}

pub fn main(args: &[String]) -> ExitCode {
    let (python, script, script_args) = match parse_args(args) {
        Ok(Request::Help) => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Ok(Request::Compare { python, script, script_args }) => (python, script, script_args),
        Err(message) => {
            eprint!("hipy diff: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match compare(&python, &script, &script_args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(message) => {
            eprintln!("hipy diff: {message}");
            ExitCode::from(2)
        }
    }
}

fn parse_args(args: &[String]) -> Result<Request, String> {
    let mut python = "python3".to_string();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "-h" | "--help" => return Ok(Request::Help),
            "--python" => match rest.next() {
                Some(path) => python = path.clone(),
                None => return Err("--python needs a path".to_string()),
            },
            "--" => break,
            _ if arg.starts_with("--python=") => python = arg["--python=".len()..].to_string(),
            _ if arg.starts_with('-') && arg.len() > 1 => return Err(format!("unknown option {arg}")),
            _ => {
                return Ok(Request::Compare {
                    python,
                    script: arg.clone(),
                    script_args: rest.cloned().collect(),
                })
            }
        }
    }
    match rest.next() {
        Some(script) => Ok(Request::Compare { python, script: script.clone(), script_args: rest.cloned().collect() }),
        None => Err("no script given".to_string()),
    }
}

/// Runs both implementations; `Ok(true)` when everything is identical.
fn compare(python: &str, script: &str, script_args: &[String]) -> Result<bool, String> {
    let stdin = read_stdin()?;
    let hipy = std::env::current_exe().map_err(|e| format!("cannot find the hipy executable: {e}"))?;

    let mut reference = Command::new(python);
    reference.arg(script).args(script_args);
    let reference = run(reference, &stdin).map_err(|e| format!("cannot run {python}: {e}"))?;
    let mut ours = Command::new(&hipy);
    ours.arg("run").arg(script).args(script_args);
    let ours = run(ours, &stdin).map_err(|e| format!("cannot run {}: {e}", hipy.display()))?;

    let label = Path::new(python).file_name().map_or(python.into(), |name| name.to_string_lossy());
    let parts = [
        ("stdout", reference.stdout, ours.stdout),
        ("stderr", reference.stderr, ours.stderr),
        ("status", reference.status.into_bytes(), ours.status.into_bytes()),
    ];
    let mut identical = true;
    let mut out = std::io::stdout().lock();
    for (part, theirs, mine) in &parts {
        if theirs != mine {
            identical = false;
            let diff = similar::TextDiff::from_lines(&printable(theirs), &printable(mine))
                .unified_diff()
                .context_radius(3)
                .header(&format!("{label} {part}"), &format!("hipy {part}"))
                .to_string();
            let _ = out.write_all(diff.as_bytes());
        }
    }
    if identical {
        let _ = writeln!(out, "identical");
    }
    Ok(identical)
}

/// Standard input, read once to give to both runs; nothing when it is a
/// terminal (reading it would wait for the user).
fn read_stdin() -> Result<Vec<u8>, String> {
    let mut input = Vec::new();
    let stdin = std::io::stdin();
    if !stdin.is_terminal() {
        stdin.lock().read_to_end(&mut input).map_err(|e| format!("cannot read stdin: {e}"))?;
    }
    Ok(input)
}

struct Outcome {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    /// "exit status N" or "killed by signal N", with a newline.
    status: String,
}

fn run(mut cmd: Command, stdin: &[u8]) -> std::io::Result<Outcome> {
    let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn()?;
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.to_vec();
    // A program may exit without reading its input; that is not an error.
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output()?;
    let _ = writer.join();
    Ok(Outcome { stdout: output.stdout, stderr: output.stderr, status: describe(output.status) })
}

fn describe(status: std::process::ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("exit status {code}\n");
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("killed by signal {signal}\n");
        }
    }
    format!("{status}\n")
}

/// Output as text; bytes that are not UTF-8 are shown as `\xNN`.
fn printable(bytes: &[u8]) -> String {
    let mut text = String::new();
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        for byte in chunk.invalid() {
            text.push_str(&format!("\\x{byte:02x}"));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn compare(python: &str, script: &str, rest: &[&str]) -> Request {
        Request::Compare { python: python.into(), script: script.into(), script_args: args(rest) }
    }

    #[test]
    fn options_come_before_the_script() {
        assert_eq!(parse_args(&args(&["a.py", "--python", "x"])), Ok(compare("python3", "a.py", &["--python", "x"])));
        assert_eq!(parse_args(&args(&["--python", "/usr/bin/py", "a.py", "1"])), Ok(compare("/usr/bin/py", "a.py", &["1"])));
        assert_eq!(parse_args(&args(&["--python=py3", "a.py"])), Ok(compare("py3", "a.py", &[])));
        assert_eq!(parse_args(&args(&["--", "-weird.py", "-v"])), Ok(compare("python3", "-weird.py", &["-v"])));
        assert_eq!(parse_args(&args(&["--help"])), Ok(Request::Help));
    }

    #[test]
    fn usage_errors() {
        assert!(parse_args(&args(&[])).is_err());
        assert!(parse_args(&args(&["--python"])).is_err());
        assert!(parse_args(&args(&["--python", "py"])).is_err());
        assert!(parse_args(&args(&["-x", "a.py"])).is_err());
    }

    #[test]
    fn invalid_utf8_is_escaped() {
        assert_eq!(printable(b"ok \xff\n"), "ok \\xff\n");
    }
}
