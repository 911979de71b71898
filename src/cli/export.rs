//! `steerlab export`: a tuned built-in law as code in another language, with its test
//! vectors and the generated test that replays them (docs/export.md).

use super::input::{check_output, inputs_of, load, Failure};
use super::seconds_arg;
use std::path::{Path, PathBuf};
use steerlab::export::{self, Lang};
use steerlab::guidance::Algorithm;

#[derive(clap::Args)]
pub struct ExportArgs {
    /// Scenario file (or a shipped scenario's name, or a link): its tuning of the law is
    /// baked into the code, and a run of it gives the test vectors.
    file: PathBuf,
    /// The law to export (a built-in's id; `steerlab export --help` lists them below).
    #[arg(long)]
    algorithm: String,
    /// The language: cs (C#, Unity), gd (GDScript, Godot 4), cpp (C++, Unreal), rs (Rust,
    /// Bevy or macroquad) or ts (TypeScript).
    #[arg(long, value_parser = lang_arg)]
    lang: Lang,
    /// Write the code to this file (default: print it).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Write the test vectors (CSV) to this file.
    #[arg(long, value_name = "CSV")]
    vectors: Option<PathBuf>,
    /// Write the generated test that replays the vectors to this file (beside the code).
    #[arg(long, requires = "vectors")]
    test: Option<PathBuf>,
    /// Seconds of the scenario the vectors cover (at most 5,000 steps are kept).
    #[arg(long, value_parser = seconds_arg, allow_hyphen_values = true)]
    seconds: Option<f64>,
    /// Where the web build is served: the code's header carries the link to the tuning
    /// there (as `steerlab link` prints it; none for a recording, which a link cannot
    /// carry).
    #[arg(long, default_value = super::link::WEB_BASE)]
    base: String,
}

fn lang_arg(text: &str) -> Result<Lang, String> {
    Lang::from_id(text)
}

pub fn export(args: ExportArgs) -> Result<(), Failure> {
    let scenario = load(&args.file)?;
    let algorithm = Algorithm::from_id(&args.algorithm).ok_or_else(|| {
        Failure::Input(format!(
            "--algorithm: no law `{}` (exportable: {})",
            steerlab::core::text::quote(&args.algorithm),
            export::exportable().join(", ")
        ))
    })?;
    if let Some(why) = export::refusal(algorithm) {
        return Err(Failure::Input(format!("--algorithm: {why}")));
    }
    let mut inputs = inputs_of(&args.file, &scenario);
    let outputs: Vec<&PathBuf> = [&args.out, &args.vectors, &args.test]
        .into_iter()
        .flatten()
        .collect();
    for out in &outputs {
        check_output(out, &inputs)?;
        // No output may be another: each is an input of the ones after it.
        inputs.push(out.to_path_buf());
    }
    let link = match steerlab::recording::is_recording(&args.file) {
        true => None,
        false => Some(super::link::link_to(&args.file, &scenario, &args.base)?),
    };
    let seconds = args.seconds.unwrap_or(export::VECTOR_SECONDS);
    let name = |p: &Path| {
        p.file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
    };
    let law_file = args
        .out
        .as_deref()
        .map_or_else(|| args.lang.file_name(algorithm.id()), name);
    // Every part is made before any is written: a failure leaves no files behind.
    let (code, proof) = match &args.vectors {
        None => {
            let code = export::code(algorithm, &scenario, args.lang, link.as_deref())
                .map_err(Failure::Internal)?;
            (code, None)
        }
        Some(vectors) => {
            let files = export::files(
                &scenario,
                algorithm,
                args.lang,
                link.as_deref(),
                seconds,
                (&law_file, &name(vectors)),
            )
            .map_err(Failure::Input)?;
            (files.code, Some((files.vectors, files.test)))
        }
    };
    let inputs = inputs_of(&args.file, &scenario);
    match &args.out {
        Some(out) => write(out, &inputs, &code)?,
        None => print_code(&code)?,
    }
    if let (Some(path), Some((vectors, test))) = (&args.vectors, proof) {
        write(path, &inputs, &vectors)?;
        if let Some(test_path) = &args.test {
            write(test_path, &inputs, &test)?;
        }
    }
    Ok(())
}

/// Prints the code; a reader that stops early (`| head`) is not a failure.
fn print_code(code: &str) -> Result<(), Failure> {
    use std::io::Write;
    match std::io::stdout().lock().write_all(code.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(Failure::Internal(format!("cannot print the code: {e}")))
        }
        _ => Ok(()),
    }
}

fn write(path: &Path, inputs: &[PathBuf], text: &str) -> Result<(), Failure> {
    steerlab::files::write_output(path, inputs, |w| w.write_all(text.as_bytes()))
        .map_err(|e| Failure::Input(e.to_string()))
}
