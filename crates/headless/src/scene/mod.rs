//! The scene, built once for everything that draws a world: a list of [`Mark`]s (lines,
//! circles, polygons, texts) in world coordinates, each with an offset in pixels where
//! its size is the screen's (a launcher's square, an arrow's head, a label). The window
//! (`app::render`), the GIF (`headless::gif`) and any later export draw the same list,
//! each with a small backend that maps a world point through its camera and a pixel
//! through its scale; what is drawn, in which order, colour and size, is decided here.
//!
//! Back to front: the world's bounds, the fly-program grid, the ground, the obstacles
//! ([`obstacles`]), the crowds' agents ([`crowds`]), a branch's ghost, trails, and for each shown world its targets, launchers and turrets (the first
//! world's), targets placed for the next tick, blasts, and missiles with their debug
//! shapes, velocities and selection; then where a dragged target will be; last the
//! labels, each placed where no other label is ([`labels`]).

mod blast;
mod crowds;
mod flavour;
mod labels;
mod launchers;
mod mark;
mod missiles;
mod obstacles;
mod shapes;
mod symbol;
mod trails;

pub use blast::Blast;
pub use flavour::{flavour, Flavour};
use launchers::launchers;
pub use launchers::CROWD_LAUNCHERS;
pub use mark::{arrow, head, At, Mark};
use missiles::missiles;
pub use obstacles::upcoming as upcoming_obstacles;
pub use shapes::{role_marks, sample};
pub use symbol::Symbol;
use trails::trails;

use crate::core::overlay::{self, Overlays};
use crate::palette::{self, with_alpha, Rgba};
use crate::scenario::camera::{Camera, Pane};
use crate::sim::history::Ghost;
use crate::sim::motion::fly_program::{grid_point, COLUMNS, ROWS};
use crate::sim::trails::Trails;
use crate::sim::{Input, MissileId, Motion, TargetId, World};
use glam::Vec2;

/// What is selected in a view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    Missile {
        lane: usize,
        id: MissileId,
    },
    Target(TargetId),
    Launcher(usize),
    /// An obstacle by its place in the world's list ([`obstacles::upcoming`]).
    Obstacle(usize),
    /// A crowd's agent: the crowd's and the agent's places in their lists.
    Agent {
        crowd: usize,
        agent: usize,
    },
}

/// One world shown, with what a picture of it needs from its past.
pub struct Layer<'a> {
    pub world: &'a World,
    pub trails: &'a Trails,
    pub blasts: &'a [Blast],
    /// The old future before the last branch, dotted.
    pub ghost: Option<&'a Ghost>,
    /// Its place among the view's worlds (a selected missile names it).
    pub lane: usize,
}

/// How the scene is shown.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    pub overlays: Overlays,
    pub camera: Camera,
    /// Where it is drawn, in pixels (labels only for targets inside it).
    pub pane: Pane,
    pub selected: Option<Selection>,
    /// The launcher Launch fires (ringed).
    pub launcher: Option<usize>,
    /// Seconds of trail.
    pub trail_seconds: f32,
    /// Most trail segments in all: each trail gets its share, from 1 to 64 segments. A
    /// crowd of 10,000 missiles' trails are a segment each, in one shade where 4 faded
    /// (the window's frame took 7 ms less under a software OpenGL).
    pub trail_budget: usize,
    /// A target being dragged while paused: it moves there on the next tick.
    pub preview: Option<(TargetId, Vec2)>,
}

/// Most segments drawn per trail (longer trails are drawn with a stride).
pub const MAX_TRAIL_SEGMENTS: usize = 64;

/// Trails past this many are drawn one pixel wide: a crowd's trails overprint each
/// other at two, and a hairline is what the window draws fastest.
pub const CROWD_TRAILS: usize = 100;

/// How long a crowd's trails may be on screen in all, in pixels: about a third of a
/// 1400 x 900 window's view covered once. Past it each trail shows its newest part
/// only: 1,000 trails of 3 seconds each over the whole view drew a scribble, and the
/// window's frame took 16 ms longer under a software OpenGL (the cost of a line is its
/// length).
pub const CROWD_TRAIL_PIXELS: f32 = 300_000.0;

/// Missiles past this many in a world are drawn at [`CROWD_ARROW_SIZE`]: a crowd's
/// arrows overprint each other, and every pixel costs a software OpenGL (10,000 arrows at
/// half size took the window's frame 3 to 4 ms less).
pub const CROWD_MISSILES: usize = 1_000;

