//! The heat-seeker's four lanes against its integer rule, lane by lane.

use super::super::{round_tests, round_to_i32, to_int, HeatSeeker, HeatSeekerParams};
use super::*;
use crate::core::{Body, Seen};
use crate::guidance::Law;
use glam::{IVec2, Vec2};

/// A small deterministic generator for the lane tests (xorshift).
fn numbers(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed | 1;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

/// Four heat-seekers as a pack: their numbers ([`HeatSeeker::lane`]) and their tick, each
/// body the one its integers give (nothing else moved it).
fn pack_of(lanes: &[(HeatSeeker, HeatSeekerParams, Seen); 4]) -> ([F4; LANE_NUMBERS], LaneTick) {
    let bodies = lanes.each_ref().map(|(s, _, seen)| s.body(seen.dt, 0.0));
    pack_at(lanes, bodies)
}

/// [`pack_of`] with the missiles' bodies at `bodies`.
fn pack_at(
    lanes: &[(HeatSeeker, HeatSeekerParams, Seen); 4],
    bodies: [Body; 4],
) -> ([F4; LANE_NUMBERS], LaneTick) {
    let rows: Vec<[f32; LANE_NUMBERS]> = (lanes.iter())
        .map(|(s, p, _)| s.lane(p, &Body::default()).unwrap())
        .collect();
    let n = std::array::from_fn(|k| F4::from([0, 1, 2, 3].map(|i| rows[i][k])));
    let lane_of = |f: &dyn Fn(&Seen) -> Vec2| V2::gather(lanes.each_ref().map(|(_, _, s)| f(s)));
    let tick = LaneTick {
        pos: V2::gather(bodies.map(|b| b.pos)),
        vel: V2::gather(bodies.map(|b| b.vel)),
        target_pos: lane_of(&|s| s.target_pos),
        target_vel: lane_of(&|s| s.target_vel),
        dt: F4::splat(lanes[0].2.dt),
        moved_on: true,
    };
    (n, tick)
}

#[test]
fn lanes_moved_by_something_else_take_up_their_integers_as_steer_does() {
    // Four heat-seekers at (100, 200) moving (3, -2) a tick at 30 ticks a second; the
    // second's body moved 4.6 units along y alone (its velocity's bits unchanged), the
    // fourth's by an airframe to (97.6, 203.5) moving (60, 30): those two fly on from the
    // grid points where they are, the others from their integers.
    let dt = 1.0 / 30.0;
    let seeker = HeatSeeker {
        pos: IVec2::new(100, 200),
        vel: IVec2::new(3, -2),
        ..HeatSeeker::default()
    };
    let seen = Seen {
        target_pos: Vec2::new(700.0, 100.0),
        target_vel: Vec2::new(-30.0, 15.0),
        dt,
    };
    let lanes: [(HeatSeeker, HeatSeekerParams, Seen); 4] =
        std::array::from_fn(|_| (seeker.clone(), HeatSeekerParams::default(), seen));
    let own = seeker.body(dt, 0.0);
    let moved = |pos: Vec2, vel: Vec2| Body {
        pos,
        vel,
        heading: 0.0,
    };
    let bodies = [
        own,
        moved(own.pos + Vec2::new(0.0, 4.6), own.vel),
        own,
        moved(Vec2::new(97.6, 203.5), Vec2::new(60.0, 30.0)),
    ];
    let (mut n, tick) = pack_at(&lanes, bodies);
    let flown = step_lanes(&mut n, &tick);
    let int_at = |k: usize, i: usize| n[k].as_array()[i].to_bits() as i32;
    for (i, body) in bodies.into_iter().enumerate() {
        let mut one = seeker.clone();
        let mut one_body = body;
        one.steer(&HeatSeekerParams::default(), &mut one_body, &seen);
        let ints = [int_at(0, i), int_at(1, i), int_at(2, i), int_at(3, i)];
        assert_eq!(
            ints,
            [one.pos.x, one.pos.y, one.vel.x, one.vel.y],
            "lane {i}"
        );
        assert_eq!(
            (flown.pos.lane(i), flown.vel.lane(i)),
            (one_body.pos, one_body.vel)
        );
    }
    // By hand: the fourth from (98, 204) at (2, 1) a tick; the first from (100, 200) at
    // (3, -2): each moved at most 2 (the default step) towards the aim.
    let mut alone = seeker.clone();
    alone.advance(&HeatSeekerParams::default(), &seen);
    assert_eq!([int_at(0, 0), int_at(1, 0)], alone.pos.to_array());
    let mut taken = HeatSeeker {
        pos: IVec2::new(98, 204),
        vel: IVec2::new(2, 1),
        ..HeatSeeker::default()
    };
    taken.advance(&HeatSeekerParams::default(), &seen);
    assert_eq!([int_at(0, 3), int_at(1, 3)], taken.pos.to_array());
    assert_ne!(taken.pos, alone.pos);
    // The second from (100, 205) at (3, -2), not from the first's (100, 200).
    assert_ne!([int_at(0, 1), int_at(1, 1)], [int_at(0, 0), int_at(1, 0)]);
    let none: Vec<u32> = flown.needs_heading.to_array().map(f32::to_bits).to_vec();
    assert_eq!(none, [0; 4], "every number within the exact range");
}

#[test]
fn lanes_whose_body_may_not_give_their_integers_back_need_the_heading() {
    // Positions under 2^24 and velocities under 2^21 a tick come back from their body;
    // past either, a world's heading (which its airframe may turn without moving the
    // body) decides whether `steer` takes them up, and the lane cannot fly on.
    let lane = |pos: IVec2, vel: IVec2| {
        let seeker = HeatSeeker {
            pos,
            vel,
            ..HeatSeeker::default()
        };
        let seen = Seen {
            target_pos: pos.as_vec2(),
            target_vel: Vec2::ZERO,
            dt: 0.25,
        };
        (seeker, HeatSeekerParams::default(), seen)
    };
    let edge = 1 << 24;
    let lanes = [
        lane(
            IVec2::new(edge - 1, -(edge - 1)),
            IVec2::new(2_097_151, -2_097_151),
        ),
        lane(IVec2::new(edge, 0), IVec2::ZERO),
        lane(IVec2::new(0, -edge - 8), IVec2::ZERO),
        lane(IVec2::ZERO, IVec2::new(0, -2_097_152)),
    ];
    let (mut n, tick) = pack_of(&lanes);
    let flown = step_lanes(&mut n, &tick);
    let needs: Vec<bool> = (flown.needs_heading.to_array().iter())
        .map(|m| m.to_bits() == u32::MAX)
        .collect();
    assert_eq!(needs, [false, true, true, true]);
    // Under those sizes a body does give its integers back, at any tick a world takes.
    for dt in [
        1.0 / 1000.0,
        1.0 / 144.0,
        1.0 / 64.0,
        1.0 / 60.0,
        1.0 / 7.0,
        0.1,
        1.0,
    ] {
        let edges = [0i32, 1, 2_097_150, 2_097_151];
        for v in (0..2_097_152).step_by(97).chain(edges) {
            for v in [v, -v] {
                let seeker = HeatSeeker {
                    pos: IVec2::new(16_777_215 - v.abs(), v * 8),
                    vel: IVec2::new(v, -v),
                    ..HeatSeeker::default()
                };
                let body = seeker.body(dt, 0.0);
                let back = [to_int(body.pos), to_int(body.vel * dt)];
                assert_eq!(back, [seeker.pos, seeker.vel], "{v} at {dt}");
            }
        }
    }
}

/// Lane `i` of a pack's step (its numbers after and its move) against the integer rule
/// for `seeker`: the same integers and the same bits of its body; the one-missile tick.
fn each_as_one(
    seeker: &HeatSeeker,
    params: &HeatSeekerParams,
    seen: &Seen,
    (n, moved, i): (&[F4; LANE_NUMBERS], &Moved, usize),
    pack: usize,
) -> HeatSeeker {
    let mut one = seeker.clone();
    one.advance(params, seen);
    let at = |x: F4| x.as_array()[i];
    let int_at = |k: usize| at(n[k]).to_bits() as i32;
    let what = format!("pack {pack} lane {i}: {seeker:?} {params:?} {seen:?}");
    assert_eq!([int_at(0), int_at(1)], one.pos.to_array(), "{what}");
    assert_eq!([int_at(2), int_at(3)], one.vel.to_array(), "{what}");
    let body = one.body(seen.dt, 0.0);
    assert_eq!(moved.pos.lane(i), body.pos, "{what}");
    assert_eq!(
        [at(moved.vel.x).to_bits(), at(moved.vel.y).to_bits()],
        [body.vel.x.to_bits(), body.vel.y.to_bits()],
        "{what}"
    );
    one
}

#[test]
fn four_lanes_step_as_the_integer_rule_does_to_the_bit_at_every_extreme() {
    let mut next = numbers(0x5eed);
    // Whole numbers anywhere in the i32s, near their ends, and near zero.
    let mut int = move || -> i32 {
        let r = next();
        match r % 4 {
            0 => r as i32 >> ((r >> 40) % 31),
            1 => i32::MAX - (r >> 50) as i32,
            2 => i32::MIN + (r >> 50) as i32,
            _ => (r >> 59) as i32 - 16,
        }
    };
    let dt = 1.0 / 60.0;
    let (mut clamped, mut diagonal, mut negative_share) = (0, 0, 0);
    for pack in 0..20_000 {
        let lanes: [(HeatSeeker, HeatSeekerParams, Seen); 4] = std::array::from_fn(|i| {
            // A diagonal from a missile near the middle, with a target at rest.
            let diagonal = pack % 5 == 0;
            let pos = IVec2::new(int(), int());
            let seeker = HeatSeeker {
                pos: if diagonal { pos % 100_000 } else { pos },
                vel: match pack % 7 {
                    3 => IVec2::new(int(), int()),
                    _ => IVec2::new(int() % 300, int() % 300),
                },
                ..HeatSeeker::default()
            };
            let small = |n: i32| n.rem_euclid(128);
            let params = HeatSeekerParams {
                max_speed: 1 + int().rem_euclid(200),
                step: small(int()),
                lead: small(int()),
                // Every lane one way, or the lanes mixed (the step divides once for
                // the one form its lanes all ask for, else in both).
                divide_first: match pack % 4 {
                    0 => true,
                    1 => false,
                    _ => (pack + i) % 3 == 0,
                },
            };
            // The target anywhere (beyond the i32s too), or a diagonal from the missile.
            let d = (int() % 1000) as f32;
            let target_pos = match pack % 5 {
                0 => seeker.pos.as_vec2() + Vec2::new(d, if i % 2 == 0 { d } else { -d }),
                1 => Vec2::new(int() as f32 * 4.0, -(int() as f32) * 3.5),
                _ => Vec2::new(int() as f32 / 7.0, int() as f32 / 1024.0),
            };
            let target_vel = match diagonal {
                true => Vec2::ZERO,
                false => Vec2::new((int() % 2000) as f32 + 0.5, (int() % 2000) as f32 * 0.37),
            };
            let seen = Seen {
                target_pos,
                target_vel,
                dt,
            };
            (seeker, params, seen)
        });
        let (mut n, tick) = pack_of(&lanes);
        let moved = step_lanes(&mut n, &tick);
        for (i, (seeker, params, seen)) in lanes.into_iter().enumerate() {
            let one = each_as_one(&seeker, &params, &seen, (&n, &moved, i), pack);
            let ends = [one.pos.x, one.pos.y, one.vel.x, one.vel.y];
            clamped += usize::from(ends.iter().any(|&e| e == i32::MAX || e == i32::MIN));
            let offset = one.aim.as_i64vec2() - seeker.pos.as_i64vec2();
            diagonal += usize::from(offset.x.abs() == offset.y.abs() && offset.x != 0);
            negative_share += usize::from(one.desired.y < 0 && one.desired.y > -params.max_speed);
        }
    }
    // Positions held at the i32s' ends, exact diagonals (a ratio of one, divided first
    // or not) and negative quotients (truncated towards zero) were all compared.
    assert!(
        clamped > 100 && diagonal > 100 && negative_share > 100,
        "{clamped} {diagonal} {negative_share}"
    );
}

/// A whole number from `-size` to `size`.
fn within(next: &mut impl FnMut() -> u64, size: i64) -> i64 {
    (next() % (2 * size as u64 + 1)) as i64 - size
}

/// About `size` (within `by`), either sign.
fn near(next: &mut impl FnMut() -> u64, size: i64, by: i64) -> i64 {
    let sign = if within(next, 1) < 0 { -1 } else { 1 };
    (size + within(next, by)) * sign
}

#[test]
fn the_narrow_lanes_step_as_the_integer_rule_does_up_to_their_edges() {
    let mut next = numbers(0xa7e4a);
    let dt = 1.0 / 60.0;
    let edge = 4_194_304; // 2^22, the narrow lanes' largest position
                          // Per kind of pack (an arena, numbers about 2^22, a target's step about 2^14, a minor
                          // offset times the max speed about 2^24): packs the narrow lanes took, and declined.
    let (mut taken, mut declined) = ([0; 4], [0; 4]);
    for pack in 0..8_000 {
        let kind = pack % 4;
        let lanes: [(HeatSeeker, HeatSeekerParams, Seen); 4] = std::array::from_fn(|i| {
            let r = &mut next;
            let arena = |r: &mut _, size| within(r, size) as i32;
            // One number of the pack's first lane about 2^22 (which one, by the pack).
            let big = (kind == 1 && i == 0).then(|| (pack / 4 % 5, near(r, edge, 3) as i32));
            let or_big = |k, small: i32| match big {
                Some((which, value)) if which == k => value,
                _ => small,
            };
            let pos = IVec2::new(or_big(0, arena(r, 5000)), or_big(1, arena(r, 5000)));
            let vel = IVec2::new(or_big(2, arena(r, 300)), or_big(3, arena(r, 300)));
            let max_speed = match kind {
                3 => 1 + within(r, 4000).unsigned_abs() as i32 + 4000,
                _ => 1 + within(r, 199).unsigned_abs() as i32,
            };
            let offset = match kind {
                // About 2^24 over the max speed on the minor axis, twice that on the major.
                3 => {
                    let minor = (1 << 24) / i64::from(max_speed) + within(r, 3);
                    Vec2::new(2.0 * minor as f32 + 0.25, minor as f32)
                }
                _ => Vec2::new(within(r, 5000) as f32 + 0.3, within(r, 5000) as f32 - 0.6),
            };
            let target_pos = match kind {
                _ if big.is_some_and(|(which, _)| which == 4) => {
                    Vec2::new(near(r, edge, 3) as f32 + 0.5, -1234.4)
                }
                _ => pos.as_vec2() + offset,
            };
            let target_vel = match kind {
                2 if i % 2 == 0 => Vec2::new(near(r, 1 << 14, 2) as f32 + 0.4, 7.0) / dt,
                _ => Vec2::new(within(r, 3000) as f32 + 0.5, within(r, 3000) as f32 * 0.37),
            };
            let params = HeatSeekerParams {
                max_speed,
                step: 1 + within(r, 100).unsigned_abs() as i32,
                lead: within(r, 127).unsigned_abs() as i32,
                divide_first: match pack % 3 {
                    0 => true,
                    1 => false,
                    _ => i % 2 == 0,
                },
            };
            let seeker = HeatSeeker {
                pos,
                vel,
                ..HeatSeeker::default()
            };
            let seen = Seen {
                target_pos,
                target_vel,
                dt,
            };
            (seeker, params, seen)
        });
        let (before, tick) = pack_of(&lanes);
        let mut n = before;
        match step_narrow(&mut n, &tick) {
            Some(moved) => {
                taken[kind] += 1;
                for (i, (seeker, params, seen)) in lanes.iter().enumerate() {
                    each_as_one(seeker, params, seen, (&n, &moved, i), pack);
                }
            }
            None => {
                declined[kind] += 1;
                let bits = |n: [F4; LANE_NUMBERS]| n.map(|x| x.to_array().map(f32::to_bits));
                assert_eq!(
                    bits(n),
                    bits(before),
                    "pack {pack}: declined, nothing changed"
                );
            }
        }
        let mut n = before;
        let moved = step_lanes(&mut n, &tick);
        for (i, (seeker, params, seen)) in lanes.iter().enumerate() {
            each_as_one(seeker, params, seen, (&n, &moved, i), pack);
        }
    }
    // Every arena pack takes the narrow lanes; about each edge, both ways are taken.
    assert_eq!((taken[0], declined[0]), (2_000, 0));
    for kind in 1..4 {
        assert!(
            taken[kind] > 100 && declined[kind] > 100,
            "{taken:?} {declined:?}"
        );
    }
}

#[test]
fn four_numbers_round_as_one_does_and_whole_f64s_narrow_to_their_i32s() {
    let edges = round_tests::EDGES.into_iter().chain([-3.7]);
    let sample = (0..=u32::MAX).step_by(65_537).map(f32::from_bits);
    let all: Vec<f32> = edges.chain(sample).collect();
    for four in all.chunks_exact(4) {
        let got = round_lanes(F4::from([four[0], four[1], four[2], four[3]])).to_array();
        for (x, r) in four.iter().zip(got) {
            assert_eq!(r, round_to_i32(*x), "{x:e}");
        }
    }
    let wholes = [
        i32::MIN,
        i32::MAX,
        -1,
        0,
        1,
        -123_456_789,
        987_654_321,
        i32::MIN + 1,
    ];
    for four in wholes.chunks_exact(4) {
        let d = D4::from([0, 1, 2, 3].map(|i| f64::from(four[i])));
        assert_eq!(as_i32(d).to_array(), [four[0], four[1], four[2], four[3]]);
    }
    let fractions = [
        -7.5,
        -0.25,
        0.75,
        3.0,
        -2.0,
        4_503_599_627_370_495.5,
        -1e15 - 0.5,
        9.999,
    ];
    for four in fractions.chunks_exact(4) {
        let got = trunc(D4::from([four[0], four[1], four[2], four[3]])).to_array();
        for (x, t) in four.iter().zip(got) {
            assert_eq!(t, x.trunc(), "{x}");
        }
    }
}
