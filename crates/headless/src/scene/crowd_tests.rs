//! The scene's launchers and turrets, and its crowds: past 100 trails or launchers they
//! are drawn thinner and smaller.

use super::tests::{scene_of, view, world, ONE_TARGET};
use super::*;

#[test]
fn a_crowd_of_trails_is_drawn_one_pixel_wide() {
    // 101 targets on the move: past CROWD_TRAILS (100), every trail is a hairline; one
    // target fewer, every trail is two pixels wide.
    let widths = |targets: usize| -> Vec<f32> {
        let (w, trails) = movers(targets, 3);
        let scene = scene_of(&w, &trails, &[], &view());
        let mut widths: Vec<f32> = scene
            .marks
            .iter()
            .filter_map(|m| match m {
                // The world's bounds are the only other lines here, one pixel wide, 4.
                Mark::Line { width, .. } => Some(*width),
                _ => None,
            })
            .collect();
        widths.sort_by(f32::total_cmp);
        widths.dedup();
        widths
    };
    assert_eq!(widths(100), [1.0, 2.0]);
    assert_eq!(widths(101), [1.0]);
}

/// `targets` targets moving 60 units a second along x at 60 ticks a second, after
/// `ticks` ticks, with their trails: the k-th from (100, k).
fn movers(targets: usize, ticks: usize) -> (World, Trails) {
    movers_from(targets, ticks, |k| k)
}

/// [`movers`], the k-th from (100, `y(k)`).
fn movers_from(targets: usize, ticks: usize, y: fn(usize) -> usize) -> (World, Trails) {
    let list: Vec<String> = (0..targets)
        .map(|k| {
            let y = y(k);
            format!("(name: \"t{k}\", motion: Constant(pos: (100, {y}), vel: (60, 0)))")
        })
        .collect();
    let text = format!(
        "(version: 1, world: (width: 1000, height: 1000, tick_rate: 60), targets: [{}])",
        list.join(", ")
    );
    let mut w = world(&text);
    let mut trails = Trails::default();
    for _ in 0..ticks {
        w.step();
        trails.record(&w, 1000);
    }
    (w, trails)
}

/// How long the trails drawn are on screen in all, in pixels, for `targets` targets
/// moving 60 units a second along x for 3 s (180 ticks of 1/60 s), seen at `zoom`.
fn trail_pixels_drawn(targets: usize, zoom: f32) -> f32 {
    let (w, trails) = movers(targets, 180);
    let mut v = view();
    v.camera.zoom = zoom;
    v.trail_budget = 12_000;
    scene_of(&w, &trails, &[], &v)
        .marks
        .iter()
        .filter_map(|m| match m {
            Mark::Line { a, b, color, .. } if *color != palette::BOUNDS => {
                Some(a.world.distance(b.world) * zoom)
            }
            _ => None,
        })
        .sum()
}

#[test]
fn a_crowd_whose_trails_would_cover_the_view_shows_their_newest_part_only() {
    // Each trail runs from tick 1 to 180, 179 units: 18,079 pixels for 101 at zoom 1,
    // drawn whole.
    let whole = trail_pixels_drawn(101, 1.0);
    assert!((whole - 101.0 * 179.0).abs() < 1.0, "{whole}");
    // At zoom 40, 723,160 pixels: past CROWD_TRAIL_PIXELS (300,000), every trail shows
    // its newest 300/723.16 of 3 s (74.7 ticks), 74 whole ticks of 1 unit = 40 pixels.
    let cut = trail_pixels_drawn(101, 40.0);
    assert!((cut - 101.0 * 74.0 * 40.0).abs() < 40.0, "{cut}");
    assert!(cut <= CROWD_TRAIL_PIXELS);
    // A hundred trails are no crowd: drawn whole however long (716,000 pixels).
    let few = trail_pixels_drawn(100, 40.0);
    assert!((few - 100.0 * 179.0 * 40.0).abs() < 40.0, "{few}");
}

