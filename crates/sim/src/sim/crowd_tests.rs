use super::*;
use crate::steering::Obstacle;

const DT: f32 = 1.0 / 60.0;

fn boxed(count: usize, obstacles: Vec<Obstacle>, params: CrowdParams, seed: u64) -> Crowd {
    let square = (Vec2::ZERO, Vec2::splat(400.0));
    Crowd::new(count, square, square, obstacles, params, seed)
}

/// The default crowd with wander alone (no separation, alignment or cohesion).
fn wander_only() -> CrowdParams {
    CrowdParams {
        separation: 0.0,
        alignment: 0.0,
        cohesion: 0.0,
        wander: 1.0,
        ..CrowdParams::default()
    }
}

/// 200 agents in the 400-unit box without obstacles, flown for 10 s.
fn flown(params: CrowdParams, seed: u64) -> Crowd {
    let mut crowd = boxed(200, Vec::new(), params, seed);
    for _ in 0..600 {
        crowd.step(DT);
    }
    crowd
}

/// How alike the headings of each agent and its neighbours are: the length of their mean
/// unit velocity, averaged over the agents that move (1: all the same way).
fn polarisation(crowd: &mut Crowd) -> f32 {
    crowd.sort();
    let mut sum = 0.0;
    let mut counted = 0;
    let mut near = Vec::new();
    for i in 0..crowd.agents.len() {
        crowd.neighbours(i, &mut near);
        let own = crowd.agents[i].vel.normalize_or_zero();
        if own == Vec2::ZERO {
            continue;
        }
        let all: Vec2 = near.iter().map(|n| n.vel.normalize_or_zero()).sum::<Vec2>() + own;
        sum += all.length() / (near.len() + 1) as f32;
        counted += 1;
    }
    sum / counted.max(1) as f32
}

/// The mean distance from each agent to its nearest other.
fn spacing(crowd: &Crowd) -> f32 {
    let a = &crowd.agents;
    let total: f32 = (0..a.len())
        .map(|i| {
            (0..a.len())
                .filter(|&j| j != i)
                .map(|j| a[i].pos.distance(a[j].pos))
                .fold(f32::INFINITY, f32::min)
        })
        .sum();
    total / a.len() as f32
}

#[test]
fn the_same_seed_flies_the_same_crowd_and_another_does_not() {
    let obstacles = vec![Obstacle::Circle {
        center: Vec2::splat(200.0),
        radius: 40.0,
    }];
    let mut a = boxed(300, obstacles.clone(), CrowdParams::default(), 7);
    let mut b = boxed(300, obstacles.clone(), CrowdParams::default(), 7);
    let mut c = boxed(300, obstacles, CrowdParams::default(), 8);
    for _ in 0..120 {
        a.step(DT);
        b.step(DT);
        c.step(DT);
    }
    assert_eq!(a.state_hash(), b.state_hash());
    assert_ne!(a.state_hash(), c.state_hash());
}

#[test]
fn neighbours_are_the_nearest_few_within_the_radius_and_never_itself() {
    // Crowded: about 75 agents within each one's radius, of which it keeps 8.
    let (lo, hi) = (Vec2::ZERO, Vec2::splat(150.0));
    let mut crowd = Crowd::new(
        600,
        (lo, hi),
        (lo, hi),
        Vec::new(),
        CrowdParams::default(),
        11,
    );
    for _ in 0..30 {
        crowd.step(DT);
    }
    crowd.sort();
    let radius = crowd.params.neighbour_radius;
    let mut near = Vec::new();
    for most in [8, MOST_NEIGHBOURS] {
        crowd.params.neighbours = most;
        for i in 0..crowd.agents.len() {
            crowd.neighbours(i, &mut near);
            let me = crowd.agents[i].pos;
            let mut all: Vec<f32> = (0..crowd.agents.len())
                .filter(|&j| j != i)
                .map(|j| crowd.agents[j].pos.distance_squared(me))
                .filter(|d| *d <= radius * radius)
                .collect();
            all.sort_by(f32::total_cmp);
            all.truncate(most);
            let got: Vec<f32> = near.iter().map(|n| n.pos.distance_squared(me)).collect();
            assert_eq!(got, all, "agent {i}, {most} kept");
        }
    }
    assert!(crowd.agents.len() > 8);
    // Asking for none finds none.
    crowd.params.neighbours = 0;
    crowd.neighbours(0, &mut near);
    assert!(near.is_empty());
}

