//! Missiles: each an arrow along its heading (a heat-seeker a tail), with its debug
//! shapes when few fly or it is selected, its velocity when that overlay is on, and a
//! ring when selected. A crowd's arrows are smaller, and drawn once where several would
//! cover the same pixels.

use super::{flavour, role_marks, shapes, At, Layer, Mark, Scene, Selection, Symbol, View};
use super::{CROWD_ARROW_SIZE, CROWD_MISSILES, DETAILED_MISSILES};
use crate::core::{overlay, Portable};
use crate::guidance::Look;
use crate::palette::{self, Rgba};
use foldhash::fast::FixedState;
use glam::Vec2;
use std::collections::HashSet;

pub(super) fn missiles(scene: &mut Scene, layer: &Layer, view: &View) {
    let world = layer.world;
    let detailed = world.missiles().len() <= DETAILED_MISSILES;
    let crowd = world.missiles().len() > CROWD_MISSILES;
    let size = if crowd { CROWD_ARROW_SIZE } else { 1.0 };
    let mut drawn = HashSet::with_hasher(FixedState::default());
    for m in world.missiles() {
        let algorithm = m.algorithm();
        let shade = flavour(world, algorithm, Some(m.source));
        let color = shade.rgba(1.0);
        let selected = view.selected
            == Some(Selection::Missile {
                lane: layer.lane,
                id: m.id,
            });
        if detailed || selected {
            for shape in world.debug_shapes(m) {
                if view.overlays.shows(shape.role) {
                    let faded = shade.rgba(0.75);
                    scene
                        .marks
                        .extend(role_marks(&shape.shape, shape.role, faded));
                    scene.symbol(Symbol::Shape(shape.role.order() as u8));
                }
            }
        }
        let nose = At::world(m.body.pos);
        scene.symbol(Symbol::Missile);
        match m.guidance.look() {
            Look::Tail(back) => scene.line(nose, At::world(m.body.pos + back), 2.5, color),
            Look::Arrow => {
                let one = (m.body.pos, Vec2::from_angle(m.body.heading));
                if !crowd || drawn.insert(arrow_key(view, one, color)) {
                    arrow(scene, one, size, color);
                }
            }
        }
        if view.overlays.is_on(&overlay::VELOCITY) {
            let faint = shade.rgba(0.7);
            scene
                .marks
                .extend(shapes::arrow(m.body.pos, m.body.vel * 0.25, faint));
            scene.symbol(Symbol::Velocity);
        }
        if selected {
            scene.circle(nose, 0.0, 12.0, false, 2.0, palette::SELECTED);
        }
    }
}

/// A missile's arrow: onto the mark before when it is arrows of the same colour (a
/// volley's missiles, one after the other, are one mark).
fn arrow(scene: &mut Scene, one: (Vec2, Vec2), size: f32, color: Rgba) {
    match scene.marks.last_mut() {
        Some(Mark::Arrows {
            arrows, color: c, ..
        }) if *c == color => arrows.push(one),
        _ => scene.marks.push(Mark::Arrows {
            arrows: vec![one],
            size,
            color,
        }),
    }
}

/// Where a crowd's arrow is drawn, to the pixel, its heading to a 64th of a turn, and
/// its colour: a crowd's arrow with the key of one drawn before is not drawn again
/// (10,000 missiles of a salvo flying as one were 16 to 25 arrows on screen, each drawn
/// hundreds of times over).
pub(super) fn arrow_key(
    view: &View,
    (at, forward): (Vec2, Vec2),
    color: Rgba,
) -> (i32, i32, i8, [u32; 4]) {
    let px = view.camera.to_screen(view.pane, at).floor();
    let turn = (forward.y.patan2(forward.x) / std::f32::consts::TAU * 64.0).round();
    (
        px.x as i32,
        px.y as i32,
        turn as i8,
        color.map(f32::to_bits),
    )
}
