//! The window's backend for the scene ([`crate::scene`]): each mark drawn with macroquad
//! through a pane's camera, thin lines batched into meshes (a crowd's trails are tens
//! of thousands of segments), one-pixel lines as OpenGL lines (under a software OpenGL
//! a quad costs the window twice what a line does).

use crate::palette::Rgba;
use crate::scenario::camera::{Camera, Pane};
use crate::scene::{At, Mark};
use glam::Vec2;
use macroquad::color::Color;
use macroquad::models::{draw_mesh, Mesh, Vertex};
use macroquad::prelude::DrawMode;
use macroquad::shapes::{draw_circle, draw_circle_lines, draw_line, draw_triangle};

/// Vertices per line mesh before it is flushed (indices are u16).
const MESH_VERTICES: usize = 60_000;
/// Lines at most this wide go into the meshes; wider ones are drawn one by one.
const BATCHED_WIDTH: f32 = 2.5;
/// Lines at most this wide are drawn as OpenGL lines, one pixel wide.
const HAIRLINE_WIDTH: f32 = 1.0;

pub fn v(p: Vec2) -> macroquad::math::Vec2 {
    macroquad::math::vec2(p.x, p.y)
}

pub const fn color([r, g, b, a]: Rgba) -> Color {
    Color::new(r, g, b, a)
}

/// Draws marks with a pane's transform.
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

    fn at(&self, at: At) -> Vec2 {
        self.camera.to_screen(self.pane, at.world) + at.px
    }

    /// Draws the marks in order: text with macroquad's own material (its glyphs are a
    /// texture), everything else with [`Plain`] colours.
    pub fn draw(&self, marks: &[Mark]) {
        let mut lines = Lines::new();
        let can = Plain::Triangles.use_it();
        let mut plain = can;
        for mark in marks {
            let text = matches!(mark, Mark::Text { .. });
            if can && text == plain {
                lines.flush();
                plain = match text {
                    true => Plain::stop(),
                    false => Plain::Triangles.use_it(),
                };
            }
            match mark {
                Mark::Line {
                    a,
                    b,
                    width,
                    color: c,
                } if *width <= BATCHED_WIDTH => {
                    lines.segment(self.at(*a), self.at(*b), *width, color(*c));
                    continue;
                }
                _ => lines.flush(),
            }
            self.draw_one(mark);
        }
        lines.flush();
        Plain::stop();
    }

    fn draw_one(&self, mark: &Mark) {
        match mark {
            Mark::Line {
                a,
                b,
                width,
                color: c,
            } => {
                let (a, b) = (self.at(*a), self.at(*b));
                draw_line(a.x, a.y, b.x, b.y, *width, color(*c));
            }
            Mark::Circle {
                center,
                radius,
                min_px,
                fill,
                width,
                color: c,
            } => {
                let p = self.at(*center);
                let r = (radius * self.camera.zoom).max(*min_px);
                if *fill {
                    draw_circle(p.x, p.y, r, color(*c));
                } else {
                    draw_circle_lines(p.x, p.y, r, *width, color(*c));
                }
            }
            Mark::Polygon { points, color: c } => {
                // A fan from the first point: the scene's polygons are convex.
                let screen: Vec<Vec2> = points.iter().map(|p| self.at(*p)).collect();
                for k in 1..screen.len().saturating_sub(1) {
                    draw_triangle(v(screen[0]), v(screen[k]), v(screen[k + 1]), color(*c));
                }
            }
            Mark::Arrows {
                arrows,
                size,
                color: c,
            } => {
                let c = color(*c);
                for (at, forward) in arrows {
                    let nose = self.at(At::world(*at));
                    let [a, b, d] = crate::scene::arrow(nose, *forward, *size);
                    draw_triangle(v(a), v(b), v(d), c);
                }
            }
            Mark::Heads {
                heads,
                radius,
                min_px,
                color: c,
            } => {
                let size = (radius * self.camera.zoom).max(*min_px);
                let c = color(*c);
                for (at, forward) in heads {
                    let center = self.at(At::world(*at));
                    let [a, b, d] = crate::scene::head(center, *forward, size);
                    draw_triangle(v(a), v(b), v(d), c);
                }
            }
            Mark::Text {
                at,
                size,
                text,
                color: c,
            } => {
                let p = self.at(*at);
                crate::app::fonts::draw_text(text, p.x, p.y, *size, color(*c));
            }
        }
    }
}

