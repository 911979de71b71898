//! Mouse and keyboard: turns what the user does in the world view into session
//! actions (drag a target, select, place a target, pan, zoom) and handles the shortcuts.

use super::session::{Layout, Selection, Session, MAX_SPEED, MIN_SPEED};
use super::view::{Camera, Pane};
use glam::Vec2;
use macroquad::input::{
    get_char_pressed, is_key_down, is_key_pressed, is_mouse_button_down, is_mouse_button_pressed,
    is_mouse_button_released, mouse_position, mouse_wheel, KeyCode, MouseButton,
};

/// The shortcuts, for the help window.
pub const SHORTCUTS: &[(&str, &str)] = &[
    ("Space", "play / pause (from the past: branch and play)"),
    (
        ". or Right",
        "single step (in the past: the next recorded tick)",
    ),
    ("Left", "one tick back in the recorded past"),
    ("R", "restart (all panes)"),
    ("L", "launch a volley from the selected launcher"),
    ("C", "compare mode on / off"),
    ("V", "overlay / split panes"),
    ("F", "fit the world in view"),
    ("+ / -", "faster / slower"),
    ("F1 or ?", "this window"),
    ("Ctrl+S", "save"),
    (
        "left drag",
        "drag a target (becomes driven; intercepts lead it)",
    ),
    (
        "left click",
        "select a missile, target or launcher; on empty space, place a target",
    ),
    ("right or middle drag", "pan"),
    ("wheel", "zoom at the mouse"),
];

/// A pane of the world view and the lanes it shows.
pub struct PaneView {
    pub pane: Pane,
    pub lanes: Vec<usize>,
    pub label: Option<String>,
}

/// The panes for the session's layout inside `area`.
pub fn panes(session: &Session, area: Pane) -> Vec<PaneView> {
    let all: Vec<usize> = (0..session.lanes.len()).collect();
    if session.compare && session.layout == Layout::Split && session.lanes.len() > 1 {
        area.split(all.len())
            .into_iter()
            .zip(all)
            .map(|(pane, lane)| PaneView {
                pane,
                lanes: vec![lane],
                label: Some(session.lane_label(lane)),
            })
            .collect()
    } else {
        vec![PaneView {
            pane: area,
            lanes: all,
            label: None,
        }]
    }
}

/// What the left button is doing.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Press {
    Target,
    /// Pressed on empty space at this screen point: a click places a target.
    Empty(Vec2),
    Other,
}

/// Pointer state across frames.
#[derive(Default)]
pub struct Pointer {
    press: Option<Press>,
    pan_from: Option<Vec2>,
}

fn mouse() -> Vec2 {
    let (x, y) = mouse_position();
    Vec2::new(x, y)
}

/// Handles the mouse over the world view.
pub fn handle_mouse(
    session: &mut Session,
    pointer: &mut Pointer,
    views: &[PaneView],
    camera: &mut Camera,
    over_ui: bool,
) {
    let at = mouse();
    let view = views.iter().find(|v| v.pane.contains(at));
    // Pan with the right or middle button.
    if is_mouse_button_down(MouseButton::Right) || is_mouse_button_down(MouseButton::Middle) {
        if let Some(from) = pointer.pan_from {
            camera.pan(at - from);
        }
        if pointer.pan_from.is_some() || !over_ui {
            pointer.pan_from = Some(at);
        }
    } else {
        pointer.pan_from = None;
    }
    if let (Some(view), false) = (view, over_ui) {
        let (_, wheel) = mouse_wheel();
        if wheel != 0.0 {
            camera.zoom_at(view.pane, at, if wheel > 0.0 { 1.15 } else { 1.0 / 1.15 });
        }
    }
    if is_mouse_button_pressed(MouseButton::Left) && !over_ui {
        if let Some(view) = view {
            pointer.press = Some(press(session, view, *camera, at));
        }
    }
    if let (Some(Press::Target), Some(view)) = (pointer.press, view) {
        if let Some(Selection::Target(id)) = session.selected {
            session.drag_target(id, camera.to_world(view.pane, at));
        }
    }
    if is_mouse_button_released(MouseButton::Left) {
        if let (Some(Press::Empty(from)), Some(view)) = (pointer.press, view) {
            if from.distance(at) < 4.0 {
                session.place_target(camera.to_world(view.pane, at));
            }
        }
        if pointer.press == Some(Press::Target) {
            session.release_target();
        }
        pointer.press = None;
    }
}

/// What is under a left press: a target (starts a drag), a missile, a launcher, or nothing.
fn press(session: &mut Session, view: &PaneView, camera: Camera, at: Vec2) -> Press {
    let Some(&first) = view.lanes.first() else {
        return Press::Other;
    };
    let world = &session.lanes[first].shown();
    let near = |p: Vec2, slack: f32| camera.to_screen(view.pane, p).distance(at) <= slack;
    if let Some(t) = world
        .targets()
        .iter()
        .rev()
        .find(|t| near(t.pos, t.radius * camera.zoom + 6.0))
    {
        session.selected = Some(Selection::Target(t.id));
        return Press::Target;
    }
    for &lane in &view.lanes {
        if let Some(m) = session.lanes[lane]
            .shown()
            .missiles()
            .iter()
            .find(|m| near(m.body.pos, 10.0))
        {
            session.selected = Some(Selection::Missile { lane, id: m.id });
            return Press::Other;
        }
    }
    if let Some(i) = world
        .launchers()
        .iter()
        .position(|l| near(l.spec.pos, 12.0))
    {
        session.selected = Some(Selection::Launcher(i));
        session.launcher = i;
        return Press::Other;
    }
    Press::Empty(at)
}

/// Handles the keyboard shortcuts; returns true when the view should be fitted.
pub fn handle_keys(session: &mut Session) -> bool {
    let ctrl = is_key_down(KeyCode::LeftControl) || is_key_down(KeyCode::RightControl);
    let mut fit = false;
    if is_key_pressed(KeyCode::Space) {
        session.playing = !session.playing;
    }
    if is_key_pressed(KeyCode::Right) {
        session.single_step();
    }
    if is_key_pressed(KeyCode::Left) {
        session.step_back();
    }
    if is_key_pressed(KeyCode::R) {
        session.restart();
    }
    if is_key_pressed(KeyCode::L) {
        session.launch();
    }
    if is_key_pressed(KeyCode::C) {
        session.set_compare(!session.compare);
        fit = true;
    }
    if is_key_pressed(KeyCode::V) {
        session.layout = match session.layout {
            Layout::Overlay => Layout::Split,
            Layout::Split => Layout::Overlay,
        };
        fit = true;
    }
    if is_key_pressed(KeyCode::F) {
        fit = true;
    }
    if is_key_pressed(KeyCode::F1) {
        session.help_open = !session.help_open;
    }
    if ctrl && is_key_pressed(KeyCode::S) {
        if let Some(path) = session.path.clone() {
            let _ = session.save_as(&path);
        }
    }
    while let Some(c) = get_char_pressed() {
        match c {
            '.' => session.single_step(),
            '?' => session.help_open = !session.help_open,
            '+' | '=' => session.speed = (session.speed * 1.5).min(MAX_SPEED),
            '-' => session.speed = (session.speed / 1.5).max(MIN_SPEED),
            _ => {}
        }
    }
    fit
}
