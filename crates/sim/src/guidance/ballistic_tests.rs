//! The ballistic solution, worked by hand.

use super::*;
use crate::core::Portable;

#[test]
fn without_gravity_it_is_the_quadratic_with_one_arc() {
    // A still target 100 away at speed 50: 2 s, straight at it.
    let [low, high] = arcs(
        Vec2::ZERO,
        50.0,
        Vec2::new(100.0, 0.0),
        Vec2::ZERO,
        Vec2::ZERO,
    );
    let low = low.unwrap();
    assert!((low.time - 2.0).abs() < 1e-5);
    assert!((low.vel - Vec2::new(50.0, 0.0)).length() < 1e-4);
    assert_eq!(high, Some(low));
}

#[test]
fn on_flat_ground_the_two_arcs_are_the_textbook_angles() {
    // Range 400 at muzzle speed 250 under g = 100 (y down): sin 2a = 400 g / s^2 = 0.64,
    // a = 19.896 or 70.104 degrees; flight time 2 s sin(a) / g = 1.7025 or 4.7014 s.
    let g = Vec2::new(0.0, 100.0);
    let [low, high] = arcs(Vec2::ZERO, 250.0, Vec2::new(400.0, 0.0), Vec2::ZERO, g);
    let (low, high) = (low.unwrap(), high.unwrap());
    let elevation = |a: &ArcSolution| (-a.vel.y).patan2(a.vel.x).to_degrees();
    assert!(
        (elevation(&low) - 19.896).abs() < 1e-3,
        "{}",
        elevation(&low)
    );
    assert!(
        (elevation(&high) - 70.104).abs() < 1e-3,
        "{}",
        elevation(&high)
    );
    assert!((low.time - 1.7025).abs() < 1e-3 && (high.time - 4.7014).abs() < 1e-3);
    for arc in [low, high] {
        assert!(
            (arc.vel.length() - 250.0).abs() < 1e-2,
            "muzzle speed {}",
            arc.vel.length()
        );
        assert!(
            arc.at(Vec2::ZERO, g, arc.time)
                .distance(Vec2::new(400.0, 0.0))
                < 1e-2
        );
    }
}

#[test]
fn beyond_the_greatest_range_there_is_no_arc() {
    // The greatest range at 250 under 100 is 250^2 / 100 = 625.
    let g = Vec2::new(0.0, 100.0);
    assert_eq!(
        arcs(Vec2::ZERO, 250.0, Vec2::new(630.0, 0.0), Vec2::ZERO, g),
        [None, None]
    );
    assert!(arcs(Vec2::ZERO, 250.0, Vec2::new(620.0, 0.0), Vec2::ZERO, g)[0].is_some());
}

#[test]
fn the_choice_picks_the_arc_and_no_arc_refuses_to_fire() {
    let g = Vec2::new(0.0, 100.0);
    let launch = |arc| {
        let params = BallisticParams {
            speed: 250.0,
            arc,
            ..BallisticParams::default()
        };
        let mut launch = Launch::toward(
            Vec2::ZERO,
            Vec2::ZERO,
            Vec2::new(400.0, 0.0),
            Vec2::ZERO,
            0.1,
        );
        launch.gravity = g;
        Ballistic::launch(&params, &launch)
    };
    let (low, body) = launch(Arc::Low).unwrap();
    assert_eq!(low.chosen, 0);
    assert!((low.time_left - 1.7025).abs() < 1e-3);
    // Half a tick's gravity taken off the launch velocity: 0.5 * 100 * 0.1 = 5 up.
    let arc = low.arcs[0].unwrap();
    assert!((body.vel - (arc.vel - Vec2::new(0.0, 5.0))).length() < 1e-4);
    let (high, _) = launch(Arc::High).unwrap();
    assert!((high.time_left - 4.7014).abs() < 1e-3);
    let mut far = Launch::toward(
        Vec2::ZERO,
        Vec2::ZERO,
        Vec2::new(700.0, 0.0),
        Vec2::ZERO,
        0.1,
    );
    far.gravity = g;
    assert!(
        Ballistic::launch(&BallisticParams::default(), &far).is_some(),
        "400: range 1600"
    );
    let slow = BallisticParams {
        speed: 250.0,
        ..BallisticParams::default()
    };
    assert!(Ballistic::launch(&slow, &far).is_none());
}
