//! A run as an animated GIF, drawn frame by frame from a fixed-tick simulation (never
//! from the screen, so it plays smoothly whatever the machine), in memory: pure Rust,
//! no threads, no files, so the command line, the window and a browser build all use
//! it. [`render_gif`] makes the whole GIF; a [`GifJob`] makes it a few frames per call,
//! for a caller that must stay responsive between them.
//!
//! Frame `k` shows the worlds at simulated time `k / fps` (the tick nearest to it), so
//! the GIF lasts `seconds` and has `round(seconds * fps)` frames. GIF delays are whole
//! hundredths of a second: when `100 / fps` is not whole, the delays alternate (at 30
//! fps: 3, 4, 3, 3, 4, 3, ... hundredths) so that the GIF still lasts `seconds`. Viewers
//! slow frames shorter than 2 hundredths down to 10, hence at most 50 frames per second.
//! The GIF loops forever.
//!
//! Layouts, as the window's compare mode: [`GifLayout::Overlay`] is the scenario as it
//! is, every algorithm in one world and one picture; [`GifLayout::Split`] is one world
//! per compared algorithm, each restricted to it, side by side with the same camera
//! (the picture is panels x width wide). Each panel is the scene the window draws
//! ([`crate::scene`]), with the overlays asked for, less its text (no font). The camera fits the scene at the start (what
//! the window's "fit" shows; a scenario's own view zoom is in the window's pixels and is
//! not used). Inputs given in the window (a dragged target) are not in the GIF: it runs
//! the scenario from its start.

mod draw;
mod encode;
mod lanes;

use crate::core::overlay::Overlays;
use crate::scenario::camera::{scene_bounds, Camera, Pane};
use crate::scenario::Scenario;
use encode::{Palette, Writer};
pub use lanes::GifLayout;
use lanes::Lane;

/// Most frames per second (GIF viewers slow shorter delays than 2 hundredths down).
pub const MAX_FPS: u32 = 50;
/// The longest GIF, in simulated seconds.
pub const MAX_SECONDS: f64 = 120.0;
/// Smallest and largest side of a panel, in pixels.
pub const MIN_SIDE: u32 = 64;
pub const MAX_SIDE: u32 = 2048;
/// The widest picture (all the split layout's panels), in pixels.
pub const MAX_WIDTH: u32 = 8192;

/// What GIF to make.
#[derive(Clone, Debug, PartialEq)]
pub struct GifOptions {
    /// Simulated seconds shown, above 0 and at most [`MAX_SECONDS`].
    pub seconds: f64,
    /// Frames per second, 1 to [`MAX_FPS`].
    pub fps: u32,
    /// Size of one panel in pixels, each side [`MIN_SIDE`] to [`MAX_SIDE`].
    pub width: u32,
    pub height: u32,
    pub layout: GifLayout,
    /// Seconds of trail behind each missile and target (0 to 60).
    pub trail_seconds: f32,
    /// The overlays drawn (none: the scenario's `view.overlays`, else the window's
    /// defaults). Labels and the legend are text: a GIF has none.
    pub overlays: Option<Overlays>,
}

impl Default for GifOptions {
    fn default() -> Self {
        Self {
            seconds: 10.0,
            fps: 20,
            width: 640,
            height: 400,
            layout: GifLayout::Overlay,
            trail_seconds: 3.0,
            overlays: None,
        }
    }
}

impl GifOptions {
    /// Every problem of the options, or none.
    pub fn check(&self) -> Result<(), String> {
        if !(1..=MAX_FPS).contains(&self.fps) {
            return Err(format!(
                "fps: expected 1 to {MAX_FPS} frames per second, found {}",
                self.fps
            ));
        }
        if !(self.seconds.is_finite() && self.seconds > 0.0 && self.seconds <= MAX_SECONDS) {
            return Err(format!(
                "seconds: expected above 0 and at most {MAX_SECONDS}, found {}",
                self.seconds
            ));
        }
        for (name, side) in [("width", self.width), ("height", self.height)] {
            if !(MIN_SIDE..=MAX_SIDE).contains(&side) {
                return Err(format!(
                    "{name}: expected {MIN_SIDE} to {MAX_SIDE} pixels, found {side}"
                ));
            }
        }
        if !(self.trail_seconds.is_finite() && (0.0..=60.0).contains(&self.trail_seconds)) {
            return Err(format!(
                "trail_seconds: expected 0 to 60, found {}",
                self.trail_seconds
            ));
        }
        Ok(())
    }