/// A crowd's arrows' size: half the usual (6 pixels long, 4 wide).
pub const CROWD_ARROW_SIZE: f32 = 0.5;

/// Debug shapes are drawn for at most this many missiles of a world (all of them in
/// small scenes; the selected one always).
pub const DETAILED_MISSILES: usize = 200;

/// Most labels drawn: text costs far more to draw than a circle, and a crowd's labels
/// only overprint each other (a scenario may hold 10000 targets).
pub const MAX_LABELS: usize = 100;

/// The scene: what to draw, back to front, and what the legends need.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scene {
    pub marks: Vec<Mark>,
    /// What was drawn that the legend explains, sorted, once each.
    pub symbols: Vec<Symbol>,
    /// Every law in the scene (fired by a launcher or a turret, or flying), each way it
    /// is flown ([`Flavour`]), sorted.
    pub algorithms: Vec<Flavour>,
    /// Targets on screen left without a label ([`MAX_LABELS`], or no free place).
    pub hidden_labels: usize,
    /// Labels waiting for their places ([`labels::place`]).
    labels: Vec<labels::Label>,
}

impl Scene {
    fn line(&mut self, a: At, b: At, width: f32, color: Rgba) {
        self.marks.push(Mark::Line { a, b, width, color });
    }

    fn world_line(&mut self, a: Vec2, b: Vec2, width: f32, color: Rgba) {
        self.line(At::world(a), At::world(b), width, color);
    }

    fn circle(
        &mut self,
        center: At,
        radius: f32,
        min_px: f32,
        fill: bool,
        width: f32,
        color: Rgba,
    ) {
        self.marks.push(Mark::Circle {
            center,
            radius,
            min_px,
            fill,
            width,
            color,
        });
    }

    fn text(&mut self, at: At, size: f32, text: String, color: Rgba) {
        self.marks.push(Mark::Text {
            at,
            size,
            text,
            color,
        });
    }

    fn symbol(&mut self, symbol: Symbol) {
        // (Sorted and deduplicated at the end; a run of the same one is pushed once: a
        // crowd's trails are 40,000 segments.)
        if self.symbols.last() != Some(&symbol) {
            self.symbols.push(symbol);
        }
    }
}

/// The scene of `layers` (the first one's launchers, labels and placed targets; every
/// layer's targets, blasts and missiles) as `view` shows it.
pub fn build(layers: &[Layer], view: &View) -> Scene {
    let mut scene = Scene::default();
    let Some(first) = layers.first() else {
        return scene;
    };
    let world = first.world;
    let (w, h) = (world.config.width, world.config.height);
    let corners = [
        Vec2::ZERO,
        Vec2::new(w, 0.0),
        Vec2::new(w, h),
        Vec2::new(0.0, h),
    ];
    for k in 0..4 {
        scene.world_line(corners[k], corners[(k + 1) % 4], 1.0, palette::BOUNDS);
    }
    let overlays = &view.overlays;
    let flies_programs = world
        .targets()
        .iter()
        .any(|t| matches!(t.motion, Motion::FlyProgram(_)));
    if overlays.is_on(&overlay::GRID) && flies_programs {
        fly_grid(
            &mut scene,
            overlays.is_on(&overlay::LABELS) && view.camera.zoom > 0.6,
        );
        scene.symbol(Symbol::FlyGrid);
        scene.symbol(Symbol::DeathLine);
    }
    if world.rain().is_some() || !world.turrets().is_empty() {
        let y = world.ground();
        scene.world_line(Vec2::new(0.0, y), Vec2::new(w, y), 2.0, palette::GROUND);
        scene.symbol(Symbol::Ground);
    }
    obstacles::obstacles(&mut scene, world, view.selected);
    crowds::crowds(&mut scene, world);
    crowds::selected(&mut scene, world, view.selected);
    for layer in layers {
        if let Some(ghost) = layer.ghost {
            draw_ghost(&mut scene, ghost);
            scene.symbol(Symbol::Ghost);
        }
    }
    if overlays.is_on(&overlay::TRAILS) {
        trails(&mut scene, layers, view);
    }
    for (n, layer) in layers.iter().enumerate() {
        let labels = n == 0 && overlays.is_on(&overlay::LABELS);
        targets(&mut scene, layer.world, view, labels);
        if n == 0 {
            launchers(
                &mut scene,
                layer.world,
                view,
                overlays.is_on(&overlay::LABELS),
            );
            pending_targets(&mut scene, layer.world, view.camera.zoom);
        }
        blasts(&mut scene, layer);
        missiles(&mut scene, layer, view);
    }
    preview(&mut scene, first.world, view);
    let (texts, left_out) =
        labels::place(std::mem::take(&mut scene.labels), view.camera, view.pane);
    scene.marks.extend(texts);
    scene.hidden_labels += left_out;
    scene.symbols.sort();
    scene.symbols.dedup();
    scene.algorithms = present(layers);
    scene
}

