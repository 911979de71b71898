//! Each goal's step worked out by hand from Reynolds' definitions (and OpenSteer's for
//! following a path along it), its parameters' effect, and the registry.

use super::arrive::Arrive;
use super::evade::Evade;
use super::flee::Flee;
use super::flow::Flow;
use super::follow_leader::FollowLeader;
use super::follow_path::FollowPath;
use super::interpose::Interpose;
use super::offset_pursue::OffsetPursue;
use super::pursue::Pursue;
use super::seek::Seek;
use super::*;
use crate::core::field::{Kind, Value};
use crate::steering::Mover;

/// An agent at `pos` going `vel`, top speed 10.
fn agent(pos: (f32, f32), vel: (f32, f32)) -> Vehicle {
    Vehicle::new(pos.into(), vel.into(), 100.0, 10.0, 1.0)
}

fn mover(pos: (f32, f32), vel: (f32, f32)) -> Mover {
    Mover {
        pos: pos.into(),
        vel: vel.into(),
        radius: 1.0,
    }
}

/// What `goal` asks of `me`, agent 0 of a crowd of `me` alone, with `targets`.
fn steer(goal: &Goal, me: &Vehicle, targets: &[(String, Mover)]) -> Steer {
    let agents = [*me];
    let around = Around {
        index: 0,
        agents: &agents,
        targets,
        lo: Vec2::ZERO,
        hi: Vec2::splat(1000.0),
    };
    goal.steer(me, &around)
}

fn close(a: Vec2, b: Vec2) -> bool {
    (a - b).length() < 1e-4
}

#[test]
fn every_kind_makes_a_goal_of_its_kind_whose_fields_read_back() {
    let at = Vec2::new(120.0, 80.0);
    for (k, (name, label)) in Goal::KINDS.iter().enumerate() {
        let g = Goal::of_kind(k, at);
        assert_eq!((g.kind(), g.name()), (k, *name));
        assert!(!label.is_empty());
        assert_eq!(g.weight(), 1.0, "{name}: weight 1 by default");
        let mut edited = g.clone();
        for field in g.fields() {
            let value = g.get(field.name).expect("each listed field reads");
            assert!(
                edited.set(field.name, value.clone()),
                "{name}.{}",
                field.name
            );
            assert_eq!(edited.get(field.name), Some(value));
        }
        // Only the goals after targets name any; a goal of any kind placed with its
        // defaults breaks no rule.
        let after_targets = ["Pursue", "Evade", "Interpose", "OffsetPursue"].contains(name);
        assert!(after_targets || g.targets().is_empty(), "{name}");
        assert!(g.problems().is_empty(), "{name}: {:?}", g.problems());
        // Every goal has a weight, set through its description.
        assert!(edited.set("weight", Value::Number(2.5)), "{name}");
        assert_eq!(edited.weight(), 2.5, "{name}");
    }
    // Past the end: the first kind; the default goal is the first, at the origin.
    assert_eq!(Goal::of_kind(99, at).kind(), 0);
    assert_eq!(Goal::default(), Goal::Seek(Seek::starting_at(Vec2::ZERO)));
    // Placed goals start where asked.
    assert_eq!(Goal::of_kind(2, at), Goal::Arrive(Arrive::starting_at(at)));
}

#[test]
fn a_goal_is_written_with_its_fields_as_its_variants() {
    // As scenario files are read: a variant's struct written without its own brackets.
    let text = "Arrive(at: (600, 400), slowing: 150)";
    let options = ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::UNWRAP_VARIANT_NEWTYPES);
    let goal: Goal = options.from_str(text).unwrap();
    assert_eq!(
        goal,
        Goal::Arrive(Arrive {
            at: Vec2::new(600.0, 400.0),
            slowing: 150.0,
            weight: 1.0,
        })
    );
    let written = ron::to_string(&goal).unwrap();
    assert_eq!(written, "Arrive(at:(600.0,400.0),slowing:150.0)");
}

