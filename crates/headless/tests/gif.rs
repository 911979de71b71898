//! The GIF export (`steerlab::headless::gif`), checked by decoding what it makes with the
//! `gif` crate and composing the frames as a viewer does: as many frames as seconds x
//! fps, the picture's size (split: one panel per algorithm), frames that change while
//! missiles fly, each algorithm's own colour on screen, delays that add up to the length,
//! a GIF that loops, and the same bytes however the frames are made.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_headless as steerlab;

use steerlab::headless::gif::{render_gif, GifJob, GifLayout, GifOptions};
use steerlab::scenario::presets;

/// A decoded GIF: the logical screen, each frame's picture as shown (RGBA, composed
/// over the previous ones), each frame's delay, and whether it loops forever.
struct Decoded {
    width: usize,
    height: usize,
    pictures: Vec<Vec<u8>>,
    delays: Vec<u16>,
    loops: bool,
}

fn decode(bytes: &[u8]) -> Decoded {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(bytes).expect("a GIF");
    let (width, height) = (usize::from(decoder.width()), usize::from(decoder.height()));
    let mut shown = vec![0u8; width * height * 4];
    let (mut pictures, mut delays) = (Vec::new(), Vec::new());
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        let (left, top) = (usize::from(frame.left), usize::from(frame.top));
        let w = usize::from(frame.width);
        for (k, pixel) in frame.buffer.chunks_exact(4).enumerate() {
            if pixel[3] == 0 {
                continue; // transparent: the previous picture shows through
            }
            let (x, y) = (left + k % w, top + k / w);
            assert!(
                x < width && y < height,
                "a frame reaches outside the screen"
            );
            let at = (y * width + x) * 4;
            shown[at..at + 4].copy_from_slice(pixel);
        }
        assert_eq!(frame.dispose, gif::DisposalMethod::Keep);
        pictures.push(shown.clone());
        delays.push(frame.delay);
    }
    let loops = decoder.repeat() == gif::Repeat::Infinite;
    Decoded {
        width,
        height,
        pictures,
        delays,
        loops,
    }
}

fn has_rgb(picture: &[u8], rgb: [u8; 3]) -> bool {
    picture.chunks_exact(4).any(|p| p[..3] == rgb)
}

fn options(seconds: f64, fps: u32, layout: GifLayout) -> GifOptions {
    GifOptions {
        seconds,
        fps,
        width: 320,
        height: 200,
        layout,
        ..GifOptions::default()
    }
}

#[test]
fn an_overlay_gif_has_seconds_times_fps_frames_that_change_while_missiles_fly() {
    let scenario = presets::default_scenario();
    let bytes = render_gif(
        &scenario,
        &options(3.0, 10, GifLayout::Overlay),
        &mut |_, _| {},
    )
    .unwrap();
    let gif = decode(&bytes);
    assert_eq!(gif.pictures.len(), 30, "3 s at 10 fps");
    assert_eq!((gif.width, gif.height), (320, 200));
    assert!(gif.loops, "the GIF loops forever");
    assert!(gif.delays.iter().all(|&d| d == 10), "{:?}", gif.delays);
    // The default scenario's missiles launch at once and fly for the first seconds.
    for k in 1..gif.pictures.len() {
        assert_ne!(
            gif.pictures[k - 1],
            gif.pictures[k],
            "frame {k} is frame {}",
            k - 1
        );
    }
    // Every algorithm the default fires is drawn in its own colour at some point.
    for algorithm in scenario.compared() {
        assert!(
            gif.pictures.iter().any(|p| has_rgb(p, algorithm.color())),
            "no pixel of {algorithm}'s colour {:?}",
            algorithm.color()
        );
    }
    // The background is the window's.
    let pane = steerlab::palette::to_rgb8(steerlab::palette::PANE);
    assert!(has_rgb(&gif.pictures[0], pane));
}

#[test]
fn a_split_gif_is_one_panel_wide_per_compared_algorithm() {
    let scenario = presets::default_scenario();
    // The default scenario fires the eight built-in algorithms from one launcher.
    assert_eq!(scenario.compared().len(), 8);
    let bytes = render_gif(
        &scenario,
        &options(1.0, 5, GifLayout::Split),
        &mut |_, _| {},
    )
    .unwrap();
    let gif = decode(&bytes);
    assert_eq!(gif.pictures.len(), 5);
    assert_eq!((gif.width, gif.height), (8 * 320, 200));
    // Each panel is marked along its top with its algorithm's colour, in compare order.
    let last = gif.pictures.last().unwrap();
    for (k, algorithm) in scenario.compared().into_iter().enumerate() {
        let (x, y) = (k * 320 + 160, 1);
        let at = (y * gif.width + x) * 4;
        assert_eq!(
            last[at..at + 3],
            algorithm.color(),
            "panel {k} ({algorithm})"
        );
    }
}