    /// The number of frames: `seconds * fps`, rounded, at least 1.
    pub fn frames(&self) -> u32 {
        (self.seconds * f64::from(self.fps)).round().max(1.0) as u32
    }

    /// How long frame `k` is shown, in hundredths of a second (see the module's doc).
    pub fn delay(&self, k: u32) -> u16 {
        let at = |k: u32| (100.0 * f64::from(k) / f64::from(self.fps)).round() as u64;
        (at(k + 1) - at(k)) as u16
    }
}

/// A GIF being made, frame by frame.
pub struct GifJob {
    options: GifOptions,
    overlays: Overlays,
    lanes: Vec<Lane>,
    camera: Camera,
    palette: Palette,
    writer: Writer,
    /// Ticks per second of the worlds.
    tick_rate: f64,
    /// Ticks of trail kept.
    keep: u64,
    frames: u32,
    done: u32,
    /// One panel, RGB.
    rgb: Vec<u8>,
    /// The whole picture, palette indices.
    picture: Vec<u8>,
}

impl GifJob {
    /// Builds the worlds and starts the GIF. Fails on bad options, a scenario that does
    /// not build, or a split picture wider than [`MAX_WIDTH`].
    pub fn new(scenario: &Scenario, options: &GifOptions) -> Result<Self, String> {
        options.check()?;
        let lanes = lanes::lanes(scenario, options.layout)?;
        let panels = lanes.len() as u32;
        let width = options.width * panels;
        if width > MAX_WIDTH {
            return Err(format!(
                "{panels} panels of {} pixels make a picture {width} pixels wide, above \
                 {MAX_WIDTH}: choose a narrower size",
                options.width
            ));
        }
        let pane = Pane {
            x: 0.0,
            y: 0.0,
            w: options.width as f32,
            h: options.height as f32,
        };
        let (mut lo, mut hi) = scene_bounds(&lanes[0].world);
        for lane in &lanes[1..] {
            let (l, h) = scene_bounds(&lane.world);
            (lo, hi) = (lo.min(l), hi.max(h));
        }
        let camera = Camera::fit_bounds(lo, hi, pane);
        let mut inks = vec![
            crate::palette::BOUNDS,
            crate::palette::TARGET,
            crate::palette::LAUNCHER,
            crate::palette::BLAST,
            crate::palette::DIM_TEXT,
        ];
        inks.extend(
            lanes::algorithms(&lanes)
                .into_iter()
                .map(|a| crate::palette::from_rgb8(a.color(), 1.0)),
        );
        inks.extend([
            crate::palette::FLARE,
            crate::palette::GROUND,
            crate::palette::GRID,
            crate::palette::DEATH_LINE,
            crate::palette::DANGER,
        ]);
        // Only in scenes that have them: every other GIF keeps its palette.
        let world = &lanes[0].world;
        if !world.obstacles().is_empty() {
            inks.extend([crate::palette::TERRAIN, crate::palette::OBSTACLE]);
        }
        if !world.crowds().is_empty() {
            inks.push(crate::palette::AGENT);
        }
        let palette = Palette::new(crate::palette::PANE, &inks);
        let writer = Writer::new(width as u16, options.height as u16, &palette)?;
        let tick_rate = f64::from(world.config.tick_rate);
        let keep = (options.trail_seconds / world.dt()).ceil() as u64 + 1;
        let (w, h) = (options.width as usize, options.height as usize);
        let overlays = options.overlays.clone().unwrap_or_else(|| {
            let named = scenario.view.as_ref().and_then(|v| v.overlays.as_ref());
            named.map_or_else(Overlays::default, |names| Overlays::only(names))
        });
        Ok(GifJob {
            options: options.clone(),
            overlays,
            frames: options.frames(),
            done: 0,
            lanes,
            camera,
            palette,
            writer,
            tick_rate,
            keep,
            rgb: vec![0; w * h * 3],
            picture: vec![0; w * h * panels as usize],
        })
    }

    /// Frames in all.
    pub fn frames(&self) -> u32 {
        self.frames
    }

