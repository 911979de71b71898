//! Obstacles: each filled faintly and outlined in its colour, terrain (which ends the
//! missiles that touch it) in earth tones, the others (crowds steer round them, missiles
//! fly through) in slate; a wall is a thick line; the selected one outlined in the
//! selection's colour. Each is drawn where it will be at the next tick: moved by the
//! drags queued for it, and with the ones placed for the next tick (a paused run shows a
//! drag at once).

use super::{At, Mark, Scene, Selection, Symbol};
use crate::palette::{self, with_alpha, Rgba};
use crate::sim::Obstacle;
use crate::sim::{Input, ObstacleSpec, World};
use glam::Vec2;

/// Width of an obstacle's outline and of a wall, in pixels.
const OUTLINE: f32 = 1.5;
const WALL: f32 = 3.0;

/// A convex polygon filled in `fill` and outlined in `edge`.
pub(super) fn outlined(points: &[Vec2], fill: Rgba, edge: Rgba) -> Vec<Mark> {
    let mut marks = vec![Mark::Polygon {
        points: points.iter().map(|p| At::world(*p)).collect(),
        color: fill,
    }];
    for (k, a) in points.iter().enumerate() {
        marks.push(Mark::Line {
            a: At::world(*a),
            b: At::world(points[(k + 1) % points.len()]),
            width: OUTLINE,
            color: edge,
        });
    }
    marks
}

/// The obstacles of `world` as they will be at its next tick: those it holds and those
/// placed for the next tick, in that order (their indices), each moved by the drags
/// queued for it.
pub fn upcoming(world: &World) -> Vec<ObstacleSpec> {
    let mut out = world.obstacles().to_vec();
    for input in world.pending() {
        match input {
            Input::AddObstacle(spec) => out.push(spec.clone()),
            Input::MoveObstacle { obstacle, by } => {
                if let Some(o) = out.get_mut(*obstacle) {
                    *o = o.moved(*by);
                }
            }
            _ => {}
        }
    }
    out
}

/// Every obstacle of `world` ([`upcoming`]), `selected` among them outlined in the
/// selection's colour.
pub(super) fn obstacles(scene: &mut Scene, world: &World, selected: Option<Selection>) {
    for (i, obstacle) in upcoming(world).iter().enumerate() {
        let (mut edge, symbol) = if obstacle.terrain() {
            (palette::TERRAIN, Symbol::Terrain)
        } else {
            (palette::OBSTACLE, Symbol::Obstacle)
        };
        let fill = with_alpha(edge, palette::OBSTACLE_FILL_ALPHA);
        if selected == Some(Selection::Obstacle(i)) {
            edge = palette::SELECTED;
        }
        match obstacle.shape() {
            Obstacle::Circle { center, radius } => {
                scene.circle(At::world(center), radius, 1.0, true, 1.0, fill);
                scene.circle(At::world(center), radius, 1.0, false, OUTLINE, edge);
            }
            Obstacle::Polygon { points } => scene.marks.extend(outlined(&points, fill, edge)),
            Obstacle::Wall { a, b } => scene.world_line(a, b, WALL, edge),
        }
        scene.symbol(symbol);
    }
}

#[cfg(test)]
#[path = "obstacles_tests.rs"]
mod tests;
