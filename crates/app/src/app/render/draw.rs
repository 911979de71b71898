//! Drawing a pane of the world view: bounds, fly-program grid and death lines, ground,
//! the ghost of a branch, trails, targets (and targets placed while paused), launchers,
//! turrets, missiles oriented along their heading, the algorithms' debug shapes,
//! blasts, the selection, the legends, and the status bar.

use super::colors::{algorithm_color, scene};
use super::legend::{self, RoleKey, Symbol};
use super::painter::{clip, v, Painter};
use super::trails::{draw_ghost, draw_trails};
use crate::app::session::{Lane, Overlays, Selection, Session};
use crate::core::overlay;
use crate::guidance::{Algorithm, Look};
use crate::palette;
use crate::scenario::camera::{Camera, Pane};
use crate::sim::motion::fly_program::{grid_point, COLUMNS, ROWS};
use crate::sim::{Input, Motion, TargetId, World};
use glam::Vec2;
use macroquad::color::Color;
use macroquad::shapes::{
    draw_circle, draw_circle_lines, draw_line, draw_rectangle, draw_rectangle_lines, draw_triangle,
};
use macroquad::text::draw_text;

/// Draws one pane showing `lanes` of the session.
pub fn draw_pane(
    session: &Session,
    lanes: &[usize],
    pane: Pane,
    camera: Camera,
    label: Option<&str>,
) {
    let painter = Painter { pane, camera };
    clip(Some(pane));
    draw_pane_contents(session, lanes, &painter, label);
    clip(None);
    draw_rectangle_lines(pane.x, pane.y, pane.w, pane.h, 1.0, scene::BOUNDS);
}

fn draw_pane_contents(session: &Session, lanes: &[usize], painter: &Painter, label: Option<&str>) {
    let (pane, camera) = (painter.pane, painter.camera);
    let shown: Vec<&Lane> = lanes
        .iter()
        .filter_map(|&i| session.runs.lanes.get(i))
        .collect();
    let Some(first) = shown.first() else {
        return;
    };
    let world = first.shown();
    let (w, h) = (world.config.width, world.config.height);
    let corner = painter.at(Vec2::ZERO);
    draw_rectangle_lines(
        corner.x,
        corner.y,
        w * camera.zoom,
        h * camera.zoom,
        1.0,
        scene::BOUNDS,
    );
    let overlays = &session.view.overlays;
    let mut drawn: Vec<Symbol> = Vec::new();
    if overlays.is_on(&overlay::GRID)
        && world
            .targets()
            .iter()
            .any(|t| matches!(t.motion, Motion::FlyProgram(_)))
    {
        draw_fly_grid(painter, overlays.is_on(&overlay::LABELS));
    }
    if world.rain().is_some() || !world.turrets().is_empty() {
        painter.line(
            Vec2::new(0.0, world.ground()),
            Vec2::new(w, world.ground()),
            2.0,
            scene::GROUND,
        );
    }
    for lane in &shown {
        if let Some(ghost) = &lane.ghost {
            draw_ghost(painter, ghost);
            drawn.push(Symbol::Ghost);
        }
    }
    if overlays.is_on(&overlay::TRAILS) {
        draw_trails(painter, &shown, session.view.trail_seconds, session.dt());
        if shown.iter().any(|l| !l.trails.is_empty()) {
            drawn.push(Symbol::Trail);
        }
    }
    for (n, (&i, lane)) in lanes.iter().zip(&shown).enumerate() {
        draw_targets(
            painter,
            lane.shown(),
            session.view.selected,
            n == 0 && overlays.is_on(&overlay::LABELS),
        );
        if n == 0 {
            draw_launchers(
                painter,
                lane.shown(),
                session,
                overlays.is_on(&overlay::LABELS),
            );
            if draw_pending_targets(painter, lane.shown()) {
                drawn.push(Symbol::PendingTarget);
            }
        }
        if draw_blasts(painter, lane, session.tick()) {
            drawn.push(Symbol::Blast);
        }
        draw_missiles(
            painter,
            lane,
            i,
            overlays,
            session.view.selected,
            &mut drawn,
        );
    }
    draw_drag_preview(session, painter);
    if let Some(label) = label {
        draw_rectangle(pane.x, pane.y, pane.w, 22.0, Color::new(0.0, 0.0, 0.0, 0.5));
        draw_text(label, pane.x + 8.0, pane.y + 16.0, 20.0, scene::TEXT);
    } else {
        legend::algorithms(&present(&shown), pane);
    }
    if overlays.is_on(&overlay::LEGEND) {
        drawn.sort();
        drawn.dedup();
        legend::symbols(&drawn, pane);
    }
}

