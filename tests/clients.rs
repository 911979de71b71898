//! The live link's clients (clients/, docs/live.md), each run against `steerlab live`:
//! it flies the demo engagement, steerlab sets its `gain` to 6, and the test checks that
//! steerlab's recording equals the CSV the client wrote offline, number for number, and
//! that both equal the demo recomputed here from its description (so the `set` took
//! effect from the tick the client said). The Rust client runs in `cargo test`; the
//! others need their toolchains, which `.ci/run` installs, and are run there
//! (`cargo test --test clients -- --include-ignored`).

use std::path::Path;
use std::process::{Child, Command};

mod live_common;
#[path = "../clients/rust/examples/demo.rs"]
mod rust_demo;

/// `steerlab live` on a free port, recording to `record`, setting `gain` to 6.
struct Live {
    child: Child,
    port: u16,
}

impl Live {
    fn start(record: &Path) -> Live {
        let args = [
            "--listen",
            "0",
            "--set",
            "gain=6",
            "--seconds",
            "120",
            "--record",
        ];
        let mut all: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_ref()).collect();
        all.push(record.as_os_str());
        let (child, port) = live_common::start(&all);
        Live { child, port }
    }

    /// Waits for `live` to end (it does once the game has left); its stdout and stderr.
    fn finish(self) -> (String, String) {
        let out = self.child.wait_with_output().unwrap();
        assert!(out.status.success(), "{out:?}");
        (
            String::from_utf8_lossy(&out.stdout).into(),
            String::from_utf8_lossy(&out.stderr).into(),
        )
    }
}

/// A CSV's rows (comment lines left out), header first.
fn rows(path: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .comment(Some(b'#'))
        .from_reader(text.as_bytes());
    reader
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect()
}

/// One row the demo sends: tick, time, id, kind, label, and x, y, vx, vy, heading, ax,
/// ay, seen_x, seen_y.
type DemoRow = (u64, f64, u64, &'static str, &'static str, [Option<f64>; 9]);

/// What the demo of docs/live.md sends, with `gain` 6 from tick `set_at`: per row the
/// tick, time, id, kind, label, x, y, vx, vy, heading, ax, ay, seen_x, seen_y (None: an
/// empty cell; headings computed with atan2, compared within 1e-12).
fn demo_rows(set_at: u64) -> Vec<DemoRow> {
    let dt = 1.0f64 / 60.0;
    let (mut tx, mut ty, tvx, tvy) = (400.0f64, 300.0f64, -60.0f64, 20.0f64);
    let (mut mx, mut my, mut vx, mut vy) = (0.0f64, 0.0f64, 150.0f64, 0.0f64);
    let mut rows = Vec::new();
    for t in 0..240u64 {
        let gain = if t >= set_at { 6.0 } else { 2.0 };
        let (sx, sy) = (tx, ty);
        let (ox, oy) = (tx - mx, ty - my);
        let d = (ox * ox + oy * oy).sqrt();
        let (ax, ay) = (
            (ox * (150.0 / d) - vx) * gain,
            (oy * (150.0 / d) - vy) * gain,
        );
        vx += ax * dt;
        vy += ay * dt;
        mx += vx * dt;
        my += vy * dt;
        tx += tvx * dt;
        ty += tvy * dt;
        let time = t as f64 * (1.0 / 60.0);
        rows.push((
            t,
            time,
            1,
            "target",
            "",
            [
                Some(tx),
                Some(ty),
                Some(tvx),
                Some(tvy),
                Some(tvy.atan2(tvx)),
                None,
                None,
                None,
                None,
            ],
        ));
        rows.push((
            t,
            time,
            7,
            "missile",
            "chaser",
            [
                Some(mx),
                Some(my),
                Some(vx),
                Some(vy),
                Some(vy.atan2(vx)),
                Some(ax),
                Some(ay),
                Some(sx),
                Some(sy),
            ],
        ));
    }
    rows
}

/// Runs a client against `steerlab live` (`run` gets the port and the offline CSV's
/// path) and checks the three agree; what `steerlab live` printed.
fn check_client(name: &str, run: impl FnOnce(u16, &Path)) -> String {
    let dir = tempfile::tempdir().unwrap();
    let (record, offline) = (dir.path().join("live.csv"), dir.path().join("offline.csv"));
    let live = Live::start(&record);
    run(live.port, &offline);
    let (stdout, stderr) = live.finish();
    let recorded = rows(&record);
    let sent = rows(&offline);
    assert_eq!(recorded[0], sent[0], "{name}: headers");
    assert_eq!(
        recorded.len(),
        sent.len(),
        "{name}: rows\n{stdout}\n{stderr}"
    );
    for (k, (a, b)) in recorded.iter().zip(&sent).enumerate().skip(1) {
        for (column, (u, v)) in recorded[0].iter().zip(a.iter().zip(b)) {
            let same = match (u.parse::<f64>(), v.parse::<f64>()) {
                (Ok(x), Ok(y)) => x.to_bits() == y.to_bits(),
                _ => u == v,
            };
            assert!(same, "{name}: row {k} {column}: recorded {u}, sent {v}");
        }
    }
    let text = std::fs::read_to_string(&record).unwrap();
    let set_at: u64 = text
        .lines()
        .find_map(|l| l.strip_prefix("# applied gain = 6 from tick "))
        .unwrap_or_else(|| panic!("{name}: no `set` applied\n{stdout}\n{stderr}"))
        .parse()
        .unwrap();
    assert!(set_at < 200, "{name}: the set came at tick {set_at}");
    assert!(stdout.contains("round trip"), "{stdout}");
    let expected = demo_rows(set_at);
    assert_eq!(recorded.len() - 1, expected.len(), "{name}: rows");
    for (row, (tick, time, id, kind, label, numbers)) in recorded[1..].iter().zip(&expected) {
        let at = format!("{name}: tick {tick} {kind}");
        assert_eq!(row[0], tick.to_string(), "{at}");
        assert_eq!(row[1].parse::<f64>().unwrap(), *time, "{at}: time");
        assert_eq!(row[2], id.to_string(), "{at}");
        assert_eq!((row[3].as_str(), row[4].as_str()), (*kind, *label), "{at}");
        for (k, expected) in numbers.iter().enumerate() {
            let cell = &row[5 + k];
            let column = &recorded[0][5 + k];
            match expected {
                None => assert_eq!(cell, "", "{at}: {column}"),
                Some(v) if column == "heading" => {
                    assert!(
                        (cell.parse::<f64>().unwrap() - v).abs() <= 1e-12,
                        "{at}: {column} {cell} vs {v}"
                    )
                }
                Some(v) => assert_eq!(cell.parse::<f64>().unwrap(), *v, "{at}: {column}"),
            }
        }
    }
    // The set changed the flight: without it the missile would be elsewhere at the end.
    let unset = demo_rows(u64::MAX);
    assert_ne!(unset.last().unwrap().5[0], expected.last().unwrap().5[0]);
    stdout
}

