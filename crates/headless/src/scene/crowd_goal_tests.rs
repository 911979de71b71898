//! A crowd's goal in the scene: its point, ring, path or arrows in the goal's colour
//! for the whole crowd, and the selected agent's look-ahead and the point it steers to;
//! a target's flag.

use super::super::tests::{scene_of, view, world};
use super::*;
use crate::scene::Mark;
use crate::sim::trails::Trails;

fn goal_world(goal: &str) -> World {
    world(&format!(
        r#"(version: 1, world: (width: 1000, height: 1000),
            crowds: [(count: 2, from: (100, 500), to: (110, 500), wander: 0, goal: {goal})])"#
    ))
}

/// The scene shows a goal's dot at `at` and its ring of `radius` in the goal's colour,
/// and the legend's goal entry.
fn assert_point_and_ring(scene: &Scene, at: Vec2, radius: f32) {
    let (center, color) = (At::world(at), palette::GOAL);
    assert!(scene.marks.contains(&Mark::Circle {
        center,
        radius: 0.0,
        min_px: 4.0,
        fill: true,
        width: 1.0,
        color
    }));
    assert!(scene.marks.contains(&Mark::Circle {
        center,
        radius,
        min_px: 0.0,
        fill: false,
        width: 1.0,
        color
    }));
    assert!(scene.symbols.contains(&Symbol::CrowdGoal));
}

#[test]
fn an_arriving_crowd_draws_its_point_and_slowing_ring_and_says_so() {
    let w = goal_world("Arrive(at: (600, 400), slowing: 120)");
    let scene = scene_of(&w, &Trails::default(), &[], &view());
    assert_point_and_ring(&scene, Vec2::new(600.0, 400.0), 120.0);
    // A goal that draws nothing of its own (pursuing a target) says nothing.
    let w = goal_world("Pursue()");
    let scene = scene_of(&w, &Trails::default(), &[], &view());
    assert!(!scene.symbols.contains(&Symbol::CrowdGoal));
}

#[test]
fn a_target_running_for_a_flag_shows_the_flag_and_its_ring_and_says_so() {
    let w = world(
        r#"(version: 1, world: (width: 1000, height: 1000),
            targets: [(name: "runner", motion: RunForFlag(pos: (100, 100), flag: (700, 300),
                max_speed: 150, max_accel: 400))])"#,
    );
    let scene = scene_of(&w, &Trails::default(), &[], &view());
    // The ring it slows within: 60 units.
    assert_point_and_ring(&scene, Vec2::new(700.0, 300.0), 60.0);
    // A target of another motion shows no goal.
    let w = world(
        r#"(version: 1, world: (width: 1000, height: 1000),
            targets: [(name: "t", motion: Static(pos: (100, 100)))])"#,
    );
    let scene = scene_of(&w, &Trails::default(), &[], &view());
    assert!(!scene.symbols.contains(&Symbol::CrowdGoal));
}

#[test]
fn a_path_is_drawn_as_lines_and_a_flow_field_as_faint_arrows() {
    let w = goal_world("FollowPath(points: [(100, 100), (900, 100)], radius: 30)");
    let scene = scene_of(&w, &Trails::default(), &[], &view());
    let line = |a: (f32, f32), b: (f32, f32)| Mark::Line {
        a: At::world(a.into()),
        b: At::world(b.into()),
        width: 1.0,
        color: palette::GOAL,
    };
    for (a, b) in [
        ((100.0, 100.0), (900.0, 100.0)),
        ((100.0, 130.0), (900.0, 130.0)),
    ] {
        assert!(scene.marks.contains(&line(a, b)), "{a:?} {b:?}");
    }
    // A flow field of 500-unit cells over the 1000 x 1000 world: four arrows, each a
    // shaft and a head in the goal's colour, fainter.
    let w = goal_world("Flow(center: (500, 500), cell: 500)");
    let scene = scene_of(&w, &Trails::default(), &[], &view());
    let faint = palette::with_alpha(palette::GOAL, palette::FLOW_ALPHA);
    let arrows = arrow(Vec2::ZERO, Vec2::X, faint).len();
    let count = (scene.marks.iter())
        .filter(|m| matches!(m, Mark::Line { color, .. } | Mark::Polygon { color, .. } if *color == faint))
        .count();
    assert_eq!(count, 4 * arrows);
}