fn fly_grid(scene: &mut Scene, numbers: bool) {
    for r in 0..ROWS {
        for c in 0..COLUMNS {
            let n = 20 * r + c;
            let at = At::world(grid_point(n));
            scene.circle(at, 0.0, 2.0, true, 1.0, palette::GRID);
            if numbers {
                scene.labels.push(labels::Label {
                    anchor: at,
                    clear: 3.0,
                    size: 14.0,
                    text: n.to_string(),
                    color: palette::DIM_TEXT,
                    priority: 3,
                    counted: false,
                });
            }
        }
    }
    let (lo, hi) = (grid_point(0), grid_point(20 * (ROWS - 1) + COLUMNS - 1));
    let corners = [lo, Vec2::new(hi.x, lo.y), hi, Vec2::new(lo.x, hi.y)];
    for k in 0..4 {
        scene.world_line(corners[k], corners[(k + 1) % 4], 1.5, palette::DEATH_LINE);
    }
    // The visible screen the article's camera shows, between grid points 42 and 192.
    let (tl, br) = (grid_point(42), grid_point(192));
    let corners = [tl, Vec2::new(br.x, tl.y), br, Vec2::new(tl.x, br.y)];
    for k in 0..4 {
        scene.world_line(corners[k], corners[(k + 1) % 4], 1.0, palette::GRID);
    }
}

/// The old future of a branch: dashed paths, each missile's in its algorithm's colour
/// (faded), the targets' in the target colour.
fn draw_ghost(scene: &mut Scene, ghost: &Ghost) {
    let missiles = ghost
        .missiles
        .values()
        .map(|(algorithm, path)| (Flavour::plain(*algorithm).rgba(0.35), path));
    let targets = ghost
        .targets
        .values()
        .map(|path| (with_alpha(palette::TARGET, 0.35), path));
    for (color, path) in missiles.chain(targets) {
        let stride = path.len().div_ceil(MAX_TRAIL_SEGMENTS * 2).max(1);
        let points: Vec<Vec2> = path.iter().step_by(stride).copied().collect();
        for (n, pair) in points.windows(2).enumerate() {
            if n % 2 == 0 {
                scene.world_line(pair[0], pair[1], 1.5, color);
            }
        }
    }
}

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

fn targets(scene: &mut Scene, world: &World, view: &View, labels: bool) {
    let pane = view.pane;
    let selected = match view.selected {
        Some(Selection::Target(id)) => Some(id),
        _ => None,
    };
    // Targets taken back (Undo) leave at the start of the next tick, as inputs apply:
    // until then each is drawn as leaving, not as a target.
    let leaving: Vec<TargetId> = (world.pending().iter())
        .filter_map(|input| match input {
            Input::RemoveTarget { target } => Some(*target),
            _ => None,
        })
        .collect();
    let named = if labels {
        let on_screen: Vec<TargetId> = world
            .targets()
            .iter()
            .filter(|t| !t.decoy && !t.name.starts_with("asteroid"))
            .filter(|t| !leaving.contains(&t.id))
            .filter(|t| {
                let c = view.camera.to_screen(pane, t.pos);
                c.x >= pane.x && c.x <= pane.x + pane.w && c.y >= pane.y && c.y <= pane.y + pane.h
            })
            .map(|t| t.id)
            .collect();
        let (named, hidden) = labelled(&on_screen, selected);
        scene.hidden_labels += hidden;
        named
    } else {
        Vec::new()
    };
    for t in world.targets() {
        let c = At::world(t.pos);
        if leaving.contains(&t.id) {
            scene.circle(c, t.radius, 3.0, false, 1.0, palette::DIM_TEXT);
            let r = (t.radius * view.camera.zoom).max(3.0);
            let label = format!("{} (taken back: gone next tick)", t.name);
            scene.text(
                c.offset(Vec2::new(r + 4.0, -r)),
                16.0,
                label,
                palette::DIM_TEXT,
            );
            scene.symbol(Symbol::LeavingTarget);
            continue;
        }
        if t.decoy {
            // A flare: a bright spark with a glow, no label.
            let glow = with_alpha(palette::FLARE, palette::FLARE_GLOW_ALPHA);
            scene.circle(c, t.radius * 2.5, 7.5, true, 1.0, glow);
            scene.circle(c, t.radius, 3.0, true, 1.0, palette::FLARE);
            scene.symbol(Symbol::Flare);
            continue;
        }
        scene.symbol(Symbol::Target);
        crowds::scenery(scene, &t.motion.scenery());
        let fill = with_alpha(palette::TARGET, palette::TARGET_FILL_ALPHA);
        scene.circle(c, t.radius, 3.0, true, 1.0, fill);
        scene.circle(c, t.radius, 3.0, false, 2.0, palette::TARGET);
        let on_screen_radius = (t.radius * view.camera.zoom).max(3.0);
        if selected == Some(t.id) {
            let ring = on_screen_radius + 5.0;
            scene.circle(c, 0.0, ring, false, 2.0, palette::SELECTED);
        }
        if named.contains(&t.id) {
            let hits = match t.hits {
                0 => String::new(),
                1 => " (1 hit)".to_string(),
                n => format!(" ({n} hits)"),
            };
            scene.labels.push(labels::Label {
                anchor: c,
                clear: on_screen_radius + 4.0,
                size: 16.0,
                text: format!("{}{hits}", t.name),
                color: palette::TEXT,
                priority: if selected == Some(t.id) { 0 } else { 1 },
                counted: true,
            });
        }
    }
}

