//! `steerlab gif`: a shipped scenario by name to a GIF of the right frames and size, in
//! either layout; each bad argument refused (exit 2) naming its flag; an output that
//! cannot be written, or that is the input, refused naming the file.

mod cli_common;
use cli_common::*;

/// The frame count and logical screen of a GIF file.
fn frames_and_size(path: &Path) -> (usize, (u16, u16)) {
    let bytes = std::fs::read(path).unwrap();
    let mut decoder = gif::DecodeOptions::new().read_info(&bytes[..]).unwrap();
    let size = (decoder.width(), decoder.height());
    let mut frames = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        frames += 1;
    }
    (frames, size)
}

#[test]
fn a_shipped_scenario_becomes_a_gif_in_either_layout() {
    let dir = temp_dir("gif-ok");
    let out = dir.join("default.gif");
    let args = ["gif", "default", "--seconds", "1.5", "--fps", "12"];
    let size = ["--size", "200x120", "--out", out.to_str().unwrap()];
    let run_out = run(&[&args[..], &size[..]].concat());
    assert_code(&run_out, 0, "overlay");
    assert!(
        stdout(&run_out).contains("18 frames of 200x120 at 12 fps"),
        "{}",
        stdout(&run_out)
    );
    assert_eq!(frames_and_size(&out), (18, (200, 120)));
    let split = dir.join("split.gif");
    let run_out = run(&[
        "gif",
        "default",
        "--seconds",
        "0.5",
        "--layout",
        "split",
        "--size",
        "100x80",
        "--out",
        split.to_str().unwrap(),
    ]);
    assert_code(&run_out, 0, "split");
    // The default's eight algorithms, one panel each; 0.5 s at the default 20 fps.
    assert_eq!(frames_and_size(&split), (10, (800, 80)));
    // No temporary file is left beside the outputs.
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["default.gif", "split.gif"]);
}

#[test]
fn bad_arguments_are_refused_naming_their_flag() {
    let dir = temp_dir("gif-bad");
    let out = dir.join("x.gif");
    let out = out.to_str().unwrap();
    for (extra, flag) in [
        (&["--fps", "0"][..], "--fps"),
        (&["--fps", "51"], "--fps"),
        (&["--fps", "twenty"], "--fps"),
        (&["--seconds", "0"], "--seconds"),
        (&["--seconds", "-2"], "--seconds"),
        (&["--seconds", "121"], "--seconds"),
        (&["--seconds", "NaN"], "--seconds"),
        (&["--size", "10x10"], "--size"),
        (&["--size", "640"], "--size"),
        (&["--size", "3000x400"], "--size"),
        (&["--layout", "grid"], "--layout"),
    ] {
        let mut args = vec!["gif", "default", "--out", out];
        args.extend(extra);
        let result = run(&args);
        assert_code(&result, 2, &format!("{extra:?}"));
        assert!(
            stderr(&result).contains(flag),
            "{extra:?}: {}",
            stderr(&result)
        );
    }
    let result = run(&["gif", "default"]);
    assert_code(&result, 2, "no --out");
    assert!(stderr(&result).contains("--out"), "{}", stderr(&result));
    // Eight panels of 1100 pixels are wider than a GIF of ours may be.
    let result = run(&[
        "gif", "default", "--layout", "split", "--size", "1100x400", "--out", out,
    ]);
    assert_code(&result, 2, "too wide");
    assert!(
        stderr(&result).contains("8800 pixels wide"),
        "{}",
        stderr(&result)
    );
    assert!(!Path::new(out).exists(), "nothing written");
}

#[test]
fn an_output_that_cannot_be_written_or_is_the_input_is_refused_naming_it() {
    let dir = temp_dir("gif-out");
    let missing = dir.join("no-such-dir").join("x.gif");
    let result = run(&[
        "gif",
        "default",
        "--seconds",
        "0.2",
        "--out",
        missing.to_str().unwrap(),
    ]);
    assert_code(&result, 2, "missing directory");
    assert!(
        stderr(&result).contains(missing.to_str().unwrap()),
        "{}",
        stderr(&result)
    );
    let input = dir.join("scenario.ron");
    std::fs::write(&input, presets::shipped("default").unwrap()).unwrap();
    let input = input.to_str().unwrap();
    let result = run(&["gif", input, "--seconds", "0.2", "--out", input]);
    assert_code(&result, 2, "the input");
    assert!(
        stderr(&result).contains("is the input"),
        "{}",
        stderr(&result)
    );
    assert_eq!(
        std::fs::read_to_string(input).unwrap(),
        presets::shipped("default").unwrap()
    );
    let result = run(&["gif", "no-such-scenario.ron", "--out", "x.gif"]);
    assert_code(&result, 2, "a missing scenario");
}