#[test]
fn delays_add_up_to_the_length_when_a_hundredth_does_not_divide() {
    let scenario = presets::default_scenario();
    let bytes = render_gif(
        &scenario,
        &options(1.0, 30, GifLayout::Overlay),
        &mut |_, _| {},
    )
    .unwrap();
    let gif = decode(&bytes);
    assert_eq!(gif.pictures.len(), 30);
    assert_eq!(gif.delays.iter().map(|&d| u32::from(d)).sum::<u32>(), 100);
    assert!(
        gif.delays.iter().all(|&d| d == 3 || d == 4),
        "{:?}",
        gif.delays
    );
}

#[test]
fn a_job_in_slices_makes_the_same_bytes_as_one_call_and_reports_progress() {
    let scenario = presets::default_scenario();
    let options = options(1.5, 8, GifLayout::Overlay);
    let mut seen = Vec::new();
    let whole = render_gif(&scenario, &options, &mut |done, total| {
        seen.push((done, total))
    })
    .unwrap();
    assert_eq!(seen, (1..=12).map(|k| (k, 12)).collect::<Vec<_>>());
    let mut job = GifJob::new(&scenario, &options).unwrap();
    assert_eq!((job.frames(), job.size()), (12, (320, 200)));
    assert_eq!(job.step(5).unwrap(), 5);
    assert_eq!(job.step(5).unwrap(), 10);
    assert!(!job.is_finished());
    assert_eq!(job.step(100).unwrap(), 12);
    assert!(job.is_finished());
    assert_eq!(
        job.finish().unwrap(),
        whole,
        "deterministic, however sliced"
    );
    // finish() makes whatever frames are left.
    let rest = GifJob::new(&scenario, &options).unwrap().finish().unwrap();
    assert_eq!(rest, whole);
}

#[test]
fn every_shipped_scenario_makes_a_gif() {
    for name in [
        "missile-command",
        "fly-program",
        "flares",
        "lunar-blast",
        "artillery",
    ] {
        let text = presets::shipped(name).unwrap();
        let scenario = steerlab::scenario::parse(text, name).unwrap();
        let bytes = render_gif(
            &scenario,
            &options(0.5, 10, GifLayout::Split),
            &mut |_, _| {},
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        let gif = decode(&bytes);
        assert_eq!(gif.pictures.len(), 5, "{name}");
        assert_eq!(gif.width % 320, 0, "{name}");
    }
}

#[test]
fn a_crowd_and_its_obstacles_are_painted_in_a_gif() {
    let text = presets::shipped("boids").unwrap();
    let scenario = steerlab::scenario::parse(text, "boids").unwrap();
    let bytes = render_gif(
        &scenario,
        &options(0.5, 4, GifLayout::Overlay),
        &mut |_, _| {},
    )
    .unwrap();
    let gif = decode(&bytes);
    // The agents in their colour (drawn opaque over the pane, the GIF's palette near it),
    // and the rocks' outline.
    let near = |picture: &[u8], rgb: [u8; 3]| {
        picture
            .chunks_exact(4)
            .any(|p| (0..3).all(|k| (i32::from(p[k]) - i32::from(rgb[k])).abs() <= 24))
    };
    let agent = steerlab::palette::to_rgb8(steerlab::palette::AGENT);
    let slate = steerlab::palette::to_rgb8(steerlab::palette::OBSTACLE);
    for picture in &gif.pictures {
        assert!(near(picture, agent));
        assert!(near(picture, slate));
    }
    // Without the crowd, no agent colour.
    let mut bare = scenario.clone();
    bare.crowds.clear();
    let gif =
        decode(&render_gif(&bare, &options(0.5, 4, GifLayout::Overlay), &mut |_, _| {}).unwrap());
    assert!(!near(&gif.pictures[0], agent));
}

#[test]
fn bad_options_and_too_wide_pictures_are_refused() {
    let scenario = presets::default_scenario();
    let refuse = |o: GifOptions| match GifJob::new(&scenario, &o) {
        Ok(_) => panic!("accepted {o:?}"),
        Err(e) => e,
    };
    let ok = options(1.0, 10, GifLayout::Overlay);
    assert!(refuse(GifOptions {
        fps: 60,
        ..ok.clone()
    })
    .contains("fps"));
    assert!(refuse(GifOptions {
        seconds: -1.0,
        ..ok.clone()
    })
    .contains("seconds"));
    // Eight panels of 2048 pixels are 16384 wide, above the 8192 allowed.
    let wide = refuse(GifOptions {
        width: 2048,
        layout: GifLayout::Split,
        ..ok
    });
    assert!(wide.contains("16384 pixels wide"), "{wide}");
    // A scenario with no launcher still makes one panel.
    let empty = steerlab::scenario::parse("(version: 1)", "empty").unwrap();
    let job = GifJob::new(&empty, &options(1.0, 2, GifLayout::Split)).unwrap();
    assert_eq!(job.size(), (320, 200));
}