#[test]
fn seek_heads_for_its_point_at_full_speed_and_flee_away_within_its_range() {
    // From the origin to (30, 40): unit (0.6, 0.8) at speed 10, less a velocity of (1, 0).
    let seek = Goal::Seek(Seek::starting_at(Vec2::new(30.0, 40.0)));
    let s = steer(&seek, &agent((0.0, 0.0), (1.0, 0.0)), &[]);
    assert!(close(s.force, Vec2::new(5.0, 8.0)), "{}", s.force);
    assert_eq!((s.sought, s.predicted), (Some(Vec2::new(30.0, 40.0)), None));
    // Flee (3, 4), 5 away: (-0.6, -0.8) at 10; within a range of 6 too; not of 4.
    let mut flee = Flee::starting_at(Vec2::new(3.0, 4.0));
    let me = agent((0.0, 0.0), (0.0, 0.0));
    let s = steer(&Goal::Flee(flee.clone()), &me, &[]);
    assert!(close(s.force, Vec2::new(-6.0, -8.0)));
    flee.range = 6.0;
    assert!(close(
        steer(&Goal::Flee(flee.clone()), &me, &[]).force,
        Vec2::new(-6.0, -8.0)
    ));
    // Exactly at the range's edge (5): it flees.
    flee.range = 5.0;
    assert!(close(
        steer(&Goal::Flee(flee.clone()), &me, &[]).force,
        Vec2::new(-6.0, -8.0)
    ));
    flee.range = 4.0;
    assert_eq!(steer(&Goal::Flee(flee), &me, &[]), Steer::default());
}

#[test]
fn arrive_slows_in_proportion_inside_its_radius() {
    // 20 from the point, slowing radius 40: half speed, 5, towards it.
    let mut arrive = Arrive::starting_at(Vec2::new(20.0, 0.0));
    arrive.slowing = 40.0;
    let s = steer(
        &Goal::Arrive(arrive.clone()),
        &agent((0.0, 0.0), (0.0, 0.0)),
        &[],
    );
    assert!(close(s.force, Vec2::new(5.0, 0.0)), "{}", s.force);
    // Outside it (radius 10): full speed.
    arrive.slowing = 10.0;
    let s = steer(&Goal::Arrive(arrive), &agent((0.0, 0.0), (0.0, 0.0)), &[]);
    assert!(close(s.force, Vec2::new(10.0, 0.0)));
}

#[test]
fn pursue_and_evade_lead_their_target_by_the_distance_over_the_two_speeds() {
    let quarry = vec![("q".to_string(), mover((100.0, 0.0), (0.0, 10.0)))];
    let me = agent((0.0, 0.0), (0.0, 0.0));
    // T = 100 / (10 + 10) = 5 s: the quarry will be at (100, 50).
    let pursue = Goal::Pursue(Pursue {
        target: Some("q".into()),
        weight: 1.0,
    });
    let s = steer(&pursue, &me, &quarry);
    assert_eq!(s.sought, Some(Vec2::new(100.0, 50.0)));
    assert!(close(s.force, Vec2::new(100.0, 50.0).normalize() * 10.0));
    assert_eq!(pursue.targets(), vec!["q"]);
    // A target not in the world, or none named: nothing.
    assert_eq!(steer(&pursue, &me, &[]), Steer::default());
    let nobody = Goal::Pursue(Pursue::starting_at(Vec2::ZERO));
    assert_eq!(steer(&nobody, &me, &quarry), Steer::default());
    assert!(nobody.targets().is_empty());
    // Evade a threat 30 away closing at 10: T = 30 / 20 = 1.5 s, at (15, 0): flee it.
    let threat = vec![("t".to_string(), mover((30.0, 0.0), (-10.0, 0.0)))];
    let mut evade = Evade {
        target: Some("t".into()),
        range: 0.0,
        weight: 1.0,
    };
    let s = steer(&Goal::Evade(evade.clone()), &me, &threat);
    assert_eq!(s.sought, Some(Vec2::new(15.0, 0.0)));
    assert!(close(s.force, Vec2::new(-10.0, 0.0)));
    assert_eq!(Goal::Evade(evade.clone()).targets(), vec!["t"]);
    // Within range 31, yes; at its edge, 30, yes; 20, no.
    evade.range = 31.0;
    assert_eq!(steer(&Goal::Evade(evade.clone()), &me, &threat), s);
    evade.range = 30.0;
    assert_eq!(steer(&Goal::Evade(evade.clone()), &me, &threat), s);
    evade.range = 20.0;
    assert_eq!(steer(&Goal::Evade(evade), &me, &threat), Steer::default());
}