#[test]
fn the_selected_agent_shows_where_it_looks_ahead_to_and_where_it_steers() {
    let w = goal_world("FollowPath(points: [(100, 100), (900, 100)], radius: 30)");
    let c = &w.crowds()[0];
    let me = c.agents[0].pos;
    let steer = c.explain(0, w.dt()).unwrap().goal.unwrap();
    let (future, sought) = (steer.predicted.unwrap(), steer.sought.unwrap());
    let mut v = view();
    v.selected = Some(Selection::Agent { crowd: 0, agent: 0 });
    let scene = scene_of(&w, &Trails::default(), &[], &v);
    let color = palette::GOAL;
    assert!(scene.marks.contains(&Mark::Circle {
        center: At::world(future),
        radius: 0.0,
        min_px: 5.0,
        fill: false,
        width: 1.5,
        color
    }));
    assert!(scene.marks.contains(&Mark::Line {
        a: At::world(me),
        b: At::world(sought),
        width: 1.0,
        color
    }));
    assert!(scene.marks.contains(&Mark::Circle {
        center: At::world(sought),
        radius: 0.0,
        min_px: 3.5,
        fill: true,
        width: 1.0,
        color
    }));
    assert!(scene.symbols.contains(&Symbol::AgentGoal));
    // Seeking a point: a point to steer to and no look-ahead, still named.
    let w = goal_world("Seek(at: (700, 700))");
    let scene = scene_of(&w, &Trails::default(), &[], &v);
    assert!(scene.symbols.contains(&Symbol::AgentGoal));
    // Without a goal: none of it.
    let w =
        world(r#"(version: 1, crowds: [(count: 2, from: (100, 500), to: (110, 500), wander: 0)])"#);
    let scene = scene_of(&w, &Trails::default(), &[], &v);
    assert!(!scene.symbols.contains(&Symbol::AgentGoal));
}

#[test]
fn the_goals_legend_samples_are_a_stretch_of_path_with_a_flow_arrow_and_a_ring_and_a_dot() {
    use crate::scene::shapes::sample;
    let mid = Vec2::new(100.0, 50.0);
    let color = palette::GOAL;
    // A spine and its two edges, 14 pixels long, 6 apart, left of the middle...
    let path = sample(Symbol::CrowdGoal, mid);
    for (k, dy) in [-6.0, 0.0, 6.0].into_iter().enumerate() {
        assert_eq!(
            path[k],
            Mark::Line {
                a: At::world(Vec2::new(90.0, 50.0 + dy)),
                b: At::world(Vec2::new(104.0, 50.0 + dy)),
                width: 1.0,
                color
            }
        );
    }
    // ...then an arrow 6 long from 6 right of it.
    assert_eq!(
        path[3..],
        arrow(Vec2::new(106.0, 50.0), Vec2::new(6.0, 0.0), color)
    );
    // A ring (where it will be) 6 left of the middle, a dot (where it steers) 8 right.
    let look = sample(Symbol::AgentGoal, mid);
    let Mark::Circle { center, fill, .. } = &look[0] else {
        panic!("{:?}", look[0]);
    };
    assert_eq!((*center, *fill), (At::world(Vec2::new(94.0, 50.0)), false));
    let Mark::Circle { center, fill, .. } = &look[1] else {
        panic!("{:?}", look[1]);
    };
    assert_eq!((*center, *fill), (At::world(Vec2::new(108.0, 50.0)), true));
    assert_eq!(look.len(), 2);
    // Both are listed for the legend and the help.
    let all = Symbol::all();
    assert!(all.contains(&Symbol::CrowdGoal) && all.contains(&Symbol::AgentGoal));
}
