//! A crowd's goal in its blend: weighted beside the boids, behind avoidance, explained
//! exactly as the tick steers, and fed the targets it names.

use super::*;
use crate::sim::goal::arrive::Arrive;
use crate::sim::goal::pursue::Pursue;
use crate::steering::truncate;

const DT: f32 = 1.0 / 60.0;

/// No flocking, no wander: the goal alone (and avoidance).
fn goal_only(goal: Goal) -> CrowdParams {
    CrowdParams {
        separation: 0.0,
        alignment: 0.0,
        cohesion: 0.0,
        wander: 0.0,
        goal: Some(goal),
        ..CrowdParams::default()
    }
}

fn one_at(pos: Vec2, params: CrowdParams) -> Crowd {
    let agent = Vehicle::new(pos, Vec2::ZERO, params.max_force, params.max_speed, 3.0);
    Crowd::of(
        vec![agent],
        (Vec2::ZERO, Vec2::splat(1000.0)),
        Vec::new(),
        params,
        1,
    )
}

#[test]
fn an_agent_arriving_comes_to_rest_on_the_point_inside_its_slowing_radius() {
    let at = Vec2::new(500.0, 400.0);
    let goal = Goal::Arrive(Arrive {
        at,
        slowing: 100.0,
        weight: 1.0,
    });
    let mut crowd = one_at(Vec2::new(200.0, 400.0), goal_only(goal));
    let mut nearest = f32::INFINITY;
    let mut over = 0f32;
    for _ in 0..900 {
        crowd.step(DT);
        let a = crowd.agents[0];
        nearest = nearest.min(a.pos.distance(at));
        over = over.max(a.pos.x - at.x);
    }
    let a = crowd.agents[0];
    assert!(a.pos.distance(at) < 1.0, "{}", a.pos);
    assert!(a.vel.length() < 1.0, "{}", a.vel);
    assert!(nearest < 1.0);
    // The force is the velocity error (Reynolds' units), so inside the radius the
    // distance d to the point obeys d'' + d' + (80 / 100) d = 0: damped, but not
    // critically (1 < 4 x 0.8). Entering the radius at about 80 units/s, that overshoots
    // by 20.8 units (integrated by hand in small steps) and settles: never past the
    // slowing radius, always back.
    assert!((15.0..25.0).contains(&over), "{over}");
}

#[test]
fn the_goal_is_a_weighted_part_of_the_blend_and_explained_as_the_tick_steers() {
    let at = Vec2::new(500.0, 400.0);
    let goal = |weight| {
        Goal::Arrive(Arrive {
            at,
            slowing: 0.0,
            weight,
        })
    };
    let mut params = CrowdParams {
        wander: 0.0,
        goal: Some(goal(2.0)),
        ..CrowdParams::default()
    };
    // Twenty agents at rest in a row, the goal 300 to the right of the first.
    let agents = (0..20)
        .map(|k| {
            Vehicle::new(
                Vec2::new(200.0 + 7.0 * k as f32, 400.0),
                Vec2::ZERO,
                300.0,
                80.0,
                3.0,
            )
        })
        .collect();
    let bounds = (Vec2::ZERO, Vec2::splat(1000.0));
    let crowd = Crowd::of(agents, bounds, Vec::new(), params.clone(), 1);
    let why = crowd.explain(0, DT).unwrap();
    // At rest, seek (a slowing radius of 0) asks for full speed towards the point,
    // (80, 0); the part is that times the weight 2, and the steer says where to.
    let part = why
        .parts
        .iter()
        .find(|(p, _)| *p == SteeringPart::Goal)
        .unwrap()
        .1;
    assert!((part - Vec2::new(160.0, 0.0)).length() < 1e-3, "{part}");
    let steer = why.goal.unwrap();
    assert_eq!(steer.sought, Some(at));
    // The total is the boids' parts plus the goal's, truncated to 300.
    let sum: Vec2 = why.parts[3..].iter().map(|(_, f)| *f).sum();
    assert!((why.total - truncate(sum, 300.0)).length() < 1e-3);
    // Every agent's explanation is the next tick.
    let forces: Vec<Vec2> = (0..20)
        .map(|i| crowd.explain(i, DT).unwrap().total)
        .collect();
    let mut expected = crowd.agents.clone();
    for (a, f) in expected.iter_mut().zip(&forces) {
        a.step(*f, DT);
    }
    let mut stepped = crowd.clone();
    stepped.step(DT);
    assert_eq!(stepped.agents, expected);
    // Without a goal, the goal's part is nothing and explains no steer.
    params.goal = None;
    let bare = Crowd::of(crowd.agents.clone(), bounds, Vec::new(), params, 1);
    let why = bare.explain(0, DT).unwrap();
    assert_eq!(why.parts[9], (SteeringPart::Goal, Vec2::ZERO));
    assert_eq!(why.goal, None);
}

#[test]
fn a_crowd_sees_only_the_targets_its_goal_names_and_pursues_them() {
    let goal = Goal::Pursue(Pursue {
        target: Some("hare".into()),
        weight: 1.0,
    });
    let mut crowd = one_at(Vec2::new(100.0, 100.0), goal_only(goal));
    let hare = Mover {
        pos: Vec2::new(600.0, 100.0),
        vel: Vec2::new(0.0, 20.0),
        radius: 5.0,
    };
    let other = Mover {
        pos: Vec2::ZERO,
        ..hare
    };
    crowd.see([("fox", other), ("hare", hare)].into_iter());
    assert_eq!(crowd.seen, vec![("hare".to_string(), hare)]);
    // It leads the hare: T = 500 / (80 + 20) = 5 s, the hare then at (600, 200).
    let why = crowd.explain(0, DT).unwrap();
    assert_eq!(why.goal.unwrap().sought, Some(Vec2::new(600.0, 200.0)));
    // Steering forces are changes of velocity (Reynolds' seek: the desired velocity less
    // the current one), so from rest it closes on its top speed 80 with a time constant
    // of 1 s: 80 (3 - (1 - e^-3)) = 164 units in 3 s, nearly all towards the hare.
    let before = crowd.agents[0].pos.distance(hare.pos);
    for _ in 0..180 {
        crowd.step(DT);
    }
    let after = crowd.agents[0].pos.distance(hare.pos);
    assert!(
        after < before - 150.0,
        "{before} {after} {}",
        crowd.agents[0].pos
    );
    // The hare gone from the world: nothing to pursue.
    crowd.see(std::iter::empty());
    assert!(crowd.seen.is_empty());
    assert_eq!(crowd.explain(0, DT).unwrap().goal.unwrap().sought, None);
    // A crowd without a goal keeps nothing.
    let mut flock = one_at(Vec2::ZERO, CrowdParams::default());
    flock.see([("hare", hare)].into_iter());
    assert!(flock.seen.is_empty());
}