#[test]
fn interpose_arrives_between_where_the_two_will_be() {
    let me = agent((50.0, 0.0), (0.0, 0.0));
    let mut two = vec![
        ("a".to_string(), mover((0.0, 100.0), (0.0, 0.0))),
        ("b".to_string(), mover((100.0, 100.0), (0.0, 0.0))),
    ];
    let goal = Goal::Interpose(Interpose {
        a: Some("a".into()),
        b: Some("b".into()),
        slowing: 50.0,
        weight: 1.0,
    });
    // Both still: their midpoint (50, 100), 100 away (beyond the slowing radius).
    let s = steer(&goal, &me, &two);
    assert_eq!(s.sought, Some(Vec2::new(50.0, 100.0)));
    assert!(close(s.force, Vec2::new(0.0, 10.0)));
    // `a` going (10, 0): the midpoint is 10 s away at full speed, when `a` is at
    // (100, 100): between (100, 100) and (100, 100).
    two[0].1.vel = Vec2::new(10.0, 0.0);
    assert_eq!(
        steer(&goal, &me, &two).sought,
        Some(Vec2::new(100.0, 100.0))
    );
    // One of them missing: nothing.
    assert_eq!(steer(&goal, &me, &two[..1]), Steer::default());
    assert_eq!(goal.targets(), vec!["a", "b"]);
}

#[test]
fn offset_pursuit_holds_each_agent_in_its_place_of_rows_in_the_targets_frame() {
    let goal = OffsetPursue {
        target: Some("lead".into()),
        offset: Vec2::new(-40.0, 0.0),
        spacing: 20.0,
        columns: 3,
        slowing: 40.0,
        weight: 1.0,
    };
    // Three to a row, centred, the first on the left (+y); the next row 20 behind.
    assert_eq!(goal.place(0), Vec2::new(-40.0, 20.0));
    assert_eq!(goal.place(1), Vec2::new(-40.0, 0.0));
    assert_eq!(goal.place(2), Vec2::new(-40.0, -20.0));
    assert_eq!(goal.place(4), Vec2::new(-60.0, 0.0));
    // One column: a single file behind the offset.
    let file = OffsetPursue {
        columns: 1,
        ..goal.clone()
    };
    assert_eq!(file.place(3), Vec2::new(-100.0, 0.0));
    // The target at (100, 100) going (10, 0): agent 0's place is (60, 120) now; from
    // (60, 0) at rest (top speed 10) it is 120 away, closing at 10 + 10: 6 s ahead it
    // will be at (120, 120), 134.2 away (beyond the slowing radius): full speed there.
    let lead = vec![("lead".to_string(), mover((100.0, 100.0), (10.0, 0.0)))];
    let goal = Goal::OffsetPursue(goal);
    let me = agent((60.0, 0.0), (0.0, 0.0));
    let s = steer(&goal, &me, &lead);
    assert_eq!(s.sought, Some(Vec2::new(120.0, 120.0)));
    assert!(
        close(s.force, Vec2::new(60.0, 120.0).normalize() * 10.0),
        "{}",
        s.force
    );
    // Agent 4 of five: row 1, the middle: (-60, 0) from the target, (40, 100); from
    // (40, 90), 10 away, closing at 20: 0.5 s ahead, (45, 100); inside the slowing
    // radius: at 10 x |(5, 10)| / 40 towards it.
    let agents = [me; 5];
    let around = Around {
        index: 4,
        agents: &agents,
        targets: &lead,
        lo: Vec2::ZERO,
        hi: Vec2::splat(1000.0),
    };
    let me = agent((40.0, 90.0), (0.0, 0.0));
    let s = goal.steer(&me, &around);
    assert_eq!(s.sought, Some(Vec2::new(45.0, 100.0)));
    let d = Vec2::new(5.0, 10.0);
    assert!(
        close(s.force, d.normalize() * (10.0 * d.length() / 40.0)),
        "{}",
        s.force
    );
    // A target at rest: its frame faces +x; turned to face +y, the places turn with it.
    let still = vec![("lead".to_string(), mover((100.0, 100.0), (0.0, 0.0)))];
    let far = agent((0.0, 0.0), (0.0, 0.0));
    assert_eq!(
        steer(&goal, &far, &still).sought,
        Some(Vec2::new(60.0, 120.0))
    );
    // Creeping north at 0.001 (its place drifts 0.01 in the 10 s it takes to get there):
    // ahead is +y, its left -x: (100, 100) - 40 (0, 1) + 20 (-1, 0) = (80, 60).
    let north = vec![("lead".to_string(), mover((100.0, 100.0), (0.0, 1e-3)))];
    let p = steer(&goal, &far, &north).sought.unwrap();
    assert!(p.distance(Vec2::new(80.0, 60.0)) < 0.02, "{p}");
    // No such target: nothing.
    assert_eq!(steer(&goal, &me, &[]), Steer::default());
    assert_eq!(goal.targets(), vec!["lead"]);
}