/// Targets placed but not in the world yet (inputs apply at the start of the next
/// tick): drawn at once, so a placement while paused is seen.
fn pending_targets(scene: &mut Scene, world: &World, zoom: f32) {
    for input in world.pending() {
        if let Input::AddTarget(spec) = input {
            let c = At::world(spec.motion.start());
            let fill = with_alpha(palette::TARGET, 0.15);
            scene.circle(c, spec.radius, 3.0, true, 1.0, fill);
            scene.circle(c, spec.radius, 3.0, false, 1.5, palette::SELECTED);
            let r = (spec.radius * zoom).max(3.0);
            let label = format!("{} (next tick)", spec.name);
            scene.text(c.offset(Vec2::new(r + 4.0, -r)), 16.0, label, palette::TEXT);
            scene.symbol(Symbol::PendingTarget);
        }
    }
}

/// Blasts and hits of the last [`palette::BLAST_FADE_TICKS`], fading.
fn blasts(scene: &mut Scene, layer: &Layer) {
    let now = layer.world.tick();
    for blast in layer.blasts {
        let age = now.saturating_sub(blast.tick) as f32 / palette::BLAST_FADE_TICKS as f32;
        if age >= 1.0 {
            continue;
        }
        let c = At::world(blast.pos);
        let fill = with_alpha(palette::BLAST, palette::BLAST_FILL_ALPHA * (1.0 - age));
        scene.circle(c, blast.radius, 8.0, true, 1.0, fill);
        let ring = with_alpha(palette::BLAST, 1.0 - age);
        scene.circle(c, blast.radius, 8.0, false, 2.0, ring);
        scene.symbol(Symbol::Blast);
    }
}

/// Paused mid-drag: the target moves on the next tick; show where it will be.
fn preview(scene: &mut Scene, world: &World, view: &View) {
    let Some((id, pos)) = view.preview else {
        return;
    };
    let Some(t) = world.target(id) else {
        return;
    };
    let r = (t.radius * view.camera.zoom).max(3.0);
    scene.world_line(t.pos, pos, 1.0, palette::DIM_TEXT);
    scene.circle(At::world(pos), t.radius, 3.0, false, 1.5, palette::SELECTED);
    let at = At::world(pos).offset(Vec2::new(r + 4.0, 4.0));
    scene.text(at, 16.0, "moves on the next tick".into(), palette::DIM_TEXT);
}

/// Every law in the scene, each way it is flown: fired by a launcher, a turret's, or
/// flying.
fn present(layers: &[Layer]) -> Vec<Flavour> {
    let mut present: Vec<Flavour> = Vec::new();
    for layer in layers {
        let world = layer.world;
        present.extend(flavour::fired(world));
        // Each law and source once (a volley of 10,000 is a handful of them).
        let mut seen = std::collections::HashSet::new();
        for m in world.missiles() {
            if seen.insert((m.algorithm(), m.source)) {
                present.push(flavour(world, m.algorithm(), Some(m.source)));
            }
        }
    }
    present.sort();
    present.dedup();
    present
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;

#[cfg(test)]
mod crowd_tests;

#[cfg(test)]
mod missile_tests;
