//! The mouse in the world view: turns what the user does into session actions (drag a
//! target or an obstacle, select, place a target with Shift or an obstacle with Ctrl,
//! pan, zoom). Picking is in screen space, so
//! it is as easy at any zoom. The keyboard shortcuts are read with the panel
//! ([`super::ui::shortcuts`]), where text fields get their keys first.

use super::session::{Layout, Selection, Session};
use crate::scenario::camera::{Camera, Follow, Pane};
use glam::Vec2;
use macroquad::input::{
    is_key_down, is_mouse_button_down, is_mouse_button_pressed, is_mouse_button_released,
    mouse_position, mouse_wheel, KeyCode, MouseButton,
};

/// How far from a missile or launcher (in pixels) a click still picks it; targets add
/// their drawn radius.
pub const PICK_RADIUS: f32 = 14.0;

/// A pane of the world view and the lanes it shows.
pub struct PaneView {
    pub pane: Pane,
    pub lanes: Vec<usize>,
    pub label: Option<String>,
}

/// The panes for the session's layout inside `area`.
pub fn panes(session: &Session, area: Pane) -> Vec<PaneView> {
    let all: Vec<usize> = (0..session.runs.lanes.len()).collect();
    if session.runs.compare && session.view.layout == Layout::Split && session.runs.lanes.len() > 1
    {
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
    /// Pressed on empty space at this screen point with Shift held: a click there places
    /// a target (a plain click on empty space only clears the selection).
    Place(Vec2),
    /// The same with Ctrl held: a click there places an obstacle.
    PlaceObstacle(Vec2),
    /// Dragging obstacle `index`, last moved to follow the world point `last`; `moved`
    /// once it has.
    Obstacle {
        index: usize,
        last: Vec2,
        moved: bool,
    },
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
            if at != from {
                // The user takes the camera: it stops following.
                session.view.follow = Follow::Fixed;
            }
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
            // Following the selection keeps the zoom the user picks; fitting would undo it.
            if session.view.follow == Follow::Fit {
                session.view.follow = Follow::Fixed;
            }
            camera.zoom_at(view.pane, at, if wheel > 0.0 { 1.15 } else { 1.0 / 1.15 });
        }
    }
    if is_mouse_button_pressed(MouseButton::Left) && !over_ui {
        if let Some(view) = view {
            let shift = is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift);
            let ctrl = is_key_down(KeyCode::LeftControl) || is_key_down(KeyCode::RightControl);
            pointer.press = Some(press(session, view, *camera, at, (shift, ctrl)));
        }
    }
    if let (Some(Press::Obstacle { index, last, moved }), Some(view)) = (pointer.press, view) {
        let now = camera.to_world(view.pane, at);
        if now != last {
            session.move_obstacle(index, now - last, !moved);
            pointer.press = Some(Press::Obstacle {
                index,
                last: now,
                moved: true,
            });
        }
    }
    if let (Some(Press::Target), Some(view)) = (pointer.press, view) {
        if let Some(Selection::Target(id)) = session.view.selected {
            session.runs.drag_target(id, camera.to_world(view.pane, at));
        }
    }
    if is_mouse_button_released(MouseButton::Left) {
        if let (Some(Press::Place(from)), Some(view)) = (pointer.press, view) {
            if from.distance(at) < 4.0 {
                session.place_target(camera.to_world(view.pane, at));
            }
        }
        if let (Some(Press::PlaceObstacle(from)), Some(view)) = (pointer.press, view) {
            if from.distance(at) < 4.0 {
                session.place_obstacle(camera.to_world(view.pane, at));
            }
        }
        if pointer.press == Some(Press::Target) {
            session.runs.release_target();
        }
        pointer.press = None;
    }
}

/// What is under a left press: the nearest target (starts a drag), missile or launcher
/// within reach on screen, else the nearest crowd agent within reach, else the obstacle
/// under it (starts a drag), or nothing (with Shift: the start of a target's placement;
/// with Ctrl: an obstacle's).
fn press(
    session: &mut Session,
    view: &PaneView,
    camera: Camera,
    at: Vec2,
    (shift, ctrl): (bool, bool),
) -> Press {
    let Some(&first) = view.lanes.first() else {
        return Press::Other;
    };
    let distance = |p: Vec2| camera.to_screen(view.pane, p).distance(at);
    let world = session.runs.lanes[first].shown();
    // Nearest of each kind, by how far the click is outside its pick radius.
    let target = world
        .targets()
        .iter()
        .map(|t| (distance(t.pos) - t.radius * camera.zoom, t.id))
        .filter(|(d, _)| *d <= PICK_RADIUS * 0.5)
        .min_by(|a, b| a.0.total_cmp(&b.0));
    let missile = view
        .lanes
        .iter()
        .flat_map(|&lane| {
            session.runs.lanes[lane]
                .shown()
                .missiles()
                .iter()
                .map(move |m| (distance(m.body.pos), lane, m.id))
        })
        .filter(|(d, _, _)| *d <= PICK_RADIUS)
        .min_by(|a, b| a.0.total_cmp(&b.0));
    let launcher = world
        .launchers()
        .iter()
        .enumerate()
        .map(|(i, l)| (distance(l.spec.pos), i))
        .filter(|(d, _)| *d <= PICK_RADIUS)
        .min_by(|a, b| a.0.total_cmp(&b.0));
    // The nearest crowd agent within reach (drawn over the obstacles).
    let agent = (world.crowds().iter().enumerate())
        .flat_map(|(c, crowd)| {
            (crowd.agents.iter().enumerate()).map(move |(k, a)| (distance(a.pos), c, k))
        })
        .filter(|(d, _, _)| *d <= PICK_RADIUS)
        .min_by(|a, b| a.0.total_cmp(&b.0));
    // The obstacle under the cursor (or within half the pick radius of its edge), the
    // last drawn (on top) first.
    let cursor = camera.to_world(view.pane, at);
    let obstacle = crate::scene::upcoming_obstacles(world)
        .iter()
        .rposition(|o| o.shape().distance(cursor) * camera.zoom <= PICK_RADIUS * 0.5);
    // A missile right on the cursor wins over the body of a large target behind it.
    match (target, missile, launcher) {
        (Some((dt, id)), m, _) if m.is_none_or(|(dm, _, _)| dt <= 0.0 && dm > 4.0) => {
            session.view.selected = Some(Selection::Target(id));
            Press::Target
        }
        (_, Some((_, lane, id)), _) => {
            session.view.selected = Some(Selection::Missile { lane, id });
            Press::Other
        }
        (_, None, Some((_, i))) => {
            session.view.selected = Some(Selection::Launcher(i));
            session.view.launcher = i;
            Press::Other
        }
        _ if shift => Press::Place(at),
        _ if ctrl => Press::PlaceObstacle(at),
        _ => match (agent, obstacle) {
            (Some((_, crowd, agent)), _) => {
                session.view.selected = Some(Selection::Agent { crowd, agent });
                Press::Other
            }
            (None, Some(index)) => {
                session.view.selected = Some(Selection::Obstacle(index));
                let last = camera.to_world(view.pane, at);
                Press::Obstacle {
                    index,
                    last,
                    moved: false,
                }
            }
            (None, None) => {
                session.view.selected = None;
                Press::Other
            }
        },
    }
}
