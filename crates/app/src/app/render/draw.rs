//! Drawing a pane of the world view: the scene ([`crate::scene`]: everything in the
//! world, built once for every picture) through the pane's camera, then what only the
//! window shows over it: the pane's label or the algorithms' colours, the legend of the
//! symbols drawn, how many labels a crowd hid, and the status bar.

use super::colors::scene;
use super::kept::{Inputs, Kept, Picture};
use super::legend;
use super::painter::Painter;
use crate::app::session::{Lane, Session};
use crate::core::overlay;
use crate::scenario::camera::{Camera, Pane};
use crate::scene::{self as picture, Layer, View, MAX_TRAIL_SEGMENTS};
use macroquad::color::Color;
use macroquad::shapes::{draw_rectangle, draw_rectangle_lines};
use macroquad::text::draw_text;

/// Most trail segments drawn per frame in all: with many trails each gets fewer.
const TRAIL_SEGMENT_BUDGET: usize = 12_000;

/// What the pane showing `lanes` of the session is built from.
pub fn pane_inputs(
    session: &Session,
    lanes: &[usize],
    pane: Pane,
    camera: Camera,
    label: Option<&str>,
) -> Inputs {
    Inputs {
        lanes: (lanes.iter())
            .filter_map(|&i| Some((i, session.runs.lanes.get(i)?.revision())))
            .collect(),
        view: view_of(session, pane, camera),
        label: label.map(str::to_owned),
        legend: session.view.overlays.is_on(&overlay::LEGEND),
    }
}

/// Draws the pane of `inputs` ([`pane_inputs`]), or copies the picture `kept` from the
/// last frame, if it is the same.
pub fn draw_pane(session: &Session, inputs: Inputs, kept: &mut Kept) {
    let (pane, camera) = (inputs.view.pane, inputs.view.camera);
    let build = |inputs: &Inputs| {
        let shown: Vec<(usize, &Lane)> = (inputs.lanes.iter())
            .filter_map(|&(i, _)| Some((i, session.runs.lanes.get(i)?)))
            .collect();
        Picture {
            scene: scene_of(&shown, &inputs.view),
            pane,
            camera,
            label: inputs.label.clone(),
            legend: inputs.legend,
        }
    };
    kept.draw(inputs, build, scene::PANE, draw_picture);
    draw_rectangle_lines(pane.x, pane.y, pane.w, pane.h, 1.0, scene::BOUNDS);
}

/// How a pane shows the session's lanes.
fn view_of(session: &Session, pane: Pane, camera: Camera) -> View {
    View {
        overlays: session.view.overlays.clone(),
        camera,
        pane,
        selected: session.view.selected,
        launcher: Some(session.view.launcher),
        trail_seconds: session.view.trail_seconds,
        trail_budget: TRAIL_SEGMENT_BUDGET.max(MAX_TRAIL_SEGMENTS),
        preview: session.runs.dragging().filter(|_| !session.runs.playing),
    }
}

/// The scene of the `shown` lanes (each with its place among the runs' lanes).
fn scene_of(shown: &[(usize, &Lane)], view: &View) -> picture::Scene {
    let layers: Vec<Layer> = shown
        .iter()
        .map(|&(i, lane)| Layer {
            world: lane.shown(),
            trails: &lane.trails,
            blasts: &lane.blasts,
            ghost: lane.ghost.as_ref(),
            lane: i,
        })
        .collect();
    picture::build(&layers, view)
}

/// Draws a pane's picture in its pane.
fn draw_picture(picture: &Picture) {
    let Picture {
        scene,
        pane,
        camera,
        label,
        legend,
    } = picture;
    let pane = *pane;
    Painter {
        pane,
        camera: *camera,
    }
    .draw(&scene.marks);
    if scene.hidden_labels > 0 {
        draw_text(
            format!(
                "{} more labels hidden (zoom in to see them)",
                scene.hidden_labels
            ),
            pane.x + 10.0,
            pane.y + pane.h - 32.0,
            16.0,
            scene::DIM_TEXT,
        );
    }
    if let Some(label) = label {
        draw_rectangle(pane.x, pane.y, pane.w, 22.0, Color::new(0.0, 0.0, 0.0, 0.5));
        draw_text(label, pane.x + 8.0, pane.y + 16.0, 20.0, scene::TEXT);
    } else {
        legend::algorithms(&scene.algorithms, pane);
    }
    if *legend {
        legend::symbols(&scene.symbols, pane, label.is_some());
    }
}

/// Text in the corner of the world view: tick, time, speed, state.
pub fn draw_hud(session: &Session, pane: Pane) {
    let state = match (
        session.runs.view_tick,
        session.runs.playing,
        &session.runs.paused_by,
    ) {
        (Some(_), _, _) => "viewing the past: play or change a setting to branch".to_string(),
        (None, true, _) => "playing".to_string(),
        (None, false, Some(reason)) => format!("paused by a breakpoint: {reason}"),
        (None, false, None) => "paused".to_string(),
    };
    // A live game's stream: the run never steps on its own, it grows with the game.
    #[cfg(not(target_arch = "wasm32"))]
    let state = match (
        session.live.showing(),
        session.runs.view_tick,
        &session.runs.paused_by,
    ) {
        (false, _, _) => state,
        (true, _, Some(reason)) => format!("live game paused here by a breakpoint: {reason}"),
        (true, Some(_), None) => "live game, looking back: Play returns to its latest frame".into(),
        (true, None, None) => "live: the game's latest frame".into(),
    };
    let text = format!(
        "tick {}   t = {:.3} s   {:.1}x   {state}   (F1: help)",
        session.tick(),
        session.time(),
        session.runs.speed
    );
    draw_rectangle(
        pane.x,
        pane.y + pane.h - 26.0,
        pane.w,
        26.0,
        Color::new(0.0, 0.0, 0.0, 0.85),
    );
    let color = if session.runs.paused_by.is_some() && !session.runs.playing {
        scene::PAUSED
    } else {
        scene::TEXT
    };
    draw_text(&text, pane.x + 10.0, pane.y + pane.h - 8.0, 20.0, color);
}