/// Every algorithm in the scene: fired by a launcher, a turret's, or flying.
fn present(lanes: &[&Lane]) -> Vec<Algorithm> {
    let mut present: Vec<Algorithm> = Vec::new();
    for lane in lanes {
        let world = lane.shown();
        let fired = world
            .launchers()
            .iter()
            .flat_map(|l| l.algorithms().iter().copied());
        let turrets = world.turrets().iter().map(|t| t.spec.algorithm);
        let flying = world.missiles().iter().map(|m| m.algorithm());
        present.extend(fired.chain(turrets).chain(flying));
    }
    present.sort();
    present.dedup();
    present
}

/// Paused mid-drag: the target moves on the next tick; show where it will be.
fn draw_drag_preview(session: &Session, painter: &Painter) {
    let (Some((id, pos)), false) = (session.runs.dragging(), session.runs.playing) else {
        return;
    };
    if let Some(t) = session
        .runs
        .lanes
        .first()
        .and_then(|l| l.shown().target(id))
    {
        let (from, to) = (painter.at(t.pos), painter.at(pos));
        let r = (t.radius * painter.camera.zoom).max(3.0);
        draw_line(from.x, from.y, to.x, to.y, 1.0, scene::DIM_TEXT);
        draw_circle_lines(to.x, to.y, r, 1.5, scene::SELECTED);
        draw_text(
            "moves on the next tick",
            to.x + r + 4.0,
            to.y + 4.0,
            16.0,
            scene::DIM_TEXT,
        );
    }
}

/// Targets placed but not in the world yet (inputs apply at the start of the next tick):
/// drawn at once, so a placement while paused is seen. Returns whether any was drawn.
fn draw_pending_targets(painter: &Painter, world: &World) -> bool {
    let mut any = false;
    for input in world.pending() {
        if let Input::AddTarget(spec) = input {
            let c = painter.at(spec.motion.start());
            let r = (spec.radius * painter.camera.zoom).max(3.0);
            draw_circle(
                c.x,
                c.y,
                r,
                Color {
                    a: 0.15,
                    ..scene::TARGET
                },
            );
            draw_circle_lines(c.x, c.y, r, 1.5, scene::SELECTED);
            draw_text(
                format!("{} (next tick)", spec.name),
                c.x + r + 4.0,
                c.y - r,
                16.0,
                scene::TEXT,
            );
            any = true;
        }
    }
    any
}

fn draw_fly_grid(painter: &Painter, numbers: bool) {
    for r in 0..ROWS {
        for c in 0..COLUMNS {
            let n = 20 * r + c;
            let p = grid_point(n);
            let s = painter.at(p);
            draw_circle(s.x, s.y, 2.0, scene::GRID);
            if numbers && painter.camera.zoom > 0.6 {
                draw_text(n.to_string(), s.x + 3.0, s.y - 3.0, 14.0, scene::DIM_TEXT);
            }
        }
    }
    let (lo, hi) = (grid_point(0), grid_point(20 * (ROWS - 1) + COLUMNS - 1));
    for (a, b) in [
        (lo, Vec2::new(hi.x, lo.y)),
        (Vec2::new(hi.x, lo.y), hi),
        (hi, Vec2::new(lo.x, hi.y)),
        (Vec2::new(lo.x, hi.y), lo),
    ] {
        painter.line(a, b, 1.5, scene::DEATH_LINE);
    }
    let (tl, br) = (grid_point(42), grid_point(192));
    let s = painter.at(tl);
    let size = (br - tl) * painter.camera.zoom;
    draw_rectangle_lines(s.x, s.y, size.x, size.y, 1.0, scene::GRID);
}

