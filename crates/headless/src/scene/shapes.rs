//! How each debug shape looks, by its role (one look per role, in the view and in its
//! legend alike), and the legend's samples of every symbol.

use super::{At, Mark, Symbol};
use crate::core::debug::Glyph;
use crate::core::{Role, Shape};
use crate::palette::{self, with_alpha, Rgba};
use glam::Vec2;

/// A line from `from` along `vector` (world units) with a head of 9 pixels.
pub fn arrow(from: Vec2, vector: Vec2, color: Rgba) -> Vec<Mark> {
    let (a, b) = (At::world(from), At::world(from + vector));
    let mut out = vec![Mark::Line {
        a,
        b,
        width: 1.5,
        color,
    }];
    // The camera neither turns nor mirrors: the head points as the vector does.
    if let Some(dir) = vector.try_normalize() {
        let side = dir.perp() * 4.0;
        out.push(Mark::Polygon {
            points: vec![b, b.offset(-dir * 9.0 + side), b.offset(-dir * 9.0 - side)],
            color,
        });
    }
    out
}

/// A cross of `size` pixels each way around a world point.
fn cross(p: Vec2, size: f32, color: Rgba) -> Vec<Mark> {
    let c = At::world(p);
    [(1.0, 1.0), (1.0, -1.0)]
        .into_iter()
        .map(|(x, y)| {
            let d = Vec2::new(x, y) * size;
            Mark::Line {
                a: c.offset(-d),
                b: c.offset(d),
                width: 1.5,
                color,
            }
        })
        .collect()
}

fn ring(center: Vec2, radius: f32, min_px: f32, width: f32, color: Rgba) -> Mark {
    Mark::Circle {
        center: At::world(center),
        radius,
        min_px,
        fill: false,
        width,
        color,
    }
}

/// A filled disc of `radius` pixels in a legend's sample.
fn disc(center: Vec2, radius: f32, color: Rgba) -> Mark {
    Mark::Circle {
        center: At::world(center),
        radius,
        min_px: 1.0,
        fill: true,
        width: 1.0,
        color,
    }
}

fn line(a: Vec2, b: Vec2, color: Rgba) -> Mark {
    Mark::Line {
        a: At::world(a),
        b: At::world(b),
        width: 1.0,
        color,
    }
}

fn triangle(points: [Vec2; 3], color: Rgba) -> Mark {
    Mark::Polygon {
        points: points.into_iter().map(At::world).collect(),
        color,
    }
}

/// A debug shape of `role`, in `color`, the way that role looks everywhere.
pub fn role_marks(shape: &Shape, role: Role, color: Rgba) -> Vec<Mark> {
    let alpha = |a: f32| with_alpha(color, color[3] * a);
    match *shape {
        Shape::Point(p) => match role {
            Role::AlternateIntercept => vec![ring(p, 0.0, 6.0, 1.5, with_alpha(color, 0.45))],
            Role::InterceptPoint => {
                let mut out = vec![ring(p, 0.0, 6.0, 1.5, color)];
                out.extend(cross(p, 4.0, color));
                out
            }
            Role::SeenTarget => vec![
                Mark::Circle {
                    center: At::world(p),
                    radius: 0.0,
                    min_px: 3.5,
                    fill: true,
                    width: 1.0,
                    color,
                },
                ring(p, 0.0, 7.0, 1.0, color),
            ],
            _ => cross(p, 5.0, color),
        },
        Shape::Line(a, b) => {
            let faint = if role == Role::AlternateArc {
                0.35
            } else {
                1.0
            };
            vec![line(a, b, alpha(faint))]
        }
        Shape::Arrow { from, vector } => {
            let mut out = arrow(from, vector, color);
            if role == Role::AchievedAcceleration {
                // A dot on the head tells it from the commanded arrow.
                out.push(Mark::Circle {
                    center: At::world(from + vector),
                    radius: 0.0,
                    min_px: 3.0,
                    fill: true,
                    width: 1.0,
                    color,
                });
            }
            out
        }
        Shape::Circle { center, radius } => {
            let a = if role == Role::TurnCircle { 0.3 } else { 0.5 };
            vec![ring(center, radius, 1.0, 1.0, with_alpha(color, a))]
        }
        Shape::Wedge {
            apex,
            direction,
            half_angle,
            length,
        } if role == Role::SeekerCone => {
            // A fan (any width up to a full turn), fainter than a dead zone.
            let steps = ((half_angle * 2.0 / 0.15).ceil() as usize).max(1);
            let at = |k: usize| {
                let angle = direction - half_angle + half_angle * 2.0 * k as f32 / steps as f32;
                apex + Vec2::from_angle(angle) * length
            };
            let mut out = Vec::new();
            for k in 0..steps {
                out.push(triangle([apex, at(k), at(k + 1)], with_alpha(color, 0.06)));
                out.push(line(at(k), at(k + 1), with_alpha(color, 0.35)));
            }
            out.push(line(apex, at(0), with_alpha(color, 0.35)));
            out.push(line(apex, at(steps), with_alpha(color, 0.35)));
            out
        }
        Shape::Wedge {
            apex,
            direction,
            half_angle,
            length,
        } => {
            let a = apex + Vec2::from_angle(direction + half_angle) * length;
            let b = apex + Vec2::from_angle(direction - half_angle) * length;
            vec![
                triangle([apex, a, b], with_alpha(color, 0.12)),
                line(apex, a, with_alpha(color, 0.5)),
                line(apex, b, with_alpha(color, 0.5)),
            ]
        }
    }
}

