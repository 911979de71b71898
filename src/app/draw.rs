//! Drawing a pane of the world view: bounds, fly-program grid, ground, trails (batched
//! into a few meshes), targets, launchers, turrets, missiles oriented along their
//! heading, the algorithms' debug shapes, blasts, and the selection.

use super::colors::{algorithm_color, scene};
use super::session::{Lane, Overlays, Selection, Session};
use super::view::{Camera, Pane};
use crate::guidance::heat_seeker::tail_offset;
use crate::guidance::{Algorithm, Guidance};
use crate::sim::fly_program::{grid_point, COLUMNS, ROWS};
use crate::sim::history::Ghost;
use crate::sim::{Motion, Role, Shape, World};
use glam::Vec2;
use macroquad::color::Color;
use macroquad::models::{draw_mesh, Mesh, Vertex};
use macroquad::shapes::{
    draw_circle, draw_circle_lines, draw_line, draw_rectangle, draw_rectangle_lines, draw_triangle,
};
use macroquad::text::draw_text;

/// Vertices per trail mesh before it is flushed (indices are u16).
const MESH_VERTICES: usize = 60_000;
/// Most segments drawn per trail (longer trails are drawn with a stride)...
const MAX_TRAIL_SEGMENTS: usize = 64;
/// ...and in all, per frame: with many trails each gets fewer segments.
const TRAIL_SEGMENT_BUDGET: usize = 150_000;

fn v(p: Vec2) -> macroquad::math::Vec2 {
    macroquad::math::vec2(p.x, p.y)
}

/// Draws with a pane's transform.
struct Painter {
    pane: Pane,
    camera: Camera,
}

impl Painter {
    fn at(&self, world: Vec2) -> Vec2 {
        self.camera.to_screen(self.pane, world)
    }

    fn line(&self, a: Vec2, b: Vec2, width: f32, color: Color) {
        let (a, b) = (self.at(a), self.at(b));
        draw_line(a.x, a.y, b.x, b.y, width, color);
    }

    fn arrow(&self, from: Vec2, vector: Vec2, color: Color) {
        let (a, b) = (self.at(from), self.at(from + vector));
        draw_line(a.x, a.y, b.x, b.y, 1.5, color);
        if let Some(dir) = (b - a).try_normalize() {
            let side = dir.perp() * 4.0;
            draw_triangle(
                v(b),
                v(b - dir * 9.0 + side),
                v(b - dir * 9.0 - side),
                color,
            );
        }
    }

    fn circle_lines(&self, center: Vec2, radius: f32, width: f32, color: Color) {
        let c = self.at(center);
        draw_circle_lines(c.x, c.y, (radius * self.camera.zoom).max(1.0), width, color);
    }

    fn cross(&self, p: Vec2, size: f32, color: Color) {
        let c = self.at(p);
        draw_line(c.x - size, c.y - size, c.x + size, c.y + size, 1.5, color);
        draw_line(c.x - size, c.y + size, c.x + size, c.y - size, 1.5, color);
    }
}

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

/// Restricts drawing to a pane (so split panes never draw into each other).
fn clip(pane: Option<Pane>) {
    let rect = pane.map(|p| (p.x as i32, p.y as i32, p.w.ceil() as i32, p.h.ceil() as i32));
    // SAFETY: called on the main thread between macroquad frames, as the API requires.
    unsafe { macroquad::window::get_internal_gl() }
        .quad_gl
        .scissor(rect);
}