#[test]
fn a_crowd_of_trails_shares_the_segment_budget_down_to_one_each() {
    // 4,000 trails of 30 points (ticks 1 to 30), 116 pixels in all at zoom 1: drawn
    // whole. A budget of 12,000 segments is 3 a trail: every 10th point and the newest.
    let (w, trails) = movers(4_000, 30);
    let mut v = view();
    v.trail_budget = 12_000;
    let lines = |v: &View| {
        let scene = scene_of(&w, &trails, &[], v);
        let trail_lines = scene
            .marks
            .iter()
            .filter(|m| matches!(m, Mark::Line { color, .. } if *color != palette::BOUNDS));
        trail_lines.count()
    };
    assert_eq!(lines(&v), 12_000);
    // Half a segment a trail: still one each (the first point and the newest).
    v.trail_budget = 2_000;
    assert_eq!(lines(&v), 4_000);
}

#[test]
fn a_crowd_past_the_measured_trails_is_cut_by_its_sample_scaled_to_all() {
    // 1,001 trails (past MEASURED_TRAILS: every 4th measured, 251, scaled by 1001/251)
    // at zoom 4: 716,716 pixels, so each shows its newest 300/716.716 of 3 s (75.4
    // ticks), 75 whole ticks of 1 unit = 4 pixels. Unscaled, the sample's 179,716
    // pixels would pass as under the cap and every trail be drawn whole.
    let cut = trail_pixels_drawn(1001, 4.0);
    assert!((cut - 1001.0 * 75.0 * 4.0).abs() < 4.0, "{cut}");
}

#[test]
fn a_crowd_of_launchers_is_drawn_as_small_squares() {
    // The half width of each launcher's square: 7 pixels, 2.5 past CROWD_LAUNCHERS.
    let halves = |launchers: usize| -> Vec<f32> {
        let list: Vec<String> = (0..launchers)
            .map(|k| format!("(name: \"\", pos: ({k}, 900), target: \"alpha\", algorithms: [\"smoothed\"], first_at: None)"))
            .collect();
        let text = format!(
            "(version: 1, world: (width: 1000, height: 1000), targets: [(name: \"alpha\", motion: Static(pos: (300, 400)))], launchers: [{}])",
            list.join(", ")
        );
        let scene = scene_of(&world(&text), &Trails::default(), &[], &view());
        let mut halves: Vec<f32> = scene
            .marks
            .iter()
            .filter_map(|m| match m {
                Mark::Polygon { points, color } if *color == palette::LAUNCHER => {
                    Some(points[2].px.x)
                }
                _ => None,
            })
            .collect();
        assert_eq!(halves.len(), launchers);
        halves.dedup();
        halves
    };
    assert_eq!(halves(100), [7.0]);
    assert_eq!(halves(101), [2.5]);
}

#[test]
fn a_turret_points_its_barrel_up_until_it_locks_and_draws_its_danger_height() {
    let text = r#"(version: 1, world: (width: 1000, height: 1000),
        turrets: [(pos: (500, 950), danger_height: 300)])"#;
    let w = world(text);
    let scene = scene_of(&w, &Trails::default(), &[], &view());
    let at = At::world(Vec2::new(500.0, 950.0));
    assert!(scene.marks.contains(&Mark::Line {
        a: at,
        b: at.offset(Vec2::new(0.0, -20.0)),
        width: 4.0,
        color: palette::LAUNCHER
    }));
    let y = w.ground() - 300.0;
    assert!(scene.marks.contains(&Mark::Line {
        a: At::world(Vec2::new(0.0, y)),
        b: At::world(Vec2::new(1000.0, y)),
        width: 1.0,
        color: palette::DANGER
    }));
}

