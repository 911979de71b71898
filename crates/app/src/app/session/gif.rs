//! The panel's GIF export: the scenario drawn frame by frame into an animated GIF
//! ([`crate::headless::gif`]), a slice of each frame in the window's thread (the same on
//! the desktop and in the browser, which has no threads), then written through
//! [`crate::files::write_output`] (in the browser, a download).

use super::slice::{now, BUDGET};
use crate::core::overlay::Overlays;
use crate::headless::gif::{GifJob, GifLayout, GifOptions};
use crate::scenario::Scenario;
use std::path::{Path, PathBuf};

/// A GIF being drawn, and where it goes.
struct Export {
    job: GifJob,
    path: PathBuf,
    /// The files the open scenario was read from: never written over.
    inputs: Vec<PathBuf>,
}

/// The panel's GIF export.
#[derive(Default)]
pub struct GifExport {
    running: Option<Export>,
}

impl GifExport {
    /// Starts drawing `seconds` of `scenario` into `path` with `overlays` (what the
    /// view shows), a running export dropped.
    pub fn start(
        &mut self,
        scenario: &Scenario,
        (split, overlays): (bool, &Overlays),
        seconds: f64,
        path: &Path,
        inputs: Vec<PathBuf>,
    ) -> Result<(), String> {
        let options = GifOptions {
            seconds,
            overlays: Some(overlays.clone()),
            layout: if split {
                GifLayout::Split
            } else {
                GifLayout::Overlay
            },
            ..GifOptions::default()
        };
        // A bad output is refused now, not after the drawing.
        crate::files::check_output(path, &inputs).map_err(|e| e.to_string())?;
        let job = GifJob::new(scenario, &options)?;
        self.running = Some(Export {
            job,
            path: path.to_path_buf(),
            inputs,
        });
        Ok(())
    }

    /// Frames drawn and frames in all, while drawing.
    pub fn progress(&self) -> Option<(u32, u32)> {
        let export = self.running.as_ref()?;
        Some((export.job.done(), export.job.frames()))
    }

    pub fn cancel(&mut self) {
        self.running = None;
    }

    /// Draws for a slice of this frame; once every frame is drawn, writes the file and
    /// says what happened (`Ok`: what was written).
    pub fn poll(&mut self) -> Option<Result<String, String>> {
        let export = self.running.as_mut()?;
        let until = now() + BUDGET;
        while !export.job.is_finished() && now() < until {
            if let Err(why) = export.job.step(1) {
                self.running = None;
                return Some(Err(why));
            }
        }
        if !export.job.is_finished() {
            return None;
        }
        let Export { job, path, inputs } = self.running.take()?;
        let frames = job.frames();
        let (width, height) = job.size();
        let result = job.finish().and_then(|bytes| {
            crate::files::write_output(&path, &inputs, |out| out.write_all(&bytes))
                .map_err(|e| format!("could not save {e}"))
                .map(|()| {
                    format!(
                        "wrote {} ({frames} frames, {width} x {height}, {} KB)",
                        path.display(),
                        bytes.len() / 1024
                    )
                })
        });
        Some(result)
    }
}
