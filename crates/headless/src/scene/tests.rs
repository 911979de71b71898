use super::*;
use crate::core::{Role, Shape};
use crate::scenario::parse;

/// A view of the world rectangle at zoom 1, in a pane of 1000 x 1000 pixels.
pub(super) fn view() -> View {
    View {
        overlays: Overlays::default(),
        camera: Camera {
            center: Vec2::new(500.0, 500.0),
            zoom: 1.0,
        },
        pane: Pane {
            x: 0.0,
            y: 0.0,
            w: 1000.0,
            h: 1000.0,
        },
        selected: None,
        launcher: None,
        trail_seconds: 3.0,
        trail_budget: usize::MAX,
        preview: None,
    }
}

pub(super) fn world(text: &str) -> World {
    parse(text, "scene").unwrap().build().unwrap()
}

pub(super) fn scene_of(world: &World, trails: &Trails, blasts: &[Blast], view: &View) -> Scene {
    let layer = Layer {
        world,
        trails,
        blasts,
        ghost: None,
        lane: 0,
    };
    build(&[layer], view)
}

pub(super) const ONE_TARGET: &str = r#"(version: 1, world: (width: 1000, height: 1000),
    targets: [(name: "alpha", radius: 20, motion: Static(pos: (300, 400)))],
    launchers: [(name: "pad", pos: (100, 900), target: "alpha", algorithms: ["smoothed"], first_at: None)])"#;

#[test]
fn a_target_is_a_filled_disc_an_outline_and_its_label_beside_it() {
    let w = world(ONE_TARGET);
    let scene = scene_of(&w, &Trails::default(), &[], &view());
    let at = At::world(Vec2::new(300.0, 400.0));
    let fill = with_alpha(palette::TARGET, palette::TARGET_FILL_ALPHA);
    assert!(scene.marks.contains(&Mark::Circle {
        center: at,
        radius: 20.0,
        min_px: 3.0,
        fill: true,
        width: 1.0,
        color: fill
    }));
    assert!(scene.marks.contains(&Mark::Circle {
        center: at,
        radius: 20.0,
        min_px: 3.0,
        fill: false,
        width: 2.0,
        color: palette::TARGET
    }));
    // At zoom 1 the label starts 24 pixels right of the centre and its baseline 24 above
    // it (the radius and 4 pixels of room).
    assert!(scene.marks.contains(&Mark::Text {
        at: at.offset(Vec2::new(24.0, -24.0)),
        size: 16.0,
        text: "alpha".into(),
        color: palette::TEXT
    }));
    // The world's bounds come first: four lines round 0..1000.
    let Mark::Line { a, b, .. } = &scene.marks[0] else {
        panic!("{:?}", scene.marks[0])
    };
    assert_eq!((a.world, b.world), (Vec2::ZERO, Vec2::new(1000.0, 0.0)));
}

#[test]
fn a_launcher_is_a_square_of_seven_pixels_and_the_chosen_one_is_ringed() {
    let w = world(ONE_TARGET);
    let mut v = view();
    let scene = scene_of(&w, &Trails::default(), &[], &v);
    let at = At::world(Vec2::new(100.0, 900.0));
    let square: Vec<At> = [(-7.0, -7.0), (7.0, -7.0), (7.0, 7.0), (-7.0, 7.0)]
        .into_iter()
        .map(|(x, y)| at.offset(Vec2::new(x, y)))
        .collect();
    assert!(scene.marks.contains(&Mark::Polygon {
        points: square,
        color: palette::LAUNCHER
    }));
    let rings = |s: &Scene| {
        s.marks
            .iter()
            .filter(|m| matches!(m, Mark::Line { color, .. } if *color == palette::SELECTED))
            .count()
    };
    assert_eq!(rings(&scene), 0);
    v.launcher = Some(0);
    assert_eq!(rings(&scene_of(&w, &Trails::default(), &[], &v)), 4);
    v.launcher = None;
    v.selected = Some(Selection::Launcher(0));
    assert_eq!(rings(&scene_of(&w, &Trails::default(), &[], &v)), 4);
    // Its name, when labels are on.
    let named = |s: &Scene| {
        s.marks
            .iter()
            .any(|m| matches!(m, Mark::Text { text, .. } if text == "pad"))
    };
    assert!(named(&scene));
    *v.overlays.get_mut("labels").unwrap() = false;
    assert!(!named(&scene_of(&w, &Trails::default(), &[], &v)));
}