#[test]
fn alignment_lines_the_flock_up_and_separation_spaces_it_out() {
    let quiet = wander_only();
    let aligned = CrowdParams {
        alignment: 1.0,
        ..quiet.clone()
    };
    let separated = CrowdParams {
        separation: 3.0,
        ..quiet.clone()
    };
    let fly = |params| flown(params, 5);
    let (quiet, aligned, separated) = (fly(quiet), fly(aligned), fly(separated));
    let (mut quiet, mut aligned) = (quiet, aligned);
    let (p0, p1) = (polarisation(&mut quiet), polarisation(&mut aligned));
    assert!(
        p1 > 0.75 && p1 > p0 + 0.2,
        "polarisation {p0} without, {p1} with alignment"
    );
    let (s0, s1) = (spacing(&quiet), spacing(&separated));
    assert!(s1 > 1.2 * s0, "spacing {s0} without, {s1} with separation");
}

#[test]
fn cohesion_draws_the_flock_together() {
    let loose = wander_only();
    let drawn = CrowdParams {
        cohesion: 1.0,
        ..loose.clone()
    };
    let crowding = |params: CrowdParams| {
        let mut crowd = flown(params, 9);
        // Neighbours within reach, on average.
        crowd.sort();
        let mut near = Vec::new();
        let mut total = 0;
        for i in 0..crowd.agents.len() {
            crowd.neighbours(i, &mut near);
            total += near.len();
        }
        total as f32 / crowd.agents.len() as f32
    };
    let (n0, n1) = (crowding(loose), crowding(drawn));
    assert!(n1 > n0 + 1.0, "neighbours {n0} without, {n1} with cohesion");
}

#[test]
fn no_agent_enters_a_polygon_or_crosses_a_wall_over_random_layouts() {
    for seed in 0..6u64 {
        let mut rng = Rng::new(seed ^ 0x5eed);
        let mut obstacles: Vec<Obstacle> = (0..3)
            .map(|_| {
                // A triangle or a square about a random centre.
                let c = Vec2::new(rng.range(80.0, 320.0), rng.range(80.0, 320.0));
                let r = rng.range(15.0, 40.0);
                let corners = if rng.range(0.0, 1.0) < 0.5 { 3 } else { 4 };
                let turn = rng.range(0.0, std::f32::consts::TAU);
                let points = (0..corners)
                    .map(|k| {
                        let a = turn + k as f32 * std::f32::consts::TAU / corners as f32;
                        c + Vec2::new(libm::cosf(a), libm::sinf(a)) * r
                    })
                    .collect();
                Obstacle::Polygon { points }
            })
            .collect();
        for _ in 0..2 {
            let a = Vec2::new(rng.range(40.0, 360.0), rng.range(40.0, 360.0));
            let b = a + Vec2::new(rng.range(-80.0, 80.0), rng.range(-80.0, 80.0));
            obstacles.push(Obstacle::Wall { a, b });
        }
        let mut crowd = boxed(150, obstacles, CrowdParams::default(), seed);
        for tick in 0..900 {
            let before: Vec<Vec2> = crowd.agents.iter().map(|a| a.pos).collect();
            crowd.step(DT);
            for (i, a) in crowd.agents.iter().enumerate() {
                for o in &crowd.obstacles {
                    let inside = matches!(o, Obstacle::Polygon { .. }) && o.distance(a.pos) == 0.0;
                    let crossed = o.touch(before[i], a.pos).is_some();
                    assert!(
                        !inside && !crossed,
                        "seed {seed} tick {tick}: agent {i} into {o:?} from {} to {}",
                        before[i],
                        a.pos
                    );
                }
            }
        }
    }
}