/// Most labels drawn in one pane: text costs far more to draw than a circle, and a
/// crowd's labels only overprint each other (a scenario may hold 10000 targets).
const MAX_LABELS: usize = 100;

/// Which of the targets on screen (`on_screen`, in id order) get a label: the selected one
/// always, then the first in order, at most [`MAX_LABELS`] in all; and how many go
/// without.
fn labelled(on_screen: &[TargetId], selected: Option<TargetId>) -> (Vec<TargetId>, usize) {
    let mut out: Vec<TargetId> = selected
        .filter(|s| on_screen.contains(s))
        .into_iter()
        .collect();
    out.extend(
        on_screen
            .iter()
            .filter(|id| Some(**id) != selected)
            .take(MAX_LABELS - out.len()),
    );
    let hidden = on_screen.len() - out.len();
    (out, hidden)
}

fn draw_targets(painter: &Painter, world: &World, selected: Option<Selection>, labels: bool) {
    let pane = painter.pane;
    let on_screen: Vec<TargetId> = world
        .targets()
        .iter()
        .filter(|t| !t.decoy && !t.name.starts_with("asteroid"))
        .filter(|t| {
            let c = painter.at(t.pos);
            c.x >= pane.x && c.x <= pane.x + pane.w && c.y >= pane.y && c.y <= pane.y + pane.h
        })
        .map(|t| t.id)
        .collect();
    let chosen = match selected {
        Some(Selection::Target(id)) => Some(id),
        _ => None,
    };
    let (named, hidden) = if labels {
        labelled(&on_screen, chosen)
    } else {
        (Vec::new(), 0)
    };
    if hidden > 0 {
        draw_text(
            format!("{hidden} more labels hidden (zoom in to see them)"),
            pane.x + 10.0,
            pane.y + pane.h - 32.0,
            16.0,
            scene::DIM_TEXT,
        );
    }
    for t in world.targets() {
        let c = painter.at(t.pos);
        let r = (t.radius * painter.camera.zoom).max(3.0);
        if t.decoy {
            // A flare: a bright spark with a glow, no label.
            draw_circle(
                c.x,
                c.y,
                r * 2.5,
                Color {
                    a: palette::FLARE_GLOW_ALPHA,
                    ..scene::FLARE
                },
            );
            draw_circle(c.x, c.y, r, scene::FLARE);
            continue;
        }
        draw_circle(
            c.x,
            c.y,
            r,
            Color {
                a: palette::TARGET_FILL_ALPHA,
                ..scene::TARGET
            },
        );
        draw_circle_lines(c.x, c.y, r, 2.0, scene::TARGET);
        if selected == Some(Selection::Target(t.id)) {
            draw_circle_lines(c.x, c.y, r + 5.0, 2.0, scene::SELECTED);
        }
        if named.contains(&t.id) {
            let hits = if t.hits > 0 {
                format!(" ({} hit{})", t.hits, if t.hits == 1 { "" } else { "s" })
            } else {
                String::new()
            };
            draw_text(
                format!("{}{hits}", t.name),
                c.x + r + 4.0,
                c.y - r,
                16.0,
                scene::TEXT,
            );
        }
    }
}

fn draw_launchers(painter: &Painter, world: &World, session: &Session, labels: bool) {
    for (i, launcher) in world.launchers().iter().enumerate() {
        let p = painter.at(launcher.spec.pos);
        let chosen = i == session.view.launcher;
        draw_rectangle(p.x - 7.0, p.y - 7.0, 14.0, 14.0, scene::LAUNCHER);
        if chosen || session.view.selected == Some(Selection::Launcher(i)) {
            draw_rectangle_lines(p.x - 11.0, p.y - 11.0, 22.0, 22.0, 2.0, scene::SELECTED);
        }
        if labels {
            draw_text(
                &launcher.spec.name,
                p.x + 10.0,
                p.y + 18.0,
                16.0,
                scene::DIM_TEXT,
            );
        }
    }
    for turret in world.turrets() {
        let p = painter.at(turret.spec.pos);
        draw_circle(p.x, p.y, 10.0, scene::LAUNCHER);
        let aim = turret
            .locked
            .and_then(|id| world.target(id))
            .map_or(Vec2::new(0.0, -1.0), |t| {
                (t.pos - turret.spec.pos).normalize_or(Vec2::new(0.0, -1.0))
            });
        draw_line(
            p.x,
            p.y,
            p.x + aim.x * 20.0,
            p.y + aim.y * 20.0,
            4.0,
            scene::LAUNCHER,
        );
        let danger = world.ground() - turret.spec.danger_height;
        painter.line(
            Vec2::new(0.0, danger),
            Vec2::new(world.config.width, danger),
            1.0,
            Color::new(0.9, 0.6, 0.2, 0.35),
        );
    }
}