#[test]
fn a_crowd_gets_at_most_a_hundred_labels_the_selected_one_first() {
    let ids: Vec<TargetId> = (0..250).map(TargetId).collect();
    let (named, hidden) = labelled(&ids, Some(TargetId(200)));
    assert_eq!(named.len(), MAX_LABELS);
    assert_eq!(hidden, 150);
    assert_eq!(named[0], TargetId(200));
    assert_eq!(named[1..], ids[..99]);
    // Few: all of them, none hidden; a selection off screen takes no place.
    let (named, hidden) = labelled(&ids[..3], Some(TargetId(7)));
    assert_eq!((named, hidden), (ids[..3].to_vec(), 0));
}

#[test]
fn a_scene_of_many_targets_labels_a_hundred_and_counts_the_rest() {
    let targets: Vec<String> = (0..130)
        .map(|i| {
            format!(
                r#"(name: "t{i}", motion: Static(pos: ({}, 500)))"#,
                5 + i * 7
            )
        })
        .collect();
    let text = format!(
        "(version: 1, world: (width: 1000, height: 1000), targets: [{}])",
        targets.join(",")
    );
    let w = world(&text);
    let scene = scene_of(&w, &Trails::default(), &[], &view());
    let texts = scene
        .marks
        .iter()
        .filter(|m| matches!(m, Mark::Text { .. }))
        .count();
    // A hundred ask for a place (the rest are counted at once); 7 pixels apart, their
    // labels cannot all fit: each is printed where no other is, the rest counted.
    assert_eq!(texts + scene.hidden_labels, 130);
    assert!(texts < 100 && texts > 10, "{texts}");
    let rects: Vec<(f32, f32)> = scene
        .marks
        .iter()
        .filter_map(|m| match m {
            Mark::Text { at, text, size, .. } => {
                let x = at.world.x + at.px.x;
                Some((x, x + text.len() as f32 * size * 0.5))
            }
            _ => None,
        })
        .collect();
    let ys: Vec<f32> = scene
        .marks
        .iter()
        .filter_map(|m| match m {
            Mark::Text { at, .. } => Some(at.world.y + at.px.y),
            _ => None,
        })
        .collect();
    for i in 0..rects.len() {
        for j in 0..i {
            let same_row = (ys[i] - ys[j]).abs() < 16.0;
            let apart = rects[i].1 <= rects[j].0 || rects[j].1 <= rects[i].0;
            assert!(!same_row || apart, "labels {i} and {j} overprint");
        }
    }
}

#[test]
fn trails_follow_the_trails_overlay_and_fade_with_age() {
    let text = r#"(version: 1, world: (width: 1000, height: 1000),
        targets: [(name: "t", motion: Constant(pos: (100, 100), vel: (60, 0)))])"#;
    let mut w = world(text);
    let mut trails = Trails::default();
    for _ in 0..10 {
        w.step();
        trails.record(&w, 1000);
    }
    let mut v = view();
    let lines = |s: &Scene| -> Vec<Rgba> {
        s.marks
            .iter()
            .filter_map(|m| match m {
                Mark::Line { width, color, .. } if *width == 2.0 => Some(*color),
                _ => None,
            })
            .collect()
    };
    let on = scene_of(&w, &trails, &[], &v);
    let colors = lines(&on);
    assert_eq!(colors.len(), 9, "ten points, nine segments");
    // The newest segment is the most opaque: 0.8 x 0.5 for a target's trail.
    let newest = colors.iter().map(|c| c[3]).fold(0.0, f32::max);
    assert!((newest - palette::TRAIL_ALPHA * palette::TARGET_TRAIL_ALPHA).abs() < 0.01);
    assert!(on.symbols.contains(&Symbol::Trail));
    *v.overlays.get_mut("trails").unwrap() = false;
    let off = scene_of(&w, &trails, &[], &v);
    assert!(lines(&off).is_empty());
    assert!(!off.symbols.contains(&Symbol::Trail));
}