/// Restricts drawing to a pane (so split panes never draw into each other).
pub fn clip(pane: Option<Pane>) {
    // The scissor is in the screen's pixels; panes are in points (more than one pixel
    // each on a high-density screen).
    let scale = macroquad::window::screen_dpi_scale();
    let rect = pane.map(|p| {
        let (x, y) = ((p.x * scale) as i32, (p.y * scale) as i32);
        (
            x,
            y,
            (p.w * scale).ceil() as i32,
            (p.h * scale).ceil() as i32,
        )
    });
    // SAFETY: called on the main thread between macroquad frames, as the API requires.
    unsafe { macroquad::window::get_internal_gl() }
        .quad_gl
        .scissor(rect);
}

/// Many thin segments in screen coordinates, drawn as a few meshes: quads, and
/// hairlines as OpenGL lines.
struct Lines {
    quads: Mesh,
    hairlines: Mesh,
}

fn mesh() -> Mesh {
    Mesh {
        vertices: Vec::new(),
        indices: Vec::new(),
        texture: None,
    }
}

impl Lines {
    fn new() -> Self {
        Self {
            quads: mesh(),
            hairlines: mesh(),
        }
    }

    /// Appends the segment `a -> b` of screen width `width`: a line if it is a hairline,
    /// else a quad.
    fn segment(&mut self, a: Vec2, b: Vec2, width: f32, color: Color) {
        let Some(dir) = (b - a).try_normalize() else {
            return;
        };
        if width <= HAIRLINE_WIDTH {
            let base = self.hairlines.vertices.len() as u16;
            for p in [a, b] {
                let vertex = Vertex::new(p.x, p.y, 0.0, 0.0, 0.0, color);
                self.hairlines.vertices.push(vertex);
            }
            self.hairlines.indices.extend_from_slice(&[base, base + 1]);
        } else {
            let side = dir.perp() * (width * 0.5);
            let base = self.quads.vertices.len() as u16;
            for p in [a + side, b + side, b - side, a - side] {
                let vertex = Vertex::new(p.x, p.y, 0.0, 0.0, 0.0, color);
                self.quads.vertices.push(vertex);
            }
            self.quads.indices.extend_from_slice(&[
                base,
                base + 1,
                base + 2,
                base,
                base + 2,
                base + 3,
            ]);
        }
        if self.quads.vertices.len().max(self.hairlines.vertices.len()) >= MESH_VERTICES {
            self.flush();
        }
    }

    /// Draws what has been added.
    fn flush(&mut self) {
        if !self.quads.vertices.is_empty() {
            draw_mesh(&self.quads);
            self.quads.vertices.clear();
            self.quads.indices.clear();
        }
        if !self.hairlines.vertices.is_empty() {
            // SAFETY: called on the main thread between macroquad frames, as the API
            // requires.
            let gl = unsafe { macroquad::window::get_internal_gl() }.quad_gl;
            gl.texture(None);
            let plain = Plain::Lines.use_it();
            gl.draw_mode(DrawMode::Lines);
            gl.geometry(&self.hairlines.vertices, &self.hairlines.indices);
            gl.draw_mode(DrawMode::Triangles);
            if plain {
                Plain::Triangles.use_it();
            }
            self.hairlines.vertices.clear();
            self.hairlines.indices.clear();
        }
    }
}

/// A material drawing each vertex's colour, for what has no texture. macroquad's own
/// multiplies every pixel by a texture it looks up (white, for shapes): under a software
/// OpenGL that lookup is a good part of a pixel's cost, and a crowd's trails are hundreds
/// of thousands of pixels (1,000 streamed entities: 2.3 ms of a 25 ms frame at 1400x900).
#[derive(Clone, Copy)]
enum Plain {
    Triangles,
    Lines,
}

const PLAIN_VERTEX: &str = "#version 100
attribute vec3 position;
attribute vec4 color0;
varying lowp vec4 color;
uniform mat4 Model;
uniform mat4 Projection;
void main() {
    gl_Position = Projection * Model * vec4(position, 1);
    color = color0 / 255.0;
}";