fn l_path() -> FollowPath {
    FollowPath {
        points: vec![Vec2::ZERO, Vec2::new(100.0, 0.0), Vec2::new(100.0, 100.0)],
        radius: 5.0,
        looped: false,
        prediction: 0.5,
        ahead: 30.0,
        weight: 1.0,
    }
}

#[test]
fn following_a_path_sets_off_along_it_and_leaves_an_agent_going_the_right_way_alone() {
    let path = Goal::FollowPath(l_path());
    // At rest on the spine, 10 along: no progress ahead, so it seeks the point 30 further
    // along, (40, 0), at full speed.
    let s = steer(&path, &agent((10.0, 0.0), (0.0, 0.0)), &[]);
    assert_eq!(
        (s.sought, s.predicted),
        (Some(Vec2::new(40.0, 0.0)), Some(Vec2::new(10.0, 0.0)))
    );
    assert!(close(s.force, Vec2::new(10.0, 0.0)));
    // Going along inside the radius: in 0.5 s at (15, 1), further along: nothing.
    let s = steer(&path, &agent((10.0, 1.0), (10.0, 0.0)), &[]);
    assert_eq!((s.force, s.sought), (Vec2::ZERO, None));
    assert_eq!(s.predicted, Some(Vec2::new(15.0, 1.0)));
    // Going back along it: steers to 30 beyond where it is, (40, 0).
    let s = steer(&path, &agent((10.0, 1.0), (-10.0, 0.0)), &[]);
    assert_eq!(s.sought, Some(Vec2::new(40.0, 0.0)));
    // Off the path at (50, 20): seek 30 beyond its nearest point, (80, 0).
    let s = steer(&path, &agent((50.0, 20.0), (0.0, 0.0)), &[]);
    assert_eq!(s.sought, Some(Vec2::new(80.0, 0.0)));
    assert!(close(s.force, Vec2::new(30.0, -20.0).normalize() * 10.0));
    // Round the corner: at (90, 0) the point 30 along is (100, 20).
    let s = steer(&path, &agent((90.0, 3.0), (0.0, 0.0)), &[]);
    assert_eq!(s.sought, Some(Vec2::new(100.0, 20.0)));
    // A fast agent leads by its prediction's length (speed 10 x 4 s = 40 > 30).
    let mut far = l_path();
    far.prediction = 4.0;
    let s = steer(
        &Goal::FollowPath(far),
        &agent((10.0, 30.0), (10.0, 0.0)),
        &[],
    );
    assert_eq!(s.sought, Some(Vec2::new(50.0, 0.0)));
    // Looking further ahead than half the path's length, going the right way, on an
    // open path: nothing (no shorter way round to take).
    // (A straight path 300 long; in 0.5 s at (200, 1), 200 along.)
    let mut straight = l_path();
    straight.points = vec![Vec2::ZERO, Vec2::new(300.0, 0.0)];
    let s = steer(
        &Goal::FollowPath(straight),
        &agent((0.0, 1.0), (400.0, 0.0)),
        &[],
    );
    assert_eq!(
        (s.force, s.predicted),
        (Vec2::ZERO, Some(Vec2::new(200.0, 1.0)))
    );
    // Past the open end: held at the last point.
    let s = steer(&path, &agent((100.0, 99.0), (0.0, 0.0)), &[]);
    assert_eq!(s.sought, Some(Vec2::new(100.0, 100.0)));
}