#[test]
fn a_missiles_trail_is_in_its_laws_colour() {
    let text = r#"(version: 1, world: (width: 1000, height: 1000),
        targets: [(name: "t", motion: Static(pos: (900, 500)))],
        launchers: [(pos: (100, 500), target: "t", algorithms: ["smoothed"])])"#;
    let mut w = world(text);
    let mut trails = Trails::default();
    for _ in 0..20 {
        w.step();
        trails.record(&w, 1000);
    }
    let m = &w.missiles()[0];
    let law = flavour(&w, m.algorithm(), Some(m.source)).rgba(1.0);
    let scene = scene_of(&w, &trails, &[], &view());
    let of_law = (scene.marks.iter())
        .filter(|m| matches!(m, Mark::Line { width, color, .. } if *width == 2.0 && color[..3] == law[..3]))
        .count();
    // Its points since launch, joined.
    assert!(of_law >= 10, "{of_law}");
}

#[test]
fn a_blast_fades_over_its_ticks_and_is_gone_after_them() {
    let w = world(ONE_TARGET);
    // The world is at tick 0: a blast of tick 0 is fresh.
    let fresh = [Blast {
        tick: 0,
        pos: Vec2::new(10.0, 20.0),
        radius: 30.0,
    }];
    let scene = scene_of(&w, &Trails::default(), &fresh, &view());
    let ring = Mark::Circle {
        center: At::world(Vec2::new(10.0, 20.0)),
        radius: 30.0,
        min_px: 8.0,
        fill: false,
        width: 2.0,
        color: palette::BLAST,
    };
    assert!(scene.marks.contains(&ring));
    assert!(scene.symbols.contains(&Symbol::Blast));
    let mut w = w;
    for _ in 0..palette::BLAST_FADE_TICKS / 2 {
        w.step();
    }
    let half = scene_of(&w, &Trails::default(), &fresh, &view());
    let faded = half.marks.iter().find_map(|m| match m {
        Mark::Circle {
            fill: false,
            color,
            radius,
            ..
        } if *radius == 30.0 => Some(color[3]),
        _ => None,
    });
    assert_eq!(faded, Some(0.5));
    for _ in 0..palette::BLAST_FADE_TICKS / 2 {
        w.step();
    }
    let gone = scene_of(&w, &Trails::default(), &fresh, &view());
    assert!(!gone.symbols.contains(&Symbol::Blast));
}

#[test]
fn blasts_record_detonations_and_hits_and_drop_the_faded() {
    let text = r#"(version: 1, world: (width: 1000, height: 1000),
        targets: [(name: "t", radius: 20, motion: Static(pos: (200, 100)))],
        launchers: [(pos: (100, 100), target: "t", algorithms: ["pro-nav"])])"#;
    let mut w = world(text);
    let mut blasts = vec![Blast {
        tick: 0,
        pos: Vec2::ZERO,
        radius: 5.0,
    }];
    let mut hit = None;
    for _ in 0..120 {
        w.step();
        Blast::record(&mut blasts, &w);
        if let Some(b) = blasts.iter().find(|b| b.radius == 0.0) {
            hit = Some(*b);
            break;
        }
    }
    let hit = hit.expect("the missile hits");
    assert!(hit.pos.distance(Vec2::new(200.0, 100.0)) < 25.0, "{hit:?}");
    assert!(
        w.tick() < palette::BLAST_FADE_TICKS || blasts.iter().all(|b| b.tick > 0),
        "the one of tick 0 is dropped once faded"
    );
    for _ in 0..palette::BLAST_FADE_TICKS {
        w.step();
        Blast::record(&mut blasts, &w);
    }
    assert!(blasts.is_empty(), "{blasts:?}");
}