const PLAIN_FRAGMENT: &str = "#version 100
varying lowp vec4 color;
void main() {
    gl_FragColor = color;
}";

/// Copies a kept picture's texture as it is ([`super::kept`]): no blending (the
/// picture's pixels replace the pane's, its alpha included, which blending into the
/// texture left below one where anything translucent was drawn).
const COPY_VERTEX: &str = "#version 100
attribute vec3 position;
attribute vec2 texcoord;
varying highp vec2 uv;
uniform mat4 Model;
uniform mat4 Projection;
void main() {
    gl_Position = Projection * Model * vec4(position, 1);
    uv = texcoord;
}";

const COPY_FRAGMENT: &str = "#version 100
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
varying vec2 uv;
uniform sampler2D Texture;
void main() {
    gl_FragColor = texture2D(Texture, uv);
}";

/// The window's own materials: [`Plain`]'s two and the copy.
struct Materials {
    plain: [macroquad::material::Material; 2],
    copy: macroquad::material::Material,
}

/// Runs `f` with the window's own materials; none on a backend other than OpenGL
/// (miniquad's Metal, which would refuse GLSL by panicking), or if a shader did not
/// compile.
fn with_materials<R>(f: impl FnOnce(Option<&Materials>) -> R) -> R {
    use macroquad::material::{load_material, MaterialParams};
    use macroquad::miniquad::{
        Backend, BlendFactor, BlendState, BlendValue, Equation, PipelineParams, PrimitiveType,
        ShaderSource,
    };
    thread_local! {
        static MATERIALS: std::cell::OnceCell<Option<Materials>> =
            const { std::cell::OnceCell::new() };
    }
    MATERIALS.with(|materials| {
        let made = materials.get_or_init(|| {
            // SAFETY: called on the main thread between macroquad frames, as the API
            // requires.
            let gl = unsafe { macroquad::window::get_internal_gl() };
            if gl.quad_context.info().backend != Backend::OpenGl {
                return None;
            }
            let make = |vertex, fragment, primitive_type, color_blend| {
                let pipeline_params = PipelineParams {
                    color_blend,
                    primitive_type,
                    ..Default::default()
                };
                let shader = ShaderSource::Glsl { vertex, fragment };
                let params = MaterialParams {
                    pipeline_params,
                    ..Default::default()
                };
                load_material(shader, params).ok()
            };
            // macroquad's own blending: straight alpha.
            let blend = Some(BlendState::new(
                Equation::Add,
                BlendFactor::Value(BlendValue::SourceAlpha),
                BlendFactor::OneMinusValue(BlendValue::SourceAlpha),
            ));
            let plain = |primitive| make(PLAIN_VERTEX, PLAIN_FRAGMENT, primitive, blend);
            Some(Materials {
                plain: [
                    plain(PrimitiveType::Triangles)?,
                    plain(PrimitiveType::Lines)?,
                ],
                copy: make(COPY_VERTEX, COPY_FRAGMENT, PrimitiveType::Triangles, None)?,
            })
        });
        f(made.as_ref())
    })
}

/// Whether a kept picture can be copied ([`copy`]).
pub fn can_copy() -> bool {
    with_materials(|made| made.is_some())
}

/// Runs `draw` (a texture's drawing) with the copying material, then goes back to
/// macroquad's own.
pub fn copy(draw: impl FnOnce()) {
    with_materials(|made| {
        if let Some(made) = made {
            macroquad::material::gl_use_material(&made.copy);
        }
    });
    draw();
    macroquad::material::gl_use_default_material();
}

impl Plain {
    /// Draws with this material from now on; false (and macroquad's own material) where
    /// it could not be made ([`with_materials`]).
    fn use_it(self) -> bool {
        with_materials(|made| match made {
            Some(made) => {
                macroquad::material::gl_use_material(&made.plain[self as usize]);
                true
            }
            None => Plain::stop(),
        })
    }

    /// Back to macroquad's own material; false.
    fn stop() -> bool {
        macroquad::material::gl_use_default_material();
        false
    }
}
