//! Trails: where missiles, targets and a small crowd's agents were over the last
//! seconds, fading with age; a crowd's thinner, shorter and, where many cover the same
//! pixels, drawn once.

use super::{flavour, Layer, Mark, Scene, Symbol, View};
use super::{CROWD_TRAILS, CROWD_TRAIL_PIXELS, MAX_TRAIL_SEGMENTS};
use crate::core::prefetch;
use crate::palette::{self, with_alpha, Rgba};
use crate::sim::trails::Owner;
use foldhash::fast::FixedState;
use glam::Vec2;
use std::collections::HashMap;

/// Every layer's trails of the last `trail_seconds`, fading with age, in their owners'
/// order: two pixels wide, one in a crowd (more than [`CROWD_TRAILS`]). A crowd whose
/// trails would be longer than [`CROWD_TRAIL_PIXELS`] on screen in all shows each
/// trail's newest part only (the same share of every trail's time), so it stays a
/// picture of where things head and not a scribble over the whole view.
pub(super) fn trails(scene: &mut Scene, layers: &[Layer], view: &View) {
    let count: usize = layers.iter().map(|l| l.trails.count()).sum();
    let per_trail = (view.trail_budget / count.max(1)).clamp(1, MAX_TRAIL_SEGMENTS);
    let crowd = count > CROWD_TRAILS;
    let width = if crowd { 1.0 } else { 2.0 };
    let mut share = 1.0;
    if crowd {
        let pixels = trail_pixels(layers, view, per_trail);
        if pixels > CROWD_TRAIL_PIXELS {
            share = CROWD_TRAIL_PIXELS / pixels;
        }
    }
    // A crowd's segments already drawn, by where and in what colour ([`segment_key`]).
    let mut drawn = HashMap::with_hasher(FixedState::default());
    for layer in layers {
        let world = layer.world;
        let now = world.tick();
        let span = (view.trail_seconds * share / world.dt()).max(1.0);
        let mut ahead = layer.trails.iter().skip(prefetch::AHEAD);
        for (owner, trail) in layer.trails.iter() {
            if let Some((_, next)) = ahead.next() {
                next.prefetch_segments(now, span);
            }
            // The trail's colour and how its fading is scaled, once a trail, not once a
            // segment (10,000 trails are 40,000 segments): a law's shade does not
            // depend on the alpha ([`Flavour::rgba`]).
            let (color, fade) = match (owner, trail.algorithm) {
                (_, Some(a)) => (flavour(world, a, trail.source).rgba(1.0), 1.0),
                (Owner::Agent(..), None) => (palette::AGENT, palette::TARGET_TRAIL_ALPHA),
                _ => (palette::TARGET, palette::TARGET_TRAIL_ALPHA),
            };
            for (from, to, age) in trail.segments(now, span, per_trail) {
                let alpha = palette::trail_alpha(age) * fade;
                let key = crowd.then(|| segment_key(view, from, to, color));
                if let Some(&at) = key.as_ref().and_then(|key| drawn.get(key)) {
                    overprint(&mut scene.marks[at], alpha);
                } else {
                    if let Some(key) = key {
                        drawn.insert(key, scene.marks.len());
                    }
                    scene.world_line(from, to, width, with_alpha(color, alpha));
                }
                scene.symbol(Symbol::Trail);
            }
        }
    }
}

/// Trails measured at most for [`trail_pixels`]: an even sample of a larger crowd's
/// (10,000 trails measured every frame cost as much as drawing them).
const MEASURED_TRAILS: usize = 256;

/// How long the layers' trails of the last `trail_seconds` are on screen in all, in
/// pixels (as drawn, `per_trail` segments at most each): measured on every trail of a
/// crowd of up to [`MEASURED_TRAILS`], on an even sample of a larger one (every k-th,
/// scaled by the count over the sample's).
fn trail_pixels(layers: &[Layer], view: &View, per_trail: usize) -> f32 {
    let mut world_units = 0.0;
    for layer in layers {
        let span = (view.trail_seconds / layer.world.dt()).max(1.0);
        let count = layer.trails.count();
        let every = count.div_ceil(MEASURED_TRAILS).max(1);
        let mut measured = 0.0;
        let mut units = 0.0;
        for (_, trail) in layer.trails.iter().step_by(every) {
            measured += 1.0;
            for (from, to, _) in trail.segments(layer.world.tick(), span, per_trail) {
                units += from.distance(to);
            }
        }
        if measured > 0.0 {
            world_units += units * count as f32 / measured;
        }
    }
    world_units * view.camera.zoom
}

/// Where a crowd's trail segment is drawn, its ends to the pixel, and its colour (its
/// alpha aside): a crowd's segment with the key of one drawn before is not drawn again,
/// the one drawn taking on its alpha ([`overprint`]). 10,000 missiles of a salvo flying
/// as one draw the same few segments thousands of times over.
fn segment_key(view: &View, from: Vec2, to: Vec2, color: Rgba) -> ([i32; 4], [u32; 3]) {
    let pixel = |p: Vec2| view.camera.to_screen(view.pane, p).floor();
    let (a, b) = (pixel(from), pixel(to));
    let [r, g, b_, _] = color.map(f32::to_bits);
    ([a.x as i32, a.y as i32, b.x as i32, b.y as i32], [r, g, b_])
}

/// A line of one colour drawn over itself with `alpha`: its alpha is what the two
/// layers' blending gives, `1 - (1 - a)(1 - alpha)` (over anything, the colour at
/// `a` then at `alpha` is the colour at that).
pub(super) fn overprint(line: &mut Mark, alpha: f32) {
    if let Mark::Line { color, .. } = line {
        color[3] = 1.0 - (1.0 - color[3]) * (1.0 - alpha);
    }
}