    /// Frames made so far.
    pub fn done(&self) -> u32 {
        self.done
    }

    /// Whether every frame is made.
    pub fn is_finished(&self) -> bool {
        self.done == self.frames
    }

    /// The picture's size in pixels (all panels).
    pub fn size(&self) -> (u32, u32) {
        (
            self.options.width * self.lanes.len() as u32,
            self.options.height,
        )
    }

    /// Makes up to `count` more frames; returns the frames made so far.
    pub fn step(&mut self, count: u32) -> Result<u32, String> {
        for _ in 0..count {
            if self.is_finished() {
                break;
            }
            self.frame(self.done)?;
            self.done += 1;
        }
        Ok(self.done)
    }

    /// Makes the frames still to make and returns the GIF's bytes.
    pub fn finish(mut self) -> Result<Vec<u8>, String> {
        self.step(u32::MAX)?;
        self.writer.finish()
    }

    /// The tick frame `k` shows: the one nearest to `k / fps` seconds.
    fn tick_of(&self, k: u32) -> u64 {
        (f64::from(k) * self.tick_rate / f64::from(self.options.fps)).round() as u64
    }

    /// Steps the worlds to frame `k`'s tick, draws every panel and adds the frame.
    fn frame(&mut self, k: u32) -> Result<(), String> {
        let tick = self.tick_of(k);
        let (w, h) = (self.options.width, self.options.height);
        let row = w as usize * self.lanes.len();
        let progress = if self.frames > 1 {
            k as f32 / (self.frames - 1) as f32
        } else {
            1.0
        };
        let marked = self.lanes.len() > 1;
        for (i, lane) in self.lanes.iter_mut().enumerate() {
            lane.advance_to(tick, self.keep);
            let panel = draw::Panel {
                lane,
                camera: self.camera,
                overlays: &self.overlays,
                trail_seconds: self.options.trail_seconds,
                progress,
                marked,
            };
            draw::draw(&panel, &mut self.rgb, w, h);
            let line = w as usize;
            for y in 0..h as usize {
                let from = &self.rgb[y * line * 3..(y + 1) * line * 3];
                let at = y * row + i * line;
                self.palette
                    .quantize(from, &mut self.picture[at..at + line]);
            }
        }
        self.writer.frame(&self.picture, self.options.delay(k))
    }
}

/// Makes the whole GIF, telling `progress(done, total)` after each frame.
pub fn render_gif(
    scenario: &Scenario,
    options: &GifOptions,
    progress: &mut dyn FnMut(u32, u32),
) -> Result<Vec<u8>, String> {
    let mut job = GifJob::new(scenario, options)?;
    while !job.is_finished() {
        let done = job.step(1)?;
        progress(done, job.frames());
    }
    job.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_add_up_to_the_length_at_any_rate() {
        for fps in 1..=MAX_FPS {
            let options = GifOptions {
                seconds: 3.0,
                fps,
                ..GifOptions::default()
            };
            let total: u32 = (0..options.frames())
                .map(|k| u32::from(options.delay(k)))
                .sum();
            assert_eq!(total, 300, "{fps} fps");
            assert!((0..options.frames()).all(|k| options.delay(k) >= 2));
        }
    }

    #[test]
    fn bad_options_are_refused_with_their_name() {
        let bad = |o: GifOptions| o.check().unwrap_err();
        let ok = GifOptions::default();
        assert!(ok.check().is_ok());
        assert!(bad(GifOptions {
            fps: 0,
            ..ok.clone()
        })
        .starts_with("fps:"));
        assert!(bad(GifOptions {
            fps: 51,
            ..ok.clone()
        })
        .starts_with("fps:"));
        assert!(bad(GifOptions {
            seconds: 0.0,
            ..ok.clone()
        })
        .starts_with("seconds:"));
        assert!(bad(GifOptions {
            seconds: f64::NAN,
            ..ok.clone()
        })
        .starts_with("seconds:"));
        assert!(bad(GifOptions {
            seconds: 121.0,
            ..ok.clone()
        })
        .starts_with("seconds:"));
        assert!(bad(GifOptions {
            width: 10,
            ..ok.clone()
        })
        .starts_with("width:"));
        assert!(bad(GifOptions { height: 5000, ..ok }).starts_with("height:"));
    }
}