#[test]
fn no_agent_enters_an_obstacle_or_leaves_the_box_over_random_layouts() {
    for seed in 0..6u64 {
        let mut rng = Rng::new(seed);
        let obstacles: Vec<Obstacle> = (0..6)
            .map(|_| Obstacle::Circle {
                center: Vec2::new(rng.range(60.0, 340.0), rng.range(60.0, 340.0)),
                radius: rng.range(10.0, 35.0),
            })
            .collect();
        let mut crowd = boxed(150, obstacles, CrowdParams::default(), seed);
        for tick in 0..900 {
            crowd.step(DT);
            for (i, a) in crowd.agents.iter().enumerate() {
                for o in &crowd.obstacles {
                    assert!(
                        o.distance(a.pos) > 0.0,
                        "seed {seed} tick {tick}: agent {i} in {o:?}"
                    );
                }
                let margin = Vec2::splat(20.0);
                assert!(
                    a.pos.cmpge(-margin).all() && a.pos.cmple(Vec2::splat(400.0) + margin).all(),
                    "seed {seed} tick {tick}: agent {i} at {}",
                    a.pos
                );
                assert!(a.speed() <= crowd.params.max_speed * 1.0001);
            }
        }
    }
}

#[test]
fn agents_start_inside_the_box_and_outside_the_obstacles() {
    let obstacles = vec![Obstacle::Circle {
        center: Vec2::splat(200.0),
        radius: 150.0,
    }];
    let crowd = boxed(500, obstacles.clone(), CrowdParams::default(), 1);
    for a in &crowd.agents {
        assert!(obstacles[0].distance(a.pos) > crowd.params.radius);
        assert!(a.pos.cmpge(Vec2::ZERO).all() && a.pos.cmplt(Vec2::splat(400.0)).all());
        assert_eq!(a.vel, Vec2::ZERO);
        assert!((a.forward.length() - 1.0).abs() < 1e-5);
    }
}

#[test]
fn neighbours_equally_near_are_kept_in_the_grids_order() {
    // Agent 0 at the origin, four more 10 away on the axes. The box around them starts
    // at (-10, -10) and its cells are 15 (half the radius): agents 1, 3 and 4 (y = 0 and
    // -10) are in the first row, agent 2 (y = 10) in the second; in the first row, x = -10
    // and 0 are in the first cell (agents 0, 3 and 4, by index) and x = 10 in the second
    // (agent 1). So the order is 3, 4, 1, 2, and the nearest two are 3 and 4.
    let at = |x: f32, y: f32| Vehicle::new(Vec2::new(x, y), Vec2::ZERO, 1.0, 1.0, 1.0);
    let agents = vec![
        at(0.0, 0.0),
        at(10.0, 0.0),
        at(0.0, 10.0),
        at(-10.0, 0.0),
        at(0.0, -10.0),
    ];
    let params = CrowdParams {
        neighbours: 2,
        ..CrowdParams::default()
    };
    let mut crowd = Crowd::of(
        agents,
        (Vec2::splat(-50.0), Vec2::splat(50.0)),
        Vec::new(),
        params,
        1,
    );
    crowd.sort();
    let mut near = Vec::new();
    crowd.neighbours(0, &mut near);
    let found: Vec<Vec2> = near.iter().map(|n| n.pos).collect();
    assert_eq!(found, vec![Vec2::new(-10.0, 0.0), Vec2::new(0.0, -10.0)]);
    // All four when it may keep four.
    crowd.params.neighbours = 4;
    crowd.neighbours(0, &mut near);
    let found: Vec<Vec2> = near.iter().map(|n| n.pos).collect();
    let expected =
        [(-10.0, 0.0), (0.0, -10.0), (10.0, 0.0), (0.0, 10.0)].map(|(x, y)| Vec2::new(x, y));
    assert_eq!(found, expected);
}