/// Returns whether a blast was drawn.
fn draw_blasts(painter: &Painter, lane: &Lane, now: u64) -> bool {
    let mut any = false;
    let fade = palette::BLAST_FADE_TICKS as f32;
    for &(tick, pos, radius) in &lane.blasts {
        let age = now.saturating_sub(tick) as f32 / fade;
        if age < 1.0 {
            any = true;
            let c = painter.at(pos);
            let r = (radius * painter.camera.zoom).max(2.0);
            draw_circle(
                c.x,
                c.y,
                r,
                Color {
                    a: palette::BLAST_FILL_ALPHA * (1.0 - age),
                    ..scene::BLAST
                },
            );
            draw_circle_lines(
                c.x,
                c.y,
                r,
                2.0,
                Color {
                    a: 1.0 - age,
                    ..scene::BLAST
                },
            );
        }
    }
    any
}

fn draw_missiles(
    painter: &Painter,
    lane: &Lane,
    lane_index: usize,
    overlays: &Overlays,
    selected: Option<Selection>,
    drawn: &mut Vec<Symbol>,
) {
    let world = &lane.shown();
    // Debug shapes are drawn for at most this many missiles (all of them in small scenes).
    let detailed = world.missiles().len() <= 200;
    for m in world.missiles() {
        let algorithm = m.algorithm();
        let color = algorithm_color(algorithm, 1.0);
        let is_selected = selected
            == Some(Selection::Missile {
                lane: lane_index,
                id: m.id,
            });
        if detailed || is_selected {
            for shape in world.debug_shapes(m) {
                if overlays.shows(shape.role) {
                    painter.shape(&shape.shape, shape.role, algorithm);
                    drawn.push(Symbol::Shape(RoleKey::of(shape.role)));
                }
            }
        }
        let nose = painter.at(m.body.pos);
        match m.guidance.look() {
            Look::Tail(back) => {
                let tail = painter.at(m.body.pos + back);
                draw_line(nose.x, nose.y, tail.x, tail.y, 2.5, color);
            }
            Look::Arrow => {
                let dir = Vec2::from_angle(m.body.heading);
                let side = dir.perp();
                draw_triangle(
                    v(nose + dir * 7.0),
                    v(nose - dir * 5.0 + side * 4.0),
                    v(nose - dir * 5.0 - side * 4.0),
                    color,
                );
            }
        }
        if overlays.is_on(&overlay::VELOCITY) {
            painter.arrow(m.body.pos, m.body.vel * 0.25, Color { a: 0.7, ..color });
            drawn.push(Symbol::Velocity);
        }
        if is_selected {
            draw_circle_lines(nose.x, nose.y, 12.0, 2.0, scene::SELECTED);
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crowd_gets_at_most_a_hundred_labels_the_selected_one_first() {
        let ids: Vec<TargetId> = (0..250).map(TargetId).collect();
        let (named, hidden) = labelled(&ids, Some(TargetId(200)));
        assert_eq!(named.len(), MAX_LABELS);
        assert_eq!(hidden, 150);
        assert_eq!(named[0], TargetId(200));
        assert_eq!(named[1..], ids[..99]);
        // Few: all of them, none hidden; a selection off screen takes no place.
        let (named, hidden) = labelled(&ids[..3], Some(TargetId(7)));
        assert_eq!((named, hidden), (ids[..3].to_vec(), 0));
    }
}