#[test]
fn the_launcher_launch_fires_is_framed_by_a_square() {
    let w = world(ONE_TARGET);
    let mut v = view();
    v.launcher = Some(0);
    let scene = scene_of(&w, &Trails::default(), &[], &v);
    // The pad at (100, 900): a frame 11 px out from it, corner to corner, clockwise.
    let at = At::world(Vec2::new(100.0, 900.0));
    let corner = |x: f32, y: f32| at.offset(Vec2::new(x, y) * 11.0);
    let corners = [
        corner(-1.0, -1.0),
        corner(1.0, -1.0),
        corner(1.0, 1.0),
        corner(-1.0, 1.0),
    ];
    for k in 0..4 {
        let side = Mark::Line {
            a: corners[k],
            b: corners[(k + 1) % 4],
            width: 2.0,
            color: palette::SELECTED,
        };
        assert!(scene.marks.contains(&side), "side {k}");
    }
}

#[test]
fn a_locked_turret_points_its_barrel_at_its_target() {
    let text = r#"(version: 1, world: (width: 1000, height: 1000),
        targets: [(name: "t", motion: Static(pos: (800, 350)))],
        turrets: [(pos: (500, 950), danger_height: 300)])"#;
    let mut w = world(text);
    for _ in 0..120 {
        if w.turrets()[0].locked.is_some() {
            break;
        }
        w.step();
    }
    assert!(w.turrets()[0].locked.is_some(), "the turret locks on");
    let scene = scene_of(&w, &Trails::default(), &[], &view());
    // From (500, 950) toward (800, 350): (300, -600) / 670.82 x 20 px.
    let at = At::world(Vec2::new(500.0, 950.0));
    let barrel = scene.marks.iter().find_map(|m| match m {
        Mark::Line { a, b, width, .. } if *a == at && *width == 4.0 => Some(b.px),
        _ => None,
    });
    let px = barrel.expect("a barrel");
    let expected = Vec2::new(300.0, -600.0) / 670.820_4 * 20.0;
    assert!((px - expected).length() < 1e-3, "{px} vs {expected}");
}

/// `salvo` missiles of each of `laws` from one launcher, `spread` degrees apart, after
/// one tick: the arrows drawn, as `(size, colour)` once each.
fn salvo_arrows(salvo: usize, laws: &str, spread: f32) -> (World, Vec<(f32, Rgba)>) {
    let text = format!(
        r#"(version: 1, world: (width: 1000, height: 1000),
        targets: [(name: "t", radius: 5, motion: Static(pos: (900, 500)))],
        launchers: [(pos: (100, 500), target: "t", algorithms: [{laws}], salvo: {salvo}, spread: {spread})])"#
    );
    let mut w = world(&text);
    w.step();
    let scene = scene_of(&w, &Trails::default(), &[], &view());
    let arrows = scene
        .marks
        .iter()
        .filter_map(|m| match m {
            Mark::Arrows {
                arrows,
                size,
                color,
            } => Some(vec![(*size, *color); arrows.len()]),
            _ => None,
        })
        .flatten()
        .collect();
    (w, arrows)
}

#[test]
fn a_crowd_of_missiles_is_drawn_with_half_sized_arrows() {
    // Past CROWD_MISSILES (1,000) in a world, every arrow is half size; at 1,000 full.
    let sizes = |salvo| {
        let (w, arrows) = salvo_arrows(salvo, "\"smoothed\"", 30.0);
        assert_eq!(w.missiles().len(), salvo);
        let mut sizes: Vec<f32> = arrows.iter().map(|(size, _)| *size).collect();
        sizes.dedup();
        sizes
    };
    assert_eq!(sizes(1_000), [1.0]);
    assert_eq!(sizes(1_001), [0.5]);
}

#[test]
fn a_crowds_arrows_on_one_pixel_with_one_heading_and_colour_are_drawn_once() {
    // A salvo without spread flies as one: 1,000 arrows on top of each other (no crowd
    // yet), one past it; two laws' are one arrow each, in their colours.
    assert_eq!(salvo_arrows(1_000, "\"smoothed\"", 0.0).1.len(), 1_000);
    assert_eq!(salvo_arrows(1_001, "\"smoothed\"", 0.0).1.len(), 1);
    let (w, two) = salvo_arrows(501, "\"smoothed\", \"intercept\"", 0.0);
    assert_eq!(w.missiles().len(), 1_002);
    let law = |name: &str| Flavour::plain(name.parse().unwrap()).rgba(1.0);
    let colors: Vec<Rgba> = two.iter().map(|(_, c)| *c).collect();
    assert_eq!(colors, [law("smoothed"), law("intercept")]);
}