/// What agent `i` of `crowd` is asked to do when obstacles or the box are in its way:
/// the avoidance behaviours over every obstacle, worked out here without the crowd's
/// obstacle grid.
fn avoiding(crowd: &Crowd, i: usize) -> Vec2 {
    let (a, p) = (&crowd.agents[i], &crowd.params);
    let push =
        crate::steering::avoid::obstacle_avoidance(a, &crowd.obstacles, p.avoid_length, p.braking)
            .0
            + crate::steering::avoid::wall_avoidance(a, &crowd.obstacles, p.avoid_length)
            + crate::steering::avoid::containment(a, crowd.lo, crowd.hi, p.contain_ahead);
    crate::steering::truncate(push, p.max_force)
}

#[test]
fn an_agent_avoids_every_obstacle_within_reach_however_many_and_however_large() {
    let params = CrowdParams::default();
    let east =
        |x: f32, y: f32| Vehicle::new(Vec2::new(x, y), Vec2::new(80.0, 0.0), 300.0, 80.0, 3.0);
    let (lo, hi) = (Vec2::splat(-2000.0), Vec2::splat(2000.0));
    // A big circle whose centre is 140 ahead: its near side (at 100) is in the detection
    // box (60 long at full speed), and the feelers (60) reach it.
    let big = vec![Obstacle::Circle {
        center: Vec2::new(200.0, 10.0),
        radius: 100.0,
    }];
    // One whose near side just meets the far end of the box: its centre 72.5 ahead,
    // radius 10 (grown by the agent's 3 to 13): 59.5 < 60. The crowd's reach, the box's
    // length plus both radii (73), just takes it in.
    let far_end = vec![Obstacle::Circle {
        center: Vec2::new(132.5, 0.0),
        radius: 10.0,
    }];
    // Forty small circles close around the agent's path: more than the crowd picks
    // out of its grid, so it looks at them all.
    let many: Vec<Obstacle> = (0..40)
        .map(|k| Obstacle::Circle {
            center: Vec2::new(20.0 + 2.0 * k as f32, if k % 2 == 0 { 8.0 } else { -9.0 }),
            radius: 2.0,
        })
        .collect();
    for obstacles in [big, far_end, many] {
        let mut crowd = Crowd::of(
            vec![east(60.0, 0.0)],
            (lo, hi),
            obstacles,
            params.clone(),
            3,
        );
        crowd.sort_obstacles();
        crowd.sort();
        let expected = avoiding(&crowd, 0);
        assert!(expected.length() > 1.0, "{expected}");
        let mut near = Vec::new();
        assert_eq!(crowd.force(0, &mut near, DT), expected);
    }
    // Near the box's edge too: containment is part of it.
    let mut crowd = Crowd::of(vec![east(1990.0, 0.0)], (lo, hi), Vec::new(), params, 3);
    crowd.sort_obstacles();
    crowd.sort();
    let expected = avoiding(&crowd, 0);
    assert!(expected.x < -1.0, "{expected}");
    assert_eq!(crowd.force(0, &mut Vec::new(), DT), expected);
}

#[test]
fn wander_draws_spread_the_agents_wander_points_both_ways() {
    // Wander alone: each agent's point starts straight ahead on its circle and is nudged
    // by its own draws in [-1, 1) each way (up to 80 * dt = 1.3 units a tick on a circle
    // of 20). After two seconds the points have spread to both sides of straight ahead,
    // as many to the left as to the right: their mean is near the forward axis.
    let params = wander_only();
    let mut crowd = Crowd::new(
        400,
        (Vec2::ZERO, Vec2::splat(4000.0)),
        (Vec2::ZERO, Vec2::splat(4000.0)),
        Vec::new(),
        params,
        21,
    );
    (crowd.lo, crowd.hi) = (Vec2::splat(-1.0e5), Vec2::splat(1.0e5));
    for _ in 0..120 {
        crowd.step(DT);
    }
    let radius = crowd.params.wander_circle.radius;
    let mean = crowd.wanders.iter().map(|w| w.point).sum::<Vec2>() / 400.0;
    assert!(mean.y.abs() < 0.15 * radius, "mean point {mean}");
    let angles = crowd
        .wanders
        .iter()
        .map(|w| crate::core::direction(w.point));
    let (lo, hi) = angles.fold((f32::MAX, f32::MIN), |(lo, hi), a| (lo.min(a), hi.max(a)));
    assert!(lo < -0.3 && hi > 0.3, "angles from {lo} to {hi}");
    for w in &crowd.wanders {
        assert!((w.point.length() - radius).abs() < 1e-3);
    }
}

