//! The simulation crate on its own, as a game uses it: `examples/game_loop.rs` flies a
//! pro-nav missile in a plain loop, and it hits when a straight-line intercept says it
//! can, give or take the turn onto that course.

#[allow(dead_code)]
#[path = "../examples/game_loop.rs"]
mod example;

#[test]
fn the_example_game_loop_hits_the_crossing_target() {
    // The straight-line intercept from the launcher at 400 units/s, worked in f64:
    // |d + v t| = 400 t, with d = target - launcher, v = the target's velocity.
    let (dx, dy) = (
        f64::from(example::TARGET.x - example::LAUNCHER.x),
        f64::from(example::TARGET.y - example::LAUNCHER.y),
    );
    let (vx, vy) = (
        f64::from(example::TARGET_VEL.x),
        f64::from(example::TARGET_VEL.y),
    );
    let a = vx * vx + vy * vy - 400.0 * 400.0;
    let b = 2.0 * (dx * vx + dy * vy);
    let c = dx * dx + dy * dy;
    let best = (-b - (b * b - 4.0 * a * c).sqrt()) / (2.0 * a);
    assert!((1.0..2.0).contains(&best), "{best}");
    let (frame, body) = example::fly().expect("the missile hits");
    let t = f64::from(frame) / 60.0;
    // Not sooner than the straight course allows (less the hit distance), nor more than
    // half a second later (it leaves the rail at 100 units/s, straight up).
    assert!(
        t >= best - 12.0 / 400.0 - 1e-3,
        "hit at {t} s, the intercept takes {best} s"
    );
    assert!(
        t <= best + 0.5,
        "hit at {t} s, the intercept takes {best} s"
    );
    assert!(
        (body.vel.length() - 400.0).abs() < 0.01,
        "{}",
        body.vel.length()
    );
}