#[test]
fn a_missile_is_an_arrow_along_its_heading_with_its_velocity_when_asked() {
    let text = r#"(version: 1, world: (width: 1000, height: 1000),
        targets: [(name: "t", radius: 5, motion: Static(pos: (900, 500)))],
        launchers: [(pos: (100, 500), target: "t", algorithms: ["pro-nav"])])"#;
    let mut w = world(text);
    w.step();
    let m = &w.missiles()[0];
    let (pos, heading, law) = (m.body.pos, m.body.heading, m.algorithm());
    let mut v = view();
    let scene = scene_of(&w, &Trails::default(), &[], &v);
    let dir = Vec2::from_angle(heading);
    let nose = At::world(pos);
    let arrow = Mark::Arrows {
        arrows: vec![(pos, dir)],
        size: 1.0,
        color: Flavour::plain(law).rgba(1.0),
    };
    assert!(scene.marks.contains(&arrow));
    assert!(!scene.symbols.contains(&Symbol::Velocity));
    *v.overlays.get_mut("velocity").unwrap() = true;
    let with = scene_of(&w, &Trails::default(), &[], &v);
    assert!(with.symbols.contains(&Symbol::Velocity));
    let faint = Flavour::plain(law).rgba(0.7);
    let velocity = Mark::Line {
        a: nose,
        b: At::world(pos + m.body.vel * 0.25),
        width: 1.5,
        color: faint,
    };
    assert!(with.marks.contains(&velocity));
    // Selected: ringed 12 pixels round.
    v.selected = Some(Selection::Missile { lane: 0, id: m.id });
    let ringed = scene_of(&w, &Trails::default(), &[], &v);
    assert!(ringed.marks.contains(&Mark::Circle {
        center: nose,
        radius: 0.0,
        min_px: 12.0,
        fill: false,
        width: 2.0,
        color: palette::SELECTED
    }));
    assert_eq!(ringed.algorithms, [Flavour::plain(law)]);
    assert_eq!(law.id(), "pro-nav");
}

#[test]
fn debug_shapes_follow_their_overlay() {
    let text = r#"(version: 1, world: (width: 1000, height: 1000),
        targets: [(name: "t", radius: 5, motion: Constant(pos: (900, 300), vel: (0, 50)))],
        launchers: [(pos: (100, 500), target: "t", algorithms: ["intercept"])])"#;
    let mut w = world(text);
    w.step();
    let mut v = view();
    v.overlays = Overlays::only(&[]);
    let none = scene_of(&w, &Trails::default(), &[], &v);
    let shapes = |s: &Scene| -> Vec<Symbol> {
        let shape = |s: &&Symbol| matches!(s, Symbol::Shape(_));
        s.symbols.iter().filter(shape).copied().collect()
    };
    assert!(shapes(&none).is_empty(), "{:?}", none.symbols);
    // What is drawn whatever the overlays: the target, the launcher, the missile.
    assert_eq!(
        none.symbols,
        [Symbol::Target, Symbol::Launcher, Symbol::Missile]
    );
    v.overlays = Overlays::only(&["intercept".to_string()]);
    let shown = scene_of(&w, &Trails::default(), &[], &v);
    let roles: Vec<Role> = shown
        .symbols
        .iter()
        .filter_map(|s| match s {
            Symbol::Shape(k) => Some(Role::ALL[usize::from(*k)]),
            _ => None,
        })
        .collect();
    assert!(!roles.is_empty());
    assert!(
        roles.iter().all(|r| overlay::of(*r).id == "intercept"),
        "{roles:?}"
    );
    assert!(shown.marks.len() > none.marks.len());
}