#[test]
fn a_crowds_arrow_key_is_its_pixel_its_heading_to_a_64th_of_a_turn_and_its_colour() {
    // The view: zoom 1, centred on (500, 400) in an 800 x 600 pane at the origin, so a
    // world point is its pixel less (100, 100).
    let mut v = view();
    v.camera = Camera {
        center: Vec2::new(500.0, 400.0),
        zoom: 1.0,
    };
    v.pane = Pane {
        x: 0.0,
        y: 0.0,
        w: 800.0,
        h: 600.0,
    };
    let key =
        |at: Vec2, angle: f32, color| missiles::arrow_key(&v, (at, Vec2::from_angle(angle)), color);
    let (white, red) = ([1.0; 4], [1.0, 0.0, 0.0, 1.0]);
    let turn = std::f32::consts::TAU / 64.0;
    let here = key(Vec2::new(300.25, 200.5), 0.0, white);
    assert_eq!(here, (200, 100, 0, [1.0f32.to_bits(); 4]));
    assert_eq!(key(Vec2::new(300.9, 200.9), 0.49 * turn, white), here);
    assert_ne!(key(Vec2::new(301.0, 200.5), 0.0, white), here);
    assert_ne!(key(Vec2::new(300.25, 201.0), 0.0, white), here);
    assert_eq!(key(Vec2::new(300.25, 200.5), 0.51 * turn, white).2, 1);
    assert_eq!(key(Vec2::new(300.25, 200.5), -3.0 * turn, white).2, -3);
    assert_ne!(key(Vec2::new(300.25, 200.5), 0.0, red), here);
}

#[test]
fn a_crowds_trails_over_the_same_pixels_are_one_line_as_opaque_as_all_of_them() {
    // `targets` targets moving together along y = 500, one unit a tick, for 3 ticks:
    // each trail two segments, from x 101 to 102 and 102 to 103.
    let lines = |targets: usize| -> Vec<(f32, f32, f32)> {
        let (w, trails) = movers_from(targets, 3, |_| 500);
        let scene = scene_of(&w, &trails, &[], &view());
        let ends = scene.marks.iter().filter_map(|m| match m {
            Mark::Line { a, b, color, .. } if *color != palette::BOUNDS => {
                Some((a.world.x, b.world.x, color[3]))
            }
            _ => None,
        });
        ends.collect()
    };
    // A hundred are no crowd: every segment drawn.
    assert_eq!(lines(100).len(), 200);
    // 101 are: each segment once, its alpha what 101 layers of it blend to.
    let one = lines(1);
    let merged = lines(101);
    assert_eq!(merged.len(), 2);
    for ((a, b, alpha), (a1, b1, alpha1)) in merged.iter().zip(&one) {
        assert_eq!((a, b), (a1, b1));
        let mut blended = 0.0f64;
        for _ in 0..101 {
            blended += (1.0 - blended) * f64::from(*alpha1);
        }
        assert!(
            (f64::from(*alpha) - blended).abs() < 1e-5,
            "{alpha} {blended}"
        );
    }
}

#[test]
fn a_line_overprinted_blends_its_alphas() {
    let line = |alpha| Mark::Line {
        a: At::world(Vec2::ZERO),
        b: At::world(Vec2::X),
        width: 1.0,
        color: [0.2, 0.4, 0.6, alpha],
    };
    for (first, second, want) in [
        (0.5, 0.5, 0.75),
        (0.25, 0.0, 0.25),
        (0.3, 1.0, 1.0),
        (0.2, 0.5, 0.6),
    ] {
        let mut mark = line(first);
        trails::overprint(&mut mark, second);
        assert_eq!(mark, line(want), "{first} then {second}");
    }
}