#[test]
fn a_looped_path_goes_round_from_its_last_point_to_its_first() {
    // A square of side 100, looped: 400 round.
    let mut square = l_path();
    square.points.push(Vec2::new(0.0, 100.0));
    square.looped = true;
    let goal = Goal::FollowPath(square);
    // On the closing side at (0, 10) going down (-y) towards the first point: in 0.5 s at
    // (0, 5), 395 along, further round than 390: nothing.
    let s = steer(&goal, &agent((0.0, 10.0), (0.0, -10.0)), &[]);
    assert_eq!(s.force, Vec2::ZERO);
    // At rest there: it seeks 30 further round, past the first point: (20, 0).
    let s = steer(&goal, &agent((0.0, 10.0), (0.0, 0.0)), &[]);
    assert_eq!(s.sought, Some(Vec2::new(20.0, 0.0)));
    // Crossing the first point going the right way ((0, 2) to (0, -3) would be outside;
    // (3, 0) to (8, 0) inside): the wrap counts as progress.
    let s = steer(&goal, &agent((0.0, 2.0), (2.0, -2.0)), &[]);
    assert_eq!(s.force, Vec2::ZERO, "{:?}", s);
}

#[test]
fn a_path_needs_two_points_and_is_drawn_as_its_spine_and_edges() {
    let mut one = l_path();
    one.points.truncate(1);
    let problems = Goal::FollowPath(one).problems();
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].0, "points");
    assert!(
        problems[0].1.contains("at least 2 points"),
        "{}",
        problems[0].1
    );
    assert!(Goal::FollowPath(l_path()).problems().is_empty());
    let mut two = l_path();
    two.points.truncate(2);
    assert!(Goal::FollowPath(two.clone()).problems().is_empty());
    // Two points looped: the one segment (back along it is no other line), drawn once.
    two.looped = true;
    assert_eq!(
        Goal::FollowPath(two).scenery(Vec2::ZERO, Vec2::ONE).len(),
        3
    );
    // Two segments: each spine line and its edges 5 either side.
    let shapes = Goal::FollowPath(l_path()).scenery(Vec2::ZERO, Vec2::splat(500.0));
    assert_eq!(shapes.len(), 6);
    assert_eq!(shapes[0], Shape::Line(Vec2::ZERO, Vec2::new(100.0, 0.0)));
    assert_eq!(
        shapes[1],
        Shape::Line(Vec2::new(0.0, 5.0), Vec2::new(100.0, 5.0))
    );
    assert_eq!(
        shapes[2],
        Shape::Line(Vec2::new(0.0, -5.0), Vec2::new(100.0, -5.0))
    );
    assert_eq!(
        shapes[4],
        Shape::Line(Vec2::new(95.0, 0.0), Vec2::new(95.0, 100.0))
    );
    // Looped, the closing side too.
    let mut looped = l_path();
    looped.looped = true;
    let shapes = Goal::FollowPath(looped).scenery(Vec2::ZERO, Vec2::splat(500.0));
    assert_eq!(shapes.len(), 9);
    assert_eq!(shapes[6], Shape::Line(Vec2::new(100.0, 100.0), Vec2::ZERO));
}