#[test]
fn the_benchmark_crowd_is_laid_out_as_documented() {
    for (count, obstacles) in [(1000, 4), (5000, 10)] {
        let crowd = Crowd::benchmark(count, 1);
        // A square giving each agent 30 x 30 units.
        let side = (count as f32 * 900.0).sqrt();
        assert!(
            (crowd.hi - Vec2::splat(side)).length() < 1e-2,
            "{}",
            crowd.hi
        );
        assert_eq!(crowd.lo, Vec2::ZERO);
        assert_eq!(crowd.agents.len(), count);
        assert_eq!(crowd.obstacles.len(), obstacles);
        for o in &crowd.obstacles {
            let (center, radius) = o.bounds();
            assert!((15.0..40.0).contains(&radius));
            assert!(
                center.cmpge(Vec2::splat(0.1 * side)).all()
                    && center.cmplt(Vec2::splat(0.9 * side)).all()
            );
        }
    }
    // A small one still gets a 200-unit square.
    assert_eq!(Crowd::benchmark(10, 1).hi, Vec2::splat(200.0));
}

#[test]
fn a_crowd_flies_the_same_bits_as_when_this_was_written() {
    // The golden hash of the benchmark crowd: a change to any rule it flies moves it
    // (each rule also has its own test above and in crate::steering).
    let mut crowd = Crowd::benchmark(2000, 2);
    for _ in 0..60 {
        crowd.step(DT);
    }
    assert_eq!(crowd.state_hash(), 9_173_404_570_436_025_724);
}

/// Two agents 10 units apart on the x axis in a large empty box, the second moving down
/// the screen at 10 units/s; no wander, alignment weighted 2 and cohesion 0.5.
fn pair() -> Crowd {
    let params = CrowdParams {
        wander: 0.0,
        alignment: 2.0,
        cohesion: 0.5,
        ..CrowdParams::default()
    };
    let at =
        |x: f32, vy: f32| Vehicle::new(Vec2::new(x, 100.0), Vec2::new(0.0, vy), 300.0, 80.0, 3.0);
    let bounds = (Vec2::ZERO, Vec2::splat(1000.0));
    Crowd::of(
        vec![at(100.0, 0.0), at(110.0, 10.0)],
        bounds,
        Vec::new(),
        params,
        1,
    )
}

#[test]
fn an_agent_is_explained_by_its_neighbours_and_each_weighted_part() {
    let crowd = pair();
    let why = crowd.explain(0, DT).unwrap();
    assert_eq!(why.neighbours, [1]);
    let part = |wanted: SteeringPart| {
        why.parts
            .iter()
            .find(|(p, _)| *p == wanted)
            .map(|(_, f)| *f)
            .unwrap()
    };
    let close = |found: Vec2, want: Vec2| (found - want).length() < 1e-3;
    // Separation: away from the neighbour 10 units off, (3 + 3) / 10^2 of the top speed
    // 80 per unit away: (-48, 0), times its weight 1.5.
    assert!(close(part(SteeringPart::Separation), Vec2::new(-72.0, 0.0)));
    // Alignment: the neighbour's heading (down) at the top speed, less its own velocity
    // (none): (0, 80), times 2.
    assert!(close(part(SteeringPart::Alignment), Vec2::new(0.0, 160.0)));
    // Cohesion: seek the neighbour at the top speed, (80, 0), times 0.5.
    assert!(close(part(SteeringPart::Cohesion), Vec2::new(40.0, 0.0)));
    // Nothing near to avoid; wander is weighted 0.
    for nothing in [
        SteeringPart::ObstacleAvoidance,
        SteeringPart::WallAvoidance,
        SteeringPart::Containment,
        SteeringPart::Wander,
    ] {
        assert_eq!(part(nothing), Vec2::ZERO, "{}", nothing.name());
    }
    // Avoidance asks nothing, so it steers by the boids' sum (-32, 160), under 300.
    assert!(close(why.total, Vec2::new(-32.0, 160.0)), "{}", why.total);
    assert!(crowd.explain(2, DT).is_none());
}

