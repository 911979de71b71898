//! Obstacles: each filled faintly and outlined in its colour, terrain (which ends the
//! missiles that touch it) in earth tones, the others (crowds steer round them, missiles
//! fly through) in slate; a wall is a thick line.

use super::{At, Mark, Scene, Symbol};
use crate::palette::{self, with_alpha, Rgba};
use crate::sim::Obstacle;
use crate::sim::World;
use glam::Vec2;

/// Width of an obstacle's outline and of a wall, in pixels.
const OUTLINE: f32 = 1.5;
const WALL: f32 = 3.0;

/// A convex polygon filled faintly in `edge`'s colour and outlined in it.
pub(super) fn outlined(points: impl IntoIterator<Item = Vec2>, edge: Rgba) -> Vec<Mark> {
    let points: Vec<Vec2> = points.into_iter().collect();
    let mut marks = vec![Mark::Polygon {
        points: points.iter().map(|p| At::world(*p)).collect(),
        color: with_alpha(edge, palette::OBSTACLE_FILL_ALPHA),
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

/// Every obstacle of `world`, in the order it holds them.
pub(super) fn obstacles(scene: &mut Scene, world: &World) {
    for obstacle in world.obstacles() {
        let (edge, symbol) = if obstacle.terrain() {
            (palette::TERRAIN, Symbol::Terrain)
        } else {
            (palette::OBSTACLE, Symbol::Obstacle)
        };
        match obstacle.shape() {
            Obstacle::Circle { center, radius } => {
                let fill = with_alpha(edge, palette::OBSTACLE_FILL_ALPHA);
                scene.circle(At::world(center), radius, 1.0, true, 1.0, fill);
                scene.circle(At::world(center), radius, 1.0, false, OUTLINE, edge);
            }
            Obstacle::Polygon { points } => scene.marks.extend(outlined(points, edge)),
            Obstacle::Wall { a, b } => scene.world_line(a, b, WALL, edge),
        }
        scene.symbol(symbol);
    }
}