#[test]
fn a_flow_field_turns_round_its_centre_and_in_by_its_angle_cell_by_cell() {
    let mut flow = Flow::starting_at(Vec2::new(100.0, 100.0));
    flow.cell = 40.0;
    let at_rest = agent((150.0, 110.0), (0.0, 0.0));
    // Under (150, 110): the cell from (120, 80), its middle (140, 100), straight +x of the
    // centre: round the centre is +y.
    let s = steer(&Goal::Flow(flow.clone()), &at_rest, &[]);
    assert!(close(s.force, Vec2::new(0.0, 10.0)), "{}", s.force);
    assert_eq!(
        (s.sought, s.predicted),
        (None, Some(Vec2::new(150.0, 110.0)))
    );
    // Turned 90 degrees in: straight at the centre, -x.
    flow.inward = 90.0;
    let s = steer(&Goal::Flow(flow.clone()), &at_rest, &[]);
    assert!(close(s.force, Vec2::new(-10.0, 0.0)), "{}", s.force);
    // -90: straight out.
    flow.inward = -90.0;
    let s = steer(&Goal::Flow(flow.clone()), &at_rest, &[]);
    assert!(close(s.force, Vec2::new(10.0, 0.0)), "{}", s.force);
    // Looking 0.5 s ahead at (0, 40): at (150, 130), the cell whose middle is (140, 140),
    // on the diagonal: round the centre is (-1, 1) / sqrt 2; less its velocity.
    flow.inward = 0.0;
    let moving = agent((150.0, 110.0), (0.0, 40.0));
    let s = steer(&Goal::Flow(flow.clone()), &moving, &[]);
    let expected = Vec2::new(-1.0, 1.0).normalize() * 10.0 - Vec2::new(0.0, 40.0);
    assert!(close(s.force, expected), "{}", s.force);
    // The cells start at the crowd's box's corner: from (20, 20), (150, 110) is in the
    // cell whose middle is (160, 120), 60 right of and 20 below the centre's level:
    // round it is (-20, 60) / |(-20, 60)|.
    let agents = [at_rest];
    let boxed = Around {
        index: 0,
        agents: &agents,
        targets: &[],
        lo: Vec2::splat(20.0),
        hi: Vec2::splat(1000.0),
    };
    let s = Goal::Flow(flow.clone()).steer(&at_rest, &boxed);
    assert!(
        close(s.force, Vec2::new(-20.0, 60.0).normalize() * 10.0),
        "{}",
        s.force
    );
    // Its arrows: one per cell of an 80 x 80 box, from the first cell's middle (20, 20),
    // half a cell long, centred on it.
    let arrows = Goal::Flow(flow.clone()).scenery(Vec2::ZERO, Vec2::splat(80.0));
    assert_eq!(arrows.len(), 4);
    let Shape::Arrow { from, vector } = arrows[0] else {
        panic!("{:?}", arrows[0]);
    };
    let way = Vec2::new(1.0, -1.0).normalize() * 20.0;
    assert!(close(from + vector * 0.5, Vec2::splat(20.0)) && close(vector, way));
    // The box's size, not where it is: 80 x 80 from (40, 40), four arrows.
    let moved = Goal::Flow(flow.clone()).scenery(Vec2::splat(40.0), Vec2::splat(120.0));
    assert_eq!(moved.len(), 4);
    // A finer field is drawn every few cells: 100 across, every 3rd: 34 x 34.
    let many = Goal::Flow(flow).scenery(Vec2::ZERO, Vec2::splat(4000.0));
    assert_eq!(many.len(), 34 * 34);
}