#[test]
fn an_agent_s_senses_are_its_box_its_feelers_and_its_wander_circle() {
    let crowd = pair();
    let close = |found: Vec2, want: (f32, f32)| (found - Vec2::from(want)).length() < 1e-3;
    // Agent 0 at rest at (100, 100) faces +x (its side, +y): the box is the look-ahead
    // of 30 long (at rest: once), 3 to either side; the feelers 30 ahead and 15 at 45
    // degrees (10.607 along each axis); the wander circle 40 ahead, radius 20.
    let senses = crowd.explain(0, DT).unwrap().senses;
    let corners = [(100.0, 103.0), (130.0, 103.0), (130.0, 97.0), (100.0, 97.0)];
    for (found, want) in senses.detection_box.iter().zip(corners) {
        assert!(close(*found, want), "{found} {want:?}");
    }
    let tips = [(130.0, 100.0), (110.607, 110.607), (110.607, 89.393)];
    for (found, want) in senses.feelers.iter().zip(tips) {
        assert!(close(*found, want), "{found} {want:?}");
    }
    let (centre, radius, point) = senses.wander;
    assert!(close(centre, (140.0, 100.0)) && radius == 20.0);
    // The point: where this tick's nudge puts it on the circle, as the tick itself keeps
    // it (in the agent's frame from the centre), placed from where the agent is now.
    let mut stepped = crowd.clone();
    stepped.step(DT);
    let kept = stepped.wanders[0].point;
    assert!((kept.length() - 20.0).abs() < 1e-3);
    assert!(
        close(point, (140.0 + kept.x, 100.0 + kept.y)),
        "{point} {kept}"
    );
    // Agent 1 at (110, 100) goes down the screen at 10 of its 80: its box is 30 x
    // (1 + 10/80) = 33.75 long, down from it; its side is -x.
    let senses = crowd.explain(1, DT).unwrap().senses;
    let corners = [
        (107.0, 100.0),
        (107.0, 133.75),
        (113.0, 133.75),
        (113.0, 100.0),
    ];
    for (found, want) in senses.detection_box.iter().zip(corners) {
        assert!(close(*found, want), "{found} {want:?}");
    }
    assert!(close(senses.feelers[0], (110.0, 130.0)));
    assert!(close(senses.wander.0, (110.0, 140.0)));
}

#[test]
fn the_explained_force_is_the_one_the_next_tick_steers_by() {
    // A crowd in mid-flight, round an obstacle, with wander: every agent's explanation
    // moves it exactly as the tick does.
    let obstacles = vec![Obstacle::Circle {
        center: Vec2::splat(200.0),
        radius: 30.0,
    }];
    let mut crowd = boxed(120, obstacles, CrowdParams::default(), 9);
    for _ in 0..120 {
        crowd.step(DT);
    }
    let explained: Vec<Vec2> = (0..120)
        .map(|i| crowd.explain(i, DT).unwrap().total)
        .collect();
    let mut expected = crowd.agents.clone();
    for (agent, force) in expected.iter_mut().zip(&explained) {
        agent.step(*force, DT);
    }
    let hash = crowd.state_hash();
    // Explaining changes nothing.
    assert_eq!(crowd.state_hash(), hash);
    crowd.step(DT);
    assert_eq!(crowd.agents, expected);
    let names: Vec<&str> = crowd
        .explain(0, DT)
        .unwrap()
        .parts
        .iter()
        .map(|(p, _)| p.name())
        .collect();
    assert_eq!(
        names,
        [
            "obstacle avoidance",
            "wall avoidance",
            "containment",
            "separation",
            "alignment",
            "cohesion",
            "wander",
            "collision avoidance",
            "queueing",
            "goal"
        ]
    );
}
