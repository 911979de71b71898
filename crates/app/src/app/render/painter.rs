//! Drawing in world coordinates through a pane's camera: lines, arrows, circles,
//! crosses, batched line meshes, and the algorithms' debug shapes (one look per role,
//! shared by the view and its legend).

use super::colors::algorithm_color;
use crate::core::{Role, Shape};
use crate::guidance::Algorithm;
use crate::scenario::camera::{Camera, Pane};
use glam::Vec2;
use macroquad::color::Color;
use macroquad::models::{draw_mesh, Mesh, Vertex};
use macroquad::shapes::{draw_circle, draw_circle_lines, draw_line, draw_triangle};

/// Vertices per line mesh before it is flushed (indices are u16).
const MESH_VERTICES: usize = 60_000;

pub fn v(p: Vec2) -> macroquad::math::Vec2 {
    macroquad::math::vec2(p.x, p.y)
}

/// Draws with a pane's transform.
pub struct Painter {
    pub pane: Pane,
    pub camera: Camera,
}

impl Painter {
    /// A painter whose world coordinates are screen pixels (for legends).
    pub fn screen(pane: Pane) -> Self {
        Self {
            pane,
            camera: Camera {
                center: pane.center(),
                zoom: 1.0,
            },
        }
    }

    pub fn at(&self, world: Vec2) -> Vec2 {
        self.camera.to_screen(self.pane, world)
    }

    pub fn line(&self, a: Vec2, b: Vec2, width: f32, color: Color) {
        let (a, b) = (self.at(a), self.at(b));
        draw_line(a.x, a.y, b.x, b.y, width, color);
    }

    pub fn arrow(&self, from: Vec2, vector: Vec2, color: Color) {
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

    pub fn circle_lines(&self, center: Vec2, radius: f32, width: f32, color: Color) {
        let c = self.at(center);
        draw_circle_lines(c.x, c.y, (radius * self.camera.zoom).max(1.0), width, color);
    }

    pub fn cross(&self, p: Vec2, size: f32, color: Color) {
        let c = self.at(p);
        draw_line(c.x - size, c.y - size, c.x + size, c.y + size, 1.5, color);
        draw_line(c.x - size, c.y + size, c.x + size, c.y - size, 1.5, color);
    }

    /// An algorithm's debug shape, drawn the way its role looks everywhere.
    pub fn shape(&self, shape: &Shape, role: Role, algorithm: Algorithm) {
        self.shape_in(shape, role, algorithm_color(algorithm, 0.75));
    }

    /// A debug shape in a given colour (the legend's samples).
    pub fn shape_in(&self, shape: &Shape, role: Role, color: Color) {
        match shape {
            Shape::Point(p) => match role {
                Role::AlternateIntercept => {
                    self.circle_lines(*p, 6.0 / self.camera.zoom, 1.5, Color { a: 0.45, ..color })
                }
                Role::InterceptPoint => {
                    self.circle_lines(*p, 6.0 / self.camera.zoom, 1.5, color);
                    self.cross(*p, 4.0, color);
                }
                Role::SeenTarget => {
                    let c = self.at(*p);
                    draw_circle(c.x, c.y, 3.5, color);
                    self.circle_lines(*p, 7.0 / self.camera.zoom, 1.0, color);
                }
                _ => self.cross(*p, 5.0, color),
            },
            Shape::Line(a, b) => {
                let faint = if role == Role::AlternateArc {
                    0.35
                } else {
                    1.0
                };
                self.line(
                    *a,
                    *b,
                    1.0,
                    Color {
                        a: color.a * faint,
                        ..color
                    },
                );
            }
            Shape::Arrow { from, vector } => {
                self.arrow(*from, *vector, color);
                if role == Role::AchievedAcceleration {
                    // A dot on the head tells it from the commanded arrow.
                    let tip = self.at(*from + *vector);
                    draw_circle(tip.x, tip.y, 3.0, color);
                }
            }
            Shape::Circle { center, radius } => {
                let alpha = if role == Role::TurnCircle { 0.3 } else { 0.5 };
                self.circle_lines(*center, *radius, 1.0, Color { a: alpha, ..color });
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
                    *apex + Vec2::from_angle(angle) * *length
                };
                let fill = Color { a: 0.06, ..color };
                for k in 0..steps {
                    draw_triangle(
                        v(self.at(*apex)),
                        v(self.at(at(k))),
                        v(self.at(at(k + 1))),
                        fill,
                    );
                    self.line(at(k), at(k + 1), 1.0, Color { a: 0.35, ..color });
                }
                self.line(*apex, at(0), 1.0, Color { a: 0.35, ..color });
                self.line(*apex, at(steps), 1.0, Color { a: 0.35, ..color });
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
                draw_triangle(v(self.at(*apex)), v(self.at(a)), v(self.at(b)), fill);
                self.line(*apex, a, 1.0, Color { a: 0.5, ..color });
                self.line(*apex, b, 1.0, Color { a: 0.5, ..color });
            }
        }
    }
}

/// Restricts drawing to a pane (so split panes never draw into each other).
pub fn clip(pane: Option<Pane>) {
    let rect = pane.map(|p| (p.x as i32, p.y as i32, p.w.ceil() as i32, p.h.ceil() as i32));
    // SAFETY: called on the main thread between macroquad frames, as the API requires.
    unsafe { macroquad::window::get_internal_gl() }
        .quad_gl
        .scissor(rect);
}

/// Many thin segments in screen coordinates, drawn as a few meshes.
pub struct Lines {
    mesh: Mesh,
}

impl Lines {
    pub fn new() -> Self {
        Self {
            mesh: Mesh {
                vertices: Vec::with_capacity(MESH_VERTICES + 8),
                indices: Vec::with_capacity(MESH_VERTICES / 4 * 6 + 12),
                texture: None,
            },
        }
    }

    /// Appends a quad for the segment `a -> b` of screen width `width`.
    pub fn segment(&mut self, a: Vec2, b: Vec2, width: f32, color: Color) {
        let Some(dir) = (b - a).try_normalize() else {
            return;
        };
        let side = dir.perp() * (width * 0.5);
        let base = self.mesh.vertices.len() as u16;
        for p in [a + side, b + side, b - side, a - side] {
            self.mesh
                .vertices
                .push(Vertex::new(p.x, p.y, 0.0, 0.0, 0.0, color));
        }
        self.mesh
            .indices
            .extend_from_slice(&[base, base + 1, base + 2, base, base + 2, base + 3]);
        if self.mesh.vertices.len() >= MESH_VERTICES {
            self.flush();
        }
    }

    /// Draws what has been added.
    pub fn flush(&mut self) {
        if !self.mesh.vertices.is_empty() {
            draw_mesh(&self.mesh);
            self.mesh.vertices.clear();
            self.mesh.indices.clear();
        }
    }
}
