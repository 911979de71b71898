use super::*;
use crate::steering::Obstacle;

const DT: f32 = 1.0 / 60.0;

fn boxed(count: usize, obstacles: Vec<Obstacle>, params: CrowdParams, seed: u64) -> Crowd {
    Crowd::new(
        count,
        Vec2::ZERO,
        Vec2::splat(400.0),
        obstacles,
        params,
        seed,
    )
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
    let mut crowd = boxed(400, Vec::new(), CrowdParams::default(), 11);
    for _ in 0..30 {
        crowd.step(DT);
    }
    crowd.sort();
    let (radius, most) = (crowd.params.neighbour_radius, crowd.params.neighbours);
    let mut near = Vec::new();
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
        assert_eq!(got, all, "agent {i}");
    }
    // Asking for none finds none.
    crowd.params.neighbours = 0;
    crowd.neighbours(0, &mut near);
    assert!(near.is_empty());
}

#[test]
fn alignment_lines_the_flock_up_and_separation_spaces_it_out() {
    let quiet = CrowdParams {
        separation: 0.0,
        alignment: 0.0,
        cohesion: 0.0,
        wander: 1.0,
        ..CrowdParams::default()
    };
    let aligned = CrowdParams {
        alignment: 1.0,
        ..quiet.clone()
    };
    let separated = CrowdParams {
        separation: 3.0,
        ..quiet.clone()
    };
    let fly = |params: CrowdParams| {
        let mut crowd = boxed(200, Vec::new(), params, 5);
        for _ in 0..600 {
            crowd.step(DT);
        }
        crowd
    };
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
    let loose = CrowdParams {
        separation: 0.0,
        alignment: 0.0,
        cohesion: 0.0,
        wander: 1.0,
        ..CrowdParams::default()
    };
    let drawn = CrowdParams {
        cohesion: 1.0,
        ..loose.clone()
    };
    let crowding = |params: CrowdParams| {
        let mut crowd = boxed(200, Vec::new(), params, 9);
        for _ in 0..600 {
            crowd.step(DT);
        }
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