/// A symbol's sample for the legend, around `mid` (the legend draws in pixels: a camera
/// of zoom 1 over its own pane).
pub fn sample(symbol: Symbol, mid: Vec2) -> Vec<Mark> {
    let color: Rgba = [0.85, 0.87, 0.90, 0.9];
    let x = Vec2::X;
    let segment = |a: Vec2, b: Vec2, width: f32| Mark::Line {
        a: At::world(a),
        b: At::world(b),
        width,
        color,
    };
    match symbol {
        Symbol::Trail => vec![segment(mid - x * 10.0, mid + x * 10.0, 2.0)],
        Symbol::Velocity => arrow(mid - x * 10.0, x * 20.0, color),
        Symbol::Blast => vec![
            disc(
                mid,
                7.0,
                with_alpha(palette::BLAST, palette::BLAST_FILL_ALPHA),
            ),
            ring(mid, 7.0, 1.0, 2.0, palette::BLAST),
        ],
        Symbol::Ghost => (0..3)
            .map(|k| {
                let a = mid + x * (-10.0 + 8.0 * k as f32);
                segment(a, a + x * 4.0, 1.5)
            })
            .collect(),
        Symbol::PendingTarget => vec![ring(mid, 7.0, 1.0, 1.5, palette::SELECTED)],
        Symbol::LeavingTarget => vec![ring(mid, 7.0, 1.0, 1.0, palette::DIM_TEXT)],
        Symbol::Target => vec![
            disc(
                mid,
                7.0,
                with_alpha(palette::TARGET, palette::TARGET_FILL_ALPHA),
            ),
            ring(mid, 7.0, 1.0, 2.0, palette::TARGET),
        ],
        Symbol::Launcher => {
            let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)];
            let points = corners
                .into_iter()
                .map(|(a, b)| At::world(mid + Vec2::new(a, b) * 6.0))
                .collect();
            vec![Mark::Polygon {
                points,
                color: palette::LAUNCHER,
            }]
        }
        Symbol::Turret => vec![
            disc(mid + Vec2::Y * 3.0, 6.0, palette::LAUNCHER),
            Mark::Line {
                a: At::world(mid + Vec2::Y * 3.0),
                b: At::world(mid + Vec2::new(6.0, -7.0)),
                width: 3.0,
                color: palette::LAUNCHER,
            },
        ],
        Symbol::Missile => vec![Mark::Arrows {
            arrows: vec![(mid, x)],
            size: 1.0,
            color,
        }],
        Symbol::Flare => vec![
            disc(
                mid,
                7.0,
                with_alpha(palette::FLARE, palette::FLARE_GLOW_ALPHA),
            ),
            disc(mid, 3.0, palette::FLARE),
        ],
        Symbol::FlyGrid => [-8.0, 0.0, 8.0]
            .into_iter()
            .map(|dx| disc(mid + x * dx, 2.0, palette::GRID))
            .collect(),
        Symbol::DeathLine => vec![Mark::Line {
            a: At::world(mid - x * 10.0),
            b: At::world(mid + x * 10.0),
            width: 1.5,
            color: palette::DEATH_LINE,
        }],
        Symbol::Ground => vec![Mark::Line {
            a: At::world(mid - x * 10.0),
            b: At::world(mid + x * 10.0),
            width: 2.0,
            color: palette::GROUND,
        }],
        Symbol::Danger => vec![Mark::Line {
            a: At::world(mid - x * 10.0),
            b: At::world(mid + x * 10.0),
            width: 1.0,
            // Drawn faint across the world; its sample a little stronger to be seen.
            color: with_alpha(palette::DANGER, 0.8),
        }],
        Symbol::Terrain | Symbol::Obstacle => {
            let edge = if symbol == Symbol::Terrain {
                palette::TERRAIN
            } else {
                palette::OBSTACLE
            };
            let corners =
                [(-9.0, 6.0), (0.0, -7.0), (9.0, 6.0)].map(|(a, b)| mid + Vec2::new(a, b));
            let fill = with_alpha(edge, palette::OBSTACLE_FILL_ALPHA);
            super::obstacles::outlined(&corners, fill, edge)
        }
        Symbol::Agent => super::crowds::sample(mid),
        Symbol::AgentSteering => {
            let mut marks = arrow(
                mid - x * 10.0,
                Vec2::new(14.0, -8.0),
                palette::STEERING_PART,
            );
            marks.extend(arrow(mid - x * 10.0, x * 20.0, palette::SELECTED));
            marks
        }
        Symbol::CrowdGoal => {
            // A stretch of path with its edges, and a flow arrow.
            let color = palette::GOAL;
            let mut marks: Vec<Mark> = [-6.0, 0.0, 6.0]
                .map(|dy| line(mid + Vec2::new(-10.0, dy), mid + Vec2::new(4.0, dy), color))
                .into();
            marks.extend(arrow(mid + x * 6.0, x * 6.0, color));
            marks
        }
        Symbol::AgentGoal => {
            let color = palette::GOAL;
            let mut marks = vec![ring(mid - x * 6.0, 0.0, 5.0, 1.0, color)];
            marks.push(Mark::Circle {
                center: At::world(mid + x * 8.0),
                radius: 0.0,
                min_px: 3.0,
                fill: true,
                width: 1.0,
                color,
            });
            marks
        }
        Symbol::AgentSenses => {
            // A box ahead, a feeler out of it, and a wander circle's point.
            let at = |a: f32, b: f32| mid + Vec2::new(a, b);
            let line = |a: Vec2, b: Vec2| Mark::Line {
                a: At::world(a),
                b: At::world(b),
                width: 1.0,
                color: palette::SENSES,
            };
            let corners = [at(-10.0, -3.0), at(6.0, -3.0), at(6.0, 3.0), at(-10.0, 3.0)];
            let mut marks: Vec<Mark> = (0..4)
                .map(|k| line(corners[k], corners[(k + 1) % 4]))
                .collect();
            marks.push(line(at(-10.0, 0.0), at(2.0, -8.0)));
            marks.push(disc(at(10.0, 0.0), 2.0, palette::SENSES));
            marks
        }
        Symbol::Shape(k) => {
            let role = Role::ALL[usize::from(k)];
            let shape = match role.glyph() {
                Glyph::Point => Shape::Point(mid),
                Glyph::Circle => Shape::Circle {
                    center: mid,
                    radius: 7.0,
                },
                Glyph::Line => Shape::Line(mid - Vec2::new(10.0, -5.0), mid + Vec2::new(10.0, 5.0)),
                Glyph::Wedge => Shape::Wedge {
                    apex: mid - x * 10.0,
                    direction: 0.0,
                    half_angle: 0.35,
                    length: 22.0,
                },
                Glyph::Arrow => Shape::Arrow {
                    from: mid - x * 10.0,
                    vector: x * 20.0,
                },
            };
            role_marks(&shape, role, color)
        }
    }
}
