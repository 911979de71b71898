use super::*;

#[test]
fn the_last_fuel_takes_a_lane_only_its_share_of_the_move_and_the_others_all_of_it() {
    use crate::core::lanes::{F4, V2};
    let ends = Ends {
        fuel: F4::from([100.0, f32::NAN, 100.0, 100.0]),
        lifetime: F4::splat(10.0),
        lo: V2::new(F4::splat(0.0), F4::splat(0.0)),
        hi: V2::new(F4::splat(1e4), F4::splat(1e4)),
    };
    let v = |x: [f32; 4], y: [f32; 4]| V2::new(F4::from(x), F4::from(y));
    let from = v([0.0; 4], [0.0; 4]);
    // Moves of 10 (a 6-8-10 triangle for the last lane) after 95, 95, 80 and 95.
    let to = v([10.0, 10.0, 10.0, 6.0], [0.0, 0.0, 0.0, 8.0]);
    let path = F4::from([95.0, 95.0, 80.0, 95.0]);
    let (pos, flown) = ends.burn(path, from, to);
    // Out of fuel halfway (5 of its 10); no fuel limit; fuel left over; halfway along
    // the diagonal.
    assert_eq!(pos.x.to_array(), [5.0, 10.0, 10.0, 3.0]);
    assert_eq!(pos.y.to_array(), [0.0, 0.0, 0.0, 4.0]);
    assert_eq!(flown.to_array(), [100.0, 105.0, 90.0, 100.0]);
    // With no lane running out, every lane moves all the way.
    let (pos, flown) = ends.burn(F4::splat(20.0), from, to);
    assert_eq!(
        (pos.x.to_array(), flown.to_array()),
        (to.x.to_array(), [30.0; 4])
    );
}
use crate::sim::launcher::{LauncherSpec, MissileSpec};
use crate::sim::motion::{Motion, Static};
use crate::sim::seeker::SeekerSpec;
use crate::sim::target::TargetSpec;
use crate::sim::WorldConfig;

fn parked(id: u32, name: &str, pos: Vec2, radius: f32) -> Target {
    let spec = TargetSpec {
        name: name.into(),
        radius,
        destructible: false,
        motion: Motion::Static(Static { pos }),
        flares: None,
    };
    Target::new(TargetId(id), &spec, 0)
}

/// One tick of a missile that flies straight along +x, 10 units (smoothed with ga
/// 1, from (0, 0)), after the flare T1 (radius 4) its seeker took for the jet T0
/// (radius 10); its own radius 2. The outcome, and the hit events.
fn one_tick(jet: Vec2, flare: Vec2) -> (Outcome, Vec<TargetId>) {
    let mut tuning = crate::guidance::Tuning::default();
    tuning.smoothed.ga = 1.0;
    tuning.smoothed.speed = 10.0;
    let mut world = crate::sim::World::new(WorldConfig::default(), tuning);
    world
        .add_target(&TargetSpec {
            name: "jet".into(),
            radius: 10.0,
            destructible: false,
            motion: Motion::Static(Static {
                pos: Vec2::new(500.0, 0.0),
            }),
            flares: None,
        })
        .unwrap();
    world
        .add_launcher(LauncherSpec {
            name: String::new(),
            pos: Vec2::ZERO,
            target: "jet".into(),
            algorithms: vec![crate::guidance::Algorithm::from_id("smoothed").unwrap()],
            launch_velocity: Vec2::X,
            first_at: Some(0.0),
            every: None,
            salvo: 1,
            spread: 0.0,
            missile: MissileSpec {
                seeker: Some(SeekerSpec::default()),
                ..MissileSpec::default()
            },
            params: Default::default(),
        })
        .unwrap();
    world.step();
    let mut missile = world.missiles()[0].clone();
    missile.body = Body {
        pos: Vec2::ZERO,
        vel: Vec2::new(600.0, 0.0),
        heading: 0.0,
    };
    missile.metrics = crate::sim::Metrics::new(None);
    missile.seeker.as_mut().unwrap().decoy = Some(TargetId(1));
    let targets = vec![parked(0, "jet", jet, 10.0), parked(1, "flare", flare, 4.0)];
    let terrain = Terrain::default();
    let flight = Flight::new(
        &world.config,
        &world.tuning,
        world.launchers(),
        &targets,
        &terrain,
        1,
        world.dt(),
    );
    let (mut events, mut hits) = (Vec::new(), Vec::new());
    flight.fly(&mut missile, &mut events, &mut hits);
    assert_eq!(missile.body.pos, Vec2::new(10.0, 0.0), "it flew straight");
    (missile.metrics.outcome, hits)
}

#[test]
fn whichever_it_reaches_first_in_the_tick_the_flare_or_its_target_decides() {
    // The flare on its path at x = 3 (reached a third of the way), the jet's edge
    // at x = 8 (5 above the path, radius 10 + 2: touched from the start, closest at
    // 0.8): the flare first, decoyed.
    assert_eq!(
        one_tick(Vec2::new(8.0, 5.0), Vec2::new(3.0, 0.0)),
        (Outcome::Missed(MissReason::Decoyed), vec![])
    );
    // The jet closest at 0.2, the flare at 0.9: a hit on the jet.
    assert_eq!(
        one_tick(Vec2::new(2.0, 5.0), Vec2::new(9.0, 0.0)),
        (
            Outcome::Hit {
                target: TargetId(0)
            },
            vec![TargetId(0)]
        )
    );
    // Both closest at the middle of the tick: the target it was launched at wins.
    assert_eq!(
        one_tick(Vec2::new(5.0, 5.0), Vec2::new(5.0, 0.0)).0,
        Outcome::Hit {
            target: TargetId(0)
        }
    );
    // The jet alone, the flare far: a hit; the flare alone: decoyed.
    assert_eq!(
        one_tick(Vec2::new(5.0, 11.0), Vec2::new(300.0, 0.0)).0,
        Outcome::Hit {
            target: TargetId(0)
        }
    );
    assert_eq!(
        one_tick(Vec2::new(5.0, 300.0), Vec2::new(5.0, 0.0)).0,
        Outcome::Missed(MissReason::Decoyed)
    );
}

#[test]
fn a_flare_is_reached_within_its_radius_plus_the_missiles() {
    // Passing 5.9 from the flare (4 + 2 = 6) reaches it; 6.1 does not; nor 7, which
    // a product of the radii (8) would call reached.
    let decoyed = |gap: f32| one_tick(Vec2::new(5.0, 300.0), Vec2::new(5.0, gap)).0;
    assert_eq!(decoyed(5.9), Outcome::Missed(MissReason::Decoyed));
    assert_eq!(decoyed(6.1), Outcome::Flying);
    assert_eq!(decoyed(7.0), Outcome::Flying);
}
