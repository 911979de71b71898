//! The scene's missiles: an arrow's corners, a volley's arrows as one mark per law, a
//! heat-seeker's tail.

use super::tests::{scene_of, view, world};
use super::*;

#[test]
fn an_arrow_points_7_pixels_ahead_with_its_back_corners_5_behind_and_4_aside() {
    // Heading down the screen (+y): its left is -x.
    let [tip, left, right] = crate::scene::arrow(Vec2::new(10.0, 20.0), Vec2::Y, 1.0);
    assert_eq!(tip, Vec2::new(10.0, 27.0));
    assert_eq!(left, Vec2::new(6.0, 15.0));
    assert_eq!(right, Vec2::new(14.0, 15.0));
    // Twice the size on a picture twice as big.
    let [tip, left, _] = crate::scene::arrow(Vec2::ZERO, Vec2::X, 2.0);
    assert_eq!((tip, left), (Vec2::new(14.0, 0.0), Vec2::new(-10.0, 8.0)));
}

#[test]
fn a_volleys_missiles_of_one_law_are_one_mark_and_each_law_its_own() {
    let text = r#"(version: 1, world: (width: 1000, height: 1000),
        targets: [(name: "t", radius: 5, motion: Static(pos: (900, 500)))],
        launchers: [(pos: (100, 500), target: "t", algorithms: ["pro-nav", "naive-accel"], salvo: 120, spread: 30)])"#;
    let mut w = world(text);
    w.step();
    assert_eq!(w.missiles().len(), 240);
    let scene = scene_of(&w, &Trails::default(), &[], &view());
    let arrows: Vec<(&Vec<(Vec2, Vec2)>, Rgba)> = scene
        .marks
        .iter()
        .filter_map(|m| match m {
            Mark::Arrows { arrows, color, .. } => Some((arrows, *color)),
            _ => None,
        })
        .collect();
    // Two marks of 120 arrows (past DETAILED_MISSILES: no debug shapes between them):
    // each law's volley in its colour, every missile once.
    assert_eq!(arrows.len(), 2);
    let law = |name: &str| Flavour::plain(name.parse().unwrap()).rgba(1.0);
    let colors: Vec<Rgba> = arrows.iter().map(|(_, c)| *c).collect();
    assert!(colors.contains(&law("pro-nav")) && colors.contains(&law("naive-accel")));
    for (list, color) in &arrows {
        assert_eq!(list.len(), 120);
        for (pos, dir) in list.iter() {
            let m = w.missiles().iter().find(|m| m.body.pos == *pos).unwrap();
            assert_eq!(Flavour::plain(m.algorithm()).rgba(1.0), *color);
            assert_eq!(*dir, Vec2::from_angle(m.body.heading));
        }
    }
}

#[test]
fn a_heat_seeker_is_drawn_as_a_tail_behind_it() {
    // Launched straight up the screen: its tail is 10 units (the article's drawn length)
    // below its nose, 2.5 pixels wide, in its law's colour.
    let text = r#"(version: 1, world: (width: 1000, height: 1000, tick_rate: 30),
        targets: [(name: "t", radius: 5, motion: Static(pos: (500, 100)))],
        launchers: [(pos: (500, 900), target: "t", algorithms: ["heat-seeker"], launch_velocity: (0, -360))])"#;
    let mut w = world(text);
    w.step();
    let m = &w.missiles()[0];
    let scene = scene_of(&w, &Trails::default(), &[], &view());
    let color = Flavour::plain(m.algorithm()).rgba(1.0);
    let tails: Vec<Vec2> = (scene.marks.iter())
        .filter_map(|mark| match mark {
            Mark::Line {
                a,
                b,
                width,
                color: c,
            } if *a == At::world(m.body.pos) && *width == 2.5 && *c == color => {
                Some(b.world - m.body.pos)
            }
            _ => None,
        })
        .collect();
    assert_eq!(tails.len(), 1, "{:?}", scene.marks);
    assert!(
        tails[0].distance(Vec2::new(0.0, 10.0)) < 1e-4,
        "{}",
        tails[0]
    );
}