#[test]
fn the_rust_client_streams_the_demo_and_takes_a_set() {
    check_client("rust", |port, offline| {
        rust_demo::fly("127.0.0.1", port, offline.to_str().unwrap()).unwrap();
    });
}

/// Runs a command (a client's demo) with HOST PORT OUT.csv after its arguments.
fn demo_command(program: &str, args: &[&str]) -> impl FnOnce(u16, &Path) {
    demo_command_with(program, args, &[])
}

/// [`demo_command`] with environment variables.
fn demo_command_with(
    program: &str,
    args: &[&str],
    env: &[(&str, &str)],
) -> impl FnOnce(u16, &Path) {
    let (program, args): (String, Vec<String>) =
        (program.into(), args.iter().map(|a| a.to_string()).collect());
    let env: Vec<(String, String)> = env
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    move |port, offline| {
        let status = Command::new(&program)
            .args(&args)
            .envs(env)
            .arg("127.0.0.1")
            .arg(port.to_string())
            .arg(offline)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .status()
            .unwrap_or_else(|e| panic!("cannot run {program}: {e}"));
        assert!(status.success(), "{program} {args:?}: {status}");
    }
}

/// A scratch folder for a client's build, removed when the test ends.
fn scratch() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("steerlab-clients-")
        .tempdir()
        .unwrap()
}

#[test]
#[ignore = "needs python3; .ci/run runs it"]
fn the_python_client_streams_the_demo_and_takes_a_set() {
    check_client(
        "python",
        demo_command("python3", &["clients/python/demo.py"]),
    );
}

#[test]
#[ignore = "needs node; .ci/run runs it"]
fn the_javascript_client_streams_the_demo_and_takes_a_set() {
    check_client("js", demo_command("node", &["clients/js/demo.mjs"]));
}

#[test]
#[ignore = "needs node; .ci/run runs it"]
fn the_javascript_client_streams_over_websocket_as_a_browser_game_would() {
    let printed = check_client(
        "js over WebSocket",
        demo_command_with(
            "node",
            &["--experimental-websocket", "clients/js/demo.mjs"],
            &[("STEERLAB_WEBSOCKET", "1")],
        ),
    );
    assert!(printed.contains("(WebSocket)"), "{printed}");
}

#[test]
#[ignore = "needs mono (mono-mcs, mono-runtime); .ci/run runs it"]
fn the_unity_clients_core_streams_the_demo_and_takes_a_set() {
    let scratch = scratch();
    let exe = scratch.path().join("demo.exe");
    let built = Command::new("mcs")
        .args(["-nologo", "-warnaserror"])
        .arg(format!("-out:{}", exe.display()))
        .args(["clients/unity/SteerlabLink.cs", "clients/unity/Demo.cs"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .expect("mcs runs");
    assert!(built.success());
    check_client("c#", demo_command("mono", &[exe.to_str().unwrap()]));
}

#[test]
#[ignore = "needs g++; .ci/run runs it"]
fn the_unreal_clients_core_streams_the_demo_and_takes_a_set() {
    let scratch = scratch();
    let exe = scratch.path().join("demo-cpp");
    let built = Command::new("g++")
        .args(["-std=c++17", "-O2", "-Wall", "-Wextra", "-Werror", "-o"])
        .arg(&exe)
        .arg("clients/unreal/demo.cpp")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .expect("g++ runs");
    assert!(built.success());
    check_client("c++", demo_command(exe.to_str().unwrap(), &[]));
}

#[test]
#[ignore = "needs godot3 and xvfb-run; .ci/run runs it"]
fn the_godot_clients_core_streams_the_demo_and_takes_a_set() {
    // Godot 3 runs the core shared with the Godot 4 node (clients/godot/steerlab_core.gd);
    // `--path` keeps Godot's logs out of the repository.
    check_client(
        "godot",
        demo_command(
            "xvfb-run",
            &[
                "-a",
                "godot3",
                "--no-window",
                "--audio-driver",
                "Dummy",
                "--path",
                "clients/godot",
                "-s",
                "demo3.gd",
            ],
        ),
    );
}