#[test]
fn the_grid_is_drawn_only_for_a_fly_program_with_its_overlay() {
    let text = r#"(version: 1, targets: [(name: "e", motion: FlyProgram(program: [42, 43]))])"#;
    let w = world(text);
    let death = |s: &Scene| {
        s.marks
            .iter()
            .filter(|m| matches!(m, Mark::Line { color, .. } if *color == palette::DEATH_LINE))
            .count()
    };
    let mut v = view();
    v.overlays = Overlays::only(&["grid".to_string()]);
    assert_eq!(death(&scene_of(&w, &Trails::default(), &[], &v)), 4);
    v.overlays = Overlays::only(&[]);
    assert_eq!(death(&scene_of(&w, &Trails::default(), &[], &v)), 0);
    let plain = world(ONE_TARGET);
    v.overlays = Overlays::only(&["grid".to_string()]);
    assert_eq!(death(&scene_of(&plain, &Trails::default(), &[], &v)), 0);
}

#[test]
fn a_dragged_target_shows_where_it_goes() {
    let w = world(ONE_TARGET);
    let mut v = view();
    v.preview = Some((w.targets()[0].id, Vec2::new(600.0, 400.0)));
    let scene = scene_of(&w, &Trails::default(), &[], &v);
    assert!(scene.marks.contains(&Mark::Line {
        a: At::world(Vec2::new(300.0, 400.0)),
        b: At::world(Vec2::new(600.0, 400.0)),
        width: 1.0,
        color: palette::DIM_TEXT
    }));
    assert!(scene
        .marks
        .iter()
        .any(|m| matches!(m, Mark::Text { text, .. } if text == "moves on the next tick")));
}

