//! Runs one child process and measures it: wall time, CPU time and peak RSS (from
//! `wait4`), with a time limit.

use std::fs::File;
use std::io;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
pub struct Measurement {
    pub wall_s: f64,
    pub user_s: f64,
    pub sys_s: f64,
    /// Peak resident set size of the child, in KiB (`ru_maxrss` on Linux).
    pub max_rss_kib: u64,
    pub exit: Exit,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exit {
    Code(i32),
    Signal(i32),
    TimedOut,
}

pub struct Run<'a> {
    pub argv: &'a [String],
    pub env: &'a [(&'a str, &'a str)],
    pub stdout: &'a Path,
    pub stderr: &'a Path,
    pub timeout: Duration,
}

/// Spawns `run.argv` in its own process group, with stdout and stderr sent to files,
/// and waits for it. Past `run.timeout` the whole group is killed.
pub fn measure(run: &Run) -> io::Result<Measurement> {
    let (program, args) = run
        .argv
        .split_first()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "empty command"))?;
    let mut command = Command::new(program);
    command
        .args(args)
        .envs(run.env.iter().copied())
        .stdin(Stdio::null())
        .stdout(File::create(run.stdout)?)
        .stderr(File::create(run.stderr)?)
        .process_group(0);

    let start = Instant::now();
    let child = command.spawn()?;
    let pid = child.id() as libc::pid_t;
    // The child stays a zombie (unreaped) until `exited` is set, so the watchdog can
    // never signal a recycled pid.
    let exited = (Mutex::new(false), Condvar::new());
    let mut timed_out = false;
    let wall = std::thread::scope(|scope| {
        let watchdog = scope.spawn(|| {
            let (lock, cvar) = &exited;
            let guard = lock.lock().unwrap_or_else(|e| e.into_inner());
            let (guard, _) = cvar
                .wait_timeout_while(guard, run.timeout, |done| !*done)
                .unwrap_or_else(|e| e.into_inner());
            if !*guard {
                // SAFETY: plain syscall; the group id is the unreaped child's pid.
                unsafe { libc::kill(-pid, libc::SIGKILL) };
                return true;
            }
            false
        });
        let waited = wait_exited_without_reaping(pid);
        let wall = start.elapsed();
        {
            let (lock, cvar) = &exited;
            *lock.lock().unwrap_or_else(|e| e.into_inner()) = true;
            cvar.notify_all();
        }
        timed_out = watchdog.join().unwrap_or(false);
        waited.map(|_| wall)
    });
    let wall = match wall {
        Ok(wall) => wall,
        Err(e) => {
            // Do not leave the child running or unreaped.
            unsafe { libc::kill(-pid, libc::SIGKILL) };
            let _ = reap(pid);
            return Err(e);
        }
    };
    let (status, usage) = reap(pid)?;
    drop(child);

    let exit = if timed_out {
        Exit::TimedOut
    } else {
        let status = ExitStatus::from_raw(status);
        match (status.code(), status.signal()) {
            (Some(code), _) => Exit::Code(code),
            (None, Some(sig)) => Exit::Signal(sig),
            (None, None) => Exit::Code(-1),
        }
    };
    Ok(Measurement {
        wall_s: wall.as_secs_f64(),
        user_s: timeval_s(usage.ru_utime),
        sys_s: timeval_s(usage.ru_stime),
        max_rss_kib: u64::try_from(usage.ru_maxrss).unwrap_or(0),
        exit,
    })
}

/// Blocks until `pid` has exited but leaves it a zombie (`WNOWAIT`).
fn wait_exited_without_reaping(pid: libc::pid_t) -> io::Result<()> {
    loop {
        // SAFETY: `info` is a plain C struct the kernel fills in.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        let rc = unsafe {
            libc::waitid(
                libc::P_PID,
                pid as libc::id_t,
                &mut info,
                libc::WEXITED | libc::WNOWAIT,
            )
        };
        if rc == 0 {
            return Ok(());
        }
        let err = io::Error::last_os_error();
        if err.kind() != io::ErrorKind::Interrupted {
            return Err(err);
        }
    }
}

/// Reaps `pid`, returning its wait status and resource usage.
fn reap(pid: libc::pid_t) -> io::Result<(i32, libc::rusage)> {
    loop {
        let mut status = 0;
        // SAFETY: `usage` is a plain C struct the kernel fills in.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let rc = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if rc == pid {
            return Ok((status, usage));
        }
        let err = io::Error::last_os_error();
        if err.kind() != io::ErrorKind::Interrupted {
            return Err(err);
        }
    }
}

fn timeval_s(t: libc::timeval) -> f64 {
    t.tv_sec as f64 + t.tv_usec as f64 * 1e-6
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str, timeout_ms: u64) -> (Measurement, String) {
        let dir = std::env::temp_dir().join(format!("hipy-bench-measure-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join(format!("{:x}.out", script.len() as u64 * 31 + timeout_ms));
        let err = out.with_extension("err");
        let argv = vec!["/bin/sh".to_string(), "-c".to_string(), script.to_string()];
        let m = measure(&Run {
            argv: &argv,
            env: &[("HIPY_BENCH_TEST", "42")],
            stdout: &out,
            stderr: &err,
            timeout: Duration::from_millis(timeout_ms),
        })
        .unwrap();
        (m, std::fs::read_to_string(&out).unwrap())
    }

    #[test]
    fn captures_output_env_and_exit_code() {
        let (m, out) = sh("echo $HIPY_BENCH_TEST; exit 3", 10_000);
        assert_eq!(out, "42\n");
        assert_eq!(m.exit, Exit::Code(3));
        assert!(m.max_rss_kib > 0);
    }

    #[test]
    fn times_out_and_kills_the_group() {
        let (m, _) = sh("sleep 5 & sleep 5; wait", 200);
        assert_eq!(m.exit, Exit::TimedOut);
        assert!(m.wall_s < 2.0, "{}", m.wall_s);
    }

    #[test]
    fn measures_wall_time() {
        let (m, _) = sh("sleep 0.3", 10_000);
        assert_eq!(m.exit, Exit::Code(0));
        assert!(m.wall_s >= 0.29 && m.wall_s < 2.0, "{}", m.wall_s);
    }

    #[test]
    fn missing_executable_is_an_error() {
        let argv = vec!["/nonexistent/hipy".to_string()];
        let r = measure(&Run {
            argv: &argv,
            env: &[],
            stdout: Path::new("/dev/null"),
            stderr: Path::new("/dev/null"),
            timeout: Duration::from_secs(1),
        });
        assert!(r.is_err());
    }
}