fn draw_pane_contents(session: &Session, lanes: &[usize], painter: &Painter, label: Option<&str>) {
    let (pane, camera) = (painter.pane, painter.camera);
    draw_rectangle(pane.x, pane.y, pane.w, pane.h, scene::PANE);
    let Some(first) = lanes.first().and_then(|&i| session.lanes.get(i)) else {
        return;
    };
    let world = &first.shown();
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
    let overlays = &session.overlays;
    if overlays.grid
        && world
            .targets()
            .iter()
            .any(|t| matches!(t.motion, Motion::FlyProgram(_)))
    {
        draw_fly_grid(painter, overlays.labels);
    }
    if world.rain().is_some() || !world.turrets().is_empty() {
        painter.line(
            Vec2::new(0.0, world.ground()),
            Vec2::new(w, world.ground()),
            2.0,
            scene::GROUND,
        );
    }
    for lane in lanes.iter().filter_map(|&i| session.lanes.get(i)) {
        if let Some(ghost) = &lane.ghost {
            draw_ghost(painter, ghost);
        }
    }
    if overlays.trails {
        let trails = lanes.iter().filter_map(|&i| session.lanes.get(i));
        draw_trails(painter, trails, session.trail_seconds, session.dt());
    }
    for (n, &i) in lanes.iter().enumerate() {
        let Some(lane) = session.lanes.get(i) else {
            continue;
        };
        draw_targets(
            painter,
            lane.shown(),
            session.selected,
            n == 0 && overlays.labels,
        );
        if n == 0 {
            draw_launchers(painter, lane.shown(), session, overlays.labels);
        }
        draw_blasts(painter, lane, session.tick());
        draw_missiles(painter, lane, i, overlays, session.selected);
    }
    // Paused mid-drag: the target moves on the next tick; show where it will be.
    if let (Some((id, pos)), false) = (session.dragging(), session.playing) {
        if let Some(t) = session.lanes.first().and_then(|l| l.shown().target(id)) {
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
    if let Some(label) = label {
        draw_rectangle(pane.x, pane.y, pane.w, 22.0, Color::new(0.0, 0.0, 0.0, 0.5));
        draw_text(label, pane.x + 8.0, pane.y + 16.0, 20.0, scene::TEXT);
    } else {
        draw_legend(session, lanes, pane);
    }
}

/// The colour legend in the pane's top-right corner: every algorithm in the scene.
fn draw_legend(session: &Session, lanes: &[usize], pane: Pane) {
    let mut present: Vec<Algorithm> = Vec::new();
    for lane in lanes.iter().filter_map(|&i| session.lanes.get(i)) {
        let world = lane.shown();
        let fired = world
            .launchers()
            .iter()
            .flat_map(|l| l.algorithms().iter().copied());
        let turrets = (!world.turrets().is_empty()).then_some(Algorithm::Intercept);
        let flying = world.missiles().iter().map(|m| m.algorithm());
        present.extend(fired.chain(turrets).chain(flying));
    }
    present.sort();
    present.dedup();
    if present.is_empty() {
        return;
    }
    let (w, row) = (130.0, 18.0);
    let (x, y) = (pane.x + pane.w - w - 8.0, pane.y + 8.0);
    draw_rectangle(
        x,
        y,
        w,
        row * present.len() as f32 + 8.0,
        Color::new(0.0, 0.0, 0.0, 0.45),
    );
    for (i, algorithm) in present.iter().enumerate() {
        let top = y + 4.0 + row * i as f32;
        draw_rectangle(
            x + 8.0,
            top + 4.0,
            10.0,
            10.0,
            algorithm_color(*algorithm, 1.0),
        );
        draw_text(algorithm.id(), x + 24.0, top + 14.0, 18.0, scene::TEXT);
    }
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

/// Appends a quad for the segment `a -> b` of screen width `width`.
fn push_segment(mesh: &mut Mesh, a: Vec2, b: Vec2, width: f32, color: Color) {
    let Some(dir) = (b - a).try_normalize() else {
        return;
    };
    let side = dir.perp() * (width * 0.5);
    let base = mesh.vertices.len() as u16;
    for p in [a + side, b + side, b - side, a - side] {
        mesh.vertices
            .push(Vertex::new(p.x, p.y, 0.0, 0.0, 0.0, color));
    }
    mesh.indices
        .extend_from_slice(&[base, base + 1, base + 2, base, base + 2, base + 3]);
}

fn flush(mesh: &mut Mesh) {
    if !mesh.vertices.is_empty() {
        draw_mesh(mesh);
        mesh.vertices.clear();
        mesh.indices.clear();
    }
}

/// All trails of the given lanes as batched meshes, fading with age.
fn draw_trails<'a>(
    painter: &Painter,
    lanes: impl Iterator<Item = &'a Lane>,
    seconds: f32,
    dt: f32,
) {
    let mut mesh = Mesh {
        vertices: Vec::with_capacity(MESH_VERTICES + 8),
        indices: Vec::new(),
        texture: None,
    };
    let span = (seconds / dt).max(1.0);
    let lanes: Vec<&Lane> = lanes.collect();
    let count: usize = lanes.iter().map(|l| l.trails.trails.len()).sum();
    let per_trail = (TRAIL_SEGMENT_BUDGET / count.max(1)).clamp(4, MAX_TRAIL_SEGMENTS);
    for lane in lanes {
        // Trails up to the tick on screen (scrubbing shows the past's trails).
        let now = lane.shown().tick();
        let oldest = now.saturating_sub(span as u64);
        for trail in lane.trails.trails.values() {
            let points = &trail.points;
            let start = points.partition_point(|(t, _)| *t < oldest);
            let end = points.partition_point(|(t, _)| *t <= now);
            if end < start + 2 {
                continue;
            }
            let stride = (end - start).div_ceil(per_trail).max(1);
            let mut previous: Option<Vec2> = None;
            for k in (start..end).filter(|k| (k - start) % stride == 0 || *k == end - 1) {
                let (tick, pos) = points[k];
                let screen = painter.at(pos);
                if let Some(prev) = previous {
                    let age = now.saturating_sub(tick) as f32 / span;
                    let alpha = (1.0 - age).clamp(0.05, 1.0) * 0.8;
                    let color = match trail.algorithm {
                        Some(a) => algorithm_color(a, alpha),
                        None => Color::new(0.95, 0.35, 0.35, alpha * 0.5),
                    };
                    push_segment(&mut mesh, prev, screen, 2.0, color);
                    if mesh.vertices.len() >= MESH_VERTICES {
                        flush(&mut mesh);
                    }
                }
                previous = Some(screen);
            }
        }
    }
    flush(&mut mesh);
}

/// The old future of a branch: faint dotted paths to compare the new run with.
fn draw_ghost(painter: &Painter, ghost: &Ghost) {
    let mut mesh = Mesh {
        vertices: Vec::new(),
        indices: Vec::new(),
        texture: None,
    };
    let color = Color::new(0.85, 0.85, 0.95, 0.28);
    for path in ghost.missiles.values().chain(ghost.targets.values()) {
        let stride = path.len().div_ceil(MAX_TRAIL_SEGMENTS * 2).max(1);
        let points: Vec<Vec2> = path
            .iter()
            .step_by(stride)
            .map(|p| painter.at(*p))
            .collect();
        for (n, pair) in points.windows(2).enumerate() {
            if n % 2 == 0 {
                push_segment(&mut mesh, pair[0], pair[1], 1.5, color);
            }
            if mesh.vertices.len() >= MESH_VERTICES {
                flush(&mut mesh);
            }
        }
    }
    flush(&mut mesh);
}

fn draw_targets(painter: &Painter, world: &World, selected: Option<Selection>, labels: bool) {
    for t in world.targets() {
        let c = painter.at(t.pos);
        let r = (t.radius * painter.camera.zoom).max(3.0);
        draw_circle(c.x, c.y, r, Color::new(0.95, 0.35, 0.35, 0.25));
        draw_circle_lines(c.x, c.y, r, 2.0, scene::TARGET);
        if selected == Some(Selection::Target(t.id)) {
            draw_circle_lines(c.x, c.y, r + 5.0, 2.0, scene::SELECTED);
        }
        if labels && !t.name.starts_with("asteroid") {
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
        let chosen = i == session.launcher;
        draw_rectangle(p.x - 7.0, p.y - 7.0, 14.0, 14.0, scene::LAUNCHER);
        if chosen || session.selected == Some(Selection::Launcher(i)) {
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

fn draw_blasts(painter: &Painter, lane: &Lane, now: u64) {
    let fade = 30.0;
    for &(tick, pos, radius) in &lane.blasts {
        let age = now.saturating_sub(tick) as f32 / fade;
        if age < 1.0 {
            let c = painter.at(pos);
            let r = (radius * painter.camera.zoom).max(2.0);
            draw_circle(c.x, c.y, r, Color::new(1.0, 0.75, 0.3, 0.35 * (1.0 - age)));
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
}

fn overlay_on(overlays: &Overlays, role: Role) -> bool {
    match role {
        Role::AimPoint | Role::DesiredVelocity | Role::SmoothedDirection => overlays.aim,
        Role::InterceptPoint | Role::AlternateIntercept | Role::BlastRadius => overlays.intercept,
        Role::DeadZone => overlays.dead_zone,
        Role::TurnCircle => overlays.turn_circle,
        Role::Acceleration => overlays.acceleration,
    }
}

fn draw_missiles(
    painter: &Painter,
    lane: &Lane,
    lane_index: usize,
    overlays: &Overlays,
    selected: Option<Selection>,
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
                if overlay_on(overlays, shape.role) {
                    draw_shape(painter, &shape.shape, shape.role, algorithm);
                }
            }
        }
        let nose = painter.at(m.body.pos);
        match &m.guidance {
            Guidance::HeatSeeker(hs) => {
                // The article's drawing: a 10-unit line back from the nose along the velocity.
                let tail = painter.at(m.body.pos + tail_offset(hs.vel));
                draw_line(nose.x, nose.y, tail.x, tail.y, 2.5, color);
            }
            _ => {
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
        if overlays.velocity {
            painter.arrow(m.body.pos, m.body.vel * 0.25, Color { a: 0.7, ..color });
        }
        if is_selected {
            draw_circle_lines(nose.x, nose.y, 12.0, 2.0, scene::SELECTED);
        }
    }
}

fn draw_shape(painter: &Painter, shape: &Shape, role: Role, algorithm: Algorithm) {
    let color = algorithm_color(algorithm, 0.75);
    match shape {
        Shape::Point(p) => match role {
            Role::AlternateIntercept => painter.circle_lines(
                *p,
                6.0 / painter.camera.zoom,
                1.5,
                Color { a: 0.45, ..color },
            ),
            Role::InterceptPoint => {
                painter.circle_lines(*p, 6.0 / painter.camera.zoom, 1.5, color);
                painter.cross(*p, 4.0, color);
            }
            _ => painter.cross(*p, 5.0, color),
        },
        Shape::Line(a, b) => painter.line(*a, *b, 1.0, color),
        Shape::Arrow { from, vector } => painter.arrow(*from, *vector, color),
        Shape::Circle { center, radius } => {
            let alpha = if role == Role::TurnCircle { 0.3 } else { 0.5 };
            painter.circle_lines(*center, *radius, 1.0, Color { a: alpha, ..color });
        }
        Shape::Wedge {
            apex,
            direction,
            half_angle,
            length,
        } => {
            let a = *apex + Vec2::from_angle(direction + half_angle) * *length;
            let b = *apex + Vec2::from_angle(direction - half_angle) * *length;
            let fill = Color { a: 0.12, ..color };
            draw_triangle(
                v(painter.at(*apex)),
                v(painter.at(a)),
                v(painter.at(b)),
                fill,
            );
            painter.line(*apex, a, 1.0, Color { a: 0.5, ..color });
            painter.line(*apex, b, 1.0, Color { a: 0.5, ..color });
        }
    }
}

/// Text in the corner of the world view: tick, time, speed, state.
pub fn draw_hud(session: &Session, pane: Pane) {
    let state = match (session.view_tick, session.playing) {
        (Some(_), _) => "viewing the past: play or change a setting to branch",
        (None, true) => "playing",
        (None, false) => "paused",
    };
    let text = format!(
        "tick {}   t = {:.3} s   {:.1}x   {state}   (F1: help)",
        session.tick(),
        session.time(),
        session.speed
    );
    draw_rectangle(
        pane.x,
        pane.y + pane.h - 26.0,
        pane.w,
        26.0,
        Color::new(0.0, 0.0, 0.0, 0.55),
    );
    draw_text(
        &text,
        pane.x + 10.0,
        pane.y + pane.h - 8.0,
        20.0,
        scene::TEXT,
    );
}