#[test]
fn a_target_taken_back_is_drawn_leaving_until_the_next_tick() {
    let mut w = world(ONE_TARGET);
    w.remove_target_named("alpha");
    let at = At::world(Vec2::new(300.0, 400.0));
    let scene = scene_of(&w, &Trails::default(), &[], &view());
    // No target's fill or outline, and not its plain label: a thin dim ring, and the
    // label says it goes (4 pixels right of the ring, its baseline level with the ring's
    // top, as a placed target's).
    assert!(!scene.marks.iter().any(
        |m| matches!(m, Mark::Circle { color, .. } if *color == palette::TARGET
            || *color == with_alpha(palette::TARGET, palette::TARGET_FILL_ALPHA))
    ));
    assert!(scene.marks.contains(&Mark::Circle {
        center: at,
        radius: 20.0,
        min_px: 3.0,
        fill: false,
        width: 1.0,
        color: palette::DIM_TEXT
    }));
    let texts: Vec<&str> = (scene.marks.iter())
        .filter_map(|m| match m {
            Mark::Text { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert!(!texts.contains(&"alpha"), "{texts:?}");
    assert!(scene.marks.contains(&Mark::Text {
        at: at.offset(Vec2::new(24.0, -20.0)),
        size: 16.0,
        text: "alpha (taken back: gone next tick)".into(),
        color: palette::DIM_TEXT
    }));
    assert!(scene.symbols.contains(&Symbol::LeavingTarget));
    assert!(!scene.symbols.contains(&Symbol::Target));
    // At zoom 2 the ring is 40 pixels across its radius: the label 44 pixels right.
    let mut near = view();
    near.camera.zoom = 2.0;
    let zoomed = scene_of(&w, &Trails::default(), &[], &near);
    assert!(zoomed
        .marks
        .iter()
        .any(|m| matches!(m, Mark::Text { at: a, text, .. }
        if *a == at.offset(Vec2::new(44.0, -40.0)) && text.starts_with("alpha (taken back"))));
    // The next tick takes it: nothing of it is drawn.
    w.step();
    let after = scene_of(&w, &Trails::default(), &[], &view());
    assert!(!after
        .marks
        .iter()
        .any(|m| matches!(m, Mark::Circle { center, .. } if *center == at)));
    assert!(!after.symbols.contains(&Symbol::LeavingTarget));
}

#[test]
fn each_role_looks_its_own_way() {
    let color: Rgba = [1.0, 0.0, 0.0, 0.8];
    let p = Vec2::new(5.0, 5.0);
    // An intercept point: a ring of 6 pixels and a cross (two lines).
    let marks = role_marks(&Shape::Point(p), Role::InterceptPoint, color);
    assert_eq!(marks.len(), 3);
    assert!(matches!(marks[0], Mark::Circle { min_px, .. } if min_px == 6.0));
    // An achieved acceleration's arrow carries a dot on its head; a commanded one not.
    let arrow = Shape::Arrow {
        from: p,
        vector: Vec2::X * 10.0,
    };
    let achieved = role_marks(&arrow, Role::AchievedAcceleration, color);
    let commanded = role_marks(&arrow, Role::Acceleration, color);
    assert_eq!(achieved.len(), commanded.len() + 1);
    // An alternate arc is faint.
    let line = role_marks(&Shape::Line(p, p * 2.0), Role::AlternateArc, color);
    assert!(matches!(line[0], Mark::Line { color: c, .. } if (c[3] - 0.28).abs() < 1e-6));
    // A seeker's fan of a full turn: 42 slices (2 pi / 0.15 rounded up), each a
    // triangle and its rim, and two edges.
    let cone = Shape::Wedge {
        apex: p,
        direction: 0.0,
        half_angle: std::f32::consts::PI,
        length: 50.0,
    };
    assert_eq!(role_marks(&cone, Role::SeekerCone, color).len(), 42 * 2 + 2);
    let other = role_marks(&cone, Role::DeadZone, color);
    assert_eq!(other.len(), 3, "a triangle and its two edges");
}

#[test]
fn every_symbol_has_a_sample_and_a_meaning() {
    let mut symbols = vec![
        Symbol::Trail,
        Symbol::Velocity,
        Symbol::Blast,
        Symbol::Ghost,
        Symbol::PendingTarget,
        Symbol::LeavingTarget,
    ];
    symbols.extend((0..Role::ALL.len()).map(|k| Symbol::Shape(k as u8)));
    for symbol in symbols {
        assert!(
            !sample(symbol, Vec2::new(20.0, 20.0)).is_empty(),
            "{symbol:?}"
        );
        assert!(!symbol.meaning().is_empty());
    }
    assert_eq!(
        Symbol::Shape(Role::SeekerCone.order() as u8).meaning(),
        Role::SeekerCone.meaning()
    );
}

#[test]
fn every_kind_of_thing_drawn_names_its_symbol_for_the_legend() {
    let shipped = |name: &str, ticks: u32| {
        let text = crate::scenario::presets::shipped(name).unwrap();
        let mut w = parse(text, name).unwrap().build().unwrap();
        for _ in 0..ticks {
            w.step();
        }
        let v = view();
        scene_of(&w, &Trails::default(), &[], &v).symbols
    };
    // Turrets over rain: their disc, the danger height and the ground.
    let command = shipped("missile-command", 240);
    for symbol in [
        Symbol::Turret,
        Symbol::Danger,
        Symbol::Ground,
        Symbol::Target,
    ] {
        assert!(command.contains(&symbol), "{symbol:?}: {command:?}");
    }
    // The fly program's grid and death lines.
    let fly = shipped("fly-program", 1);
    for symbol in [Symbol::FlyGrid, Symbol::DeathLine, Symbol::Launcher] {
        assert!(fly.contains(&symbol), "{symbol:?}: {fly:?}");
    }
    assert!(!fly.contains(&Symbol::Turret) && !fly.contains(&Symbol::Ground));
    // Flares, once the jet drops them, and missiles in flight.
    let flares = (0..600)
        .step_by(30)
        .map(|t| shipped("flares", t))
        .find(|s| s.contains(&Symbol::Flare))
        .expect("a flare within 10 s");
    assert!(flares.contains(&Symbol::Missile));
    // Every symbol has words and a sample to show in the legend and the help.
    for symbol in Symbol::all() {
        assert!(!symbol.meaning().is_empty(), "{symbol:?}");
        assert!(!sample(symbol, Vec2::ZERO).is_empty(), "{symbol:?}");
    }
    let all = Symbol::all();
    let mut sorted = all.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted, all, "each once, in the legend's order");
}
