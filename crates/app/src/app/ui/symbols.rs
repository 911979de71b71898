//! The scene's symbol samples painted with egui, for the help window: the same marks the
//! view's legend draws ([`crate::scene::sample`]), so the help shows each symbol as it
//! looks on screen (no font has glyphs for them all).

use crate::palette::Rgba;
use crate::scene::{sample as marks_of, Mark, Symbol};
use egui_macroquad::egui::{self, epaint, Color32, Pos2, Sense, Stroke};
use glam::Vec2;

/// The size of one sample, in points.
const SIZE: egui::Vec2 = egui::vec2(36.0, 20.0);

fn color([r, g, b, a]: Rgba) -> Color32 {
    let byte = |c: f32| (c.clamp(0.0, 1.0) * 255.0).round() as u8;
    Color32::from_rgba_unmultiplied(byte(r), byte(g), byte(b), byte(a))
}

/// The picture point of a sample's mark (samples are drawn at zoom 1 in pixels).
fn point(at: crate::scene::At) -> Pos2 {
    let p = at.world + at.px;
    Pos2::new(p.x, p.y)
}

/// The egui shapes of marks drawn at zoom 1 (texts are left out: samples have none).
pub fn shapes(marks: &[Mark]) -> Vec<egui::Shape> {
    marks
        .iter()
        .filter_map(|mark| {
            Some(match mark {
                Mark::Line {
                    a,
                    b,
                    width,
                    color: c,
                } => egui::Shape::line_segment(
                    [point(*a), point(*b)],
                    Stroke::new(*width, color(*c)),
                ),
                Mark::Circle {
                    center,
                    radius,
                    min_px,
                    fill,
                    width,
                    color: c,
                } => {
                    let r = radius.max(*min_px);
                    if *fill {
                        egui::Shape::circle_filled(point(*center), r, color(*c))
                    } else {
                        egui::Shape::circle_stroke(
                            point(*center),
                            r,
                            Stroke::new(*width, color(*c)),
                        )
                    }
                }
                Mark::Polygon { points, color: c } => {
                    egui::Shape::Path(epaint::PathShape::convex_polygon(
                        points.iter().map(|p| point(*p)).collect(),
                        color(*c),
                        Stroke::NONE,
                    ))
                }
                Mark::Arrows {
                    arrows,
                    size,
                    color: c,
                } => egui::Shape::Vec(
                    arrows
                        .iter()
                        .map(|(at, forward)| {
                            let corners = crate::scene::arrow(*at, *forward, *size);
                            egui::Shape::convex_polygon(
                                corners.iter().map(|p| egui::pos2(p.x, p.y)).collect(),
                                color(*c),
                                Stroke::NONE,
                            )
                        })
                        .collect(),
                ),
                Mark::Heads {
                    heads,
                    radius,
                    min_px,
                    color: c,
                } => egui::Shape::Vec(
                    heads
                        .iter()
                        .map(|(at, forward)| {
                            let corners = crate::scene::head(*at, *forward, radius.max(*min_px));
                            egui::Shape::convex_polygon(
                                corners.iter().map(|p| egui::pos2(p.x, p.y)).collect(),
                                color(*c),
                                Stroke::NONE,
                            )
                        })
                        .collect(),
                ),
                Mark::Text { .. } => return None,
            })
        })
        .collect()
}

/// One symbol's sample in a cell of the help's table.
pub fn sample(ui: &mut egui::Ui, symbol: Symbol) {
    let (rect, _) = ui.allocate_exact_size(SIZE, Sense::hover());
    let mid = rect.center();
    let painter = ui.painter_at(rect.expand(2.0));
    painter.extend(shapes(&marks_of(symbol, Vec2::new(mid.x, mid.y))));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_symbol_paints_something_inside_its_cell() {
        for symbol in Symbol::all() {
            let mid = Vec2::new(100.0, 50.0);
            let shapes = shapes(&marks_of(symbol, mid));
            assert!(!shapes.is_empty(), "{symbol:?} paints nothing");
            let rect = shapes
                .iter()
                .map(egui::Shape::visual_bounding_rect)
                .reduce(|a, b| a.union(b))
                .unwrap();
            let cell = egui::Rect::from_center_size(Pos2::new(100.0, 50.0), SIZE).expand(2.0);
            assert!(
                cell.contains_rect(rect),
                "{symbol:?}: {rect:?} outside {cell:?}"
            );
        }
    }

    #[test]
    fn a_mark_s_point_is_its_place_moved_by_its_pixels() {
        let at = crate::scene::At {
            world: Vec2::new(1.0, 2.0),
            px: Vec2::new(3.0, 4.0),
        };
        assert_eq!(point(at), Pos2::new(4.0, 6.0));
    }

    #[test]
    fn colours_and_circles_convert_exactly() {
        assert_eq!(color([1.0, 0.0, 0.5, 1.0]), Color32::from_rgb(255, 0, 128));
        let ring = Mark::Circle {
            center: crate::scene::At::world(Vec2::new(10.0, 20.0)),
            radius: 0.0,
            min_px: 6.0,
            fill: false,
            width: 2.0,
            color: [1.0; 4],
        };
        let out = shapes(&[ring]);
        let [egui::Shape::Circle(c)] = out.as_slice() else {
            panic!("a circle: {out:?}")
        };
        assert_eq!((c.center, c.radius), (Pos2::new(10.0, 20.0), 6.0));
        assert_eq!(c.stroke, Stroke::new(2.0, Color32::WHITE));
    }
}