#[test]
fn followers_arrive_behind_the_leader_and_step_out_of_its_way() {
    let mut leader = agent((100.0, 0.0), (10.0, 0.0));
    leader.forward = Vec2::X;
    let goal = Goal::FollowLeader(FollowLeader {
        behind: 30.0,
        sight: 60.0,
        slowing: 40.0,
        weight: 1.0,
    });
    let around = |agents: &[Vehicle], index| {
        goal.steer(
            &agents[index],
            &Around {
                index,
                agents,
                targets: &[],
                lo: Vec2::ZERO,
                hi: Vec2::splat(1000.0),
            },
        )
    };
    // 70 from the point behind it, (70, 0): full speed there.
    let me = agent((0.0, 0.0), (0.0, 0.0));
    let s = around(&[leader, me], 1);
    assert_eq!(s.sought, Some(Vec2::new(70.0, 0.0)));
    assert!(close(s.force, Vec2::new(10.0, 0.0)));
    // The leader itself follows no one.
    assert_eq!(around(&[leader, me], 0), Steer::default());
    // In its way, 20 ahead and 5 to its left: arrive behind it plus a step left at full
    // speed.
    let ahead = agent((120.0, 5.0), (0.0, 0.0));
    let s = around(&[leader, ahead], 1);
    let back = Vec2::new(-50.0, -5.0).normalize() * 10.0;
    assert!(close(s.force, back + Vec2::new(0.0, 10.0)), "{}", s.force);
}

#[test]
fn points_and_circles_show_where_a_crowd_seeks_flees_or_arrives() {
    let at = Vec2::new(5.0, 6.0);
    let (lo, hi) = (Vec2::ZERO, Vec2::ONE);
    assert_eq!(
        Goal::Seek(Seek::starting_at(at)).scenery(lo, hi),
        vec![Shape::Point(at)]
    );
    let arrive = Goal::Arrive(Arrive::starting_at(at)).scenery(lo, hi);
    let ring = Shape::Circle {
        center: at,
        radius: 100.0,
    };
    assert_eq!(arrive, vec![Shape::Point(at), ring.clone()]);
    let mut flee = Flee::starting_at(at);
    assert_eq!(
        Goal::Flee(flee.clone()).scenery(lo, hi),
        vec![Shape::Point(at)]
    );
    flee.range = 100.0;
    assert_eq!(
        Goal::Flee(flee).scenery(lo, hi),
        vec![Shape::Point(at), ring]
    );
    // The goals after a target draw nothing of their own.
    assert!(Goal::Pursue(Pursue::starting_at(at))
        .scenery(lo, hi)
        .is_empty());
}

#[test]
fn the_inspector_says_what_a_goal_asks_in_words() {
    let goal = Goal::FollowPath(l_path());
    let steer = Steer {
        force: Vec2::ONE,
        sought: Some(Vec2::new(120.0, 40.0)),
        predicted: Some(Vec2::new(98.46, 37.25)),
    };
    assert_eq!(
        goal.describe(&steer),
        "follow a path (weight 1): steers to (120.0, 40.0), looks ahead to (98.5, 37.2)"
    );
    let idle = Goal::Pursue(Pursue::starting_at(Vec2::ZERO));
    assert_eq!(
        idle.describe(&Steer::default()),
        "pursue a target (weight 1): nothing to steer to"
    );
}

#[test]
fn a_goal_names_targets_by_their_field_kind() {
    // The goals after targets name them in target-name fields (checked against the
    // scenario's targets like a motion's).
    for goal in [
        Goal::of_kind(3, Vec2::ZERO),
        Goal::of_kind(4, Vec2::ZERO),
        Goal::of_kind(5, Vec2::ZERO),
        Goal::of_kind(6, Vec2::ZERO),
    ] {
        let named = goal
            .fields()
            .iter()
            .filter(|f| f.kind == Kind::TargetName)
            .count();
        assert!(named >= 1, "{}", goal.name());
        let problems = (&goal as &dyn Described).problems("g", &["x"]);
        assert!(problems.is_empty(), "none named yet: {problems:?}");
    }
    let pursue = Goal::Pursue(Pursue {
        target: Some("ghost".into()),
        weight: 1.0,
    });
    let problems = (&pursue as &dyn Described).problems("g", &["x"]);
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].0, "g.target");
    assert!(
        problems[0].1.contains("unknown target `ghost`"),
        "{}",
        problems[0].1
    );
}
