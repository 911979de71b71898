//! The window's own work per frame with 10,000 missiles and their trails (issue 32's
//! fourth goal), measured without a window: what a frame does on the CPU besides
//! OpenGL and egui. The scenario is docs/testing.md's (two laws, 5,000 missiles each, a
//! circling target), flown 3 s. Criterion reports each part's time:
//! - `tick`: one world step with the trails and the diagnosis samples the window keeps
//!   (the same world ticking on, from 3 s);
//! - `scene`: the scene of the view at 1400x900 (the window's trail budget);
//! - `results-page` and `results-all`: the results table's shown page, built alone, and
//!   every row (what the table built each frame before).

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;
use steerlab::core::overlay::Overlays;
use steerlab::headless::diagnose::{self, Sampler};
use steerlab::scenario::camera::{Camera, Pane};
use steerlab::scene::{self, Layer, View};
use steerlab::sim::trails::Trails;

const TEN_THOUSAND: &str = r#"(version: 1, name: "10k missiles", world: (width: 4000, height: 3000),
 targets: [(name: "t", radius: 12, motion: Circle(center: (2000, 1500), radius: 900, angular_speed: 0.3))],
 launchers: [(name: "l", pos: (200, 1500), target: "t", algorithms: ["smoothed", "intercept"],
              salvo: 5000, spread: 120, first_at: 0.0, missile: (lifetime: 60))])"#;

/// Ticks of trail the window keeps at 60 Hz (`View::trail_keep`: at least 30 s, more
/// than it draws, so scrubbing back still shows them).
const KEEP: u64 = 1_800;

fn window(c: &mut Criterion) {
    let scenario = steerlab::scenario::parse(TEN_THOUSAND, "10k").expect("parses");
    let mut world = scenario.build().expect("builds");
    let mut trails = Trails::default();
    let mut sampler = Sampler::keeping(scenario.diagnosis.clone(), 1_000_000);
    for _ in 0..180 {
        world.step();
        trails.record(&world, KEEP);
        sampler.after_step(&world, world.events());
    }
    assert_eq!(world.missiles().len(), 10_000, "all still flying at 3 s");
    let pane = Pane {
        x: 370.0,
        y: 0.0,
        w: 1030.0,
        h: 800.0,
    };
    let view = View {
        overlays: Overlays::default(),
        camera: Camera {
            center: glam::Vec2::new(2000.0, 1500.0),
            zoom: 0.25,
        },
        pane,
        selected: None,
        launcher: Some(0),
        trail_seconds: 3.0,
        trail_budget: 12_000,
        preview: None,
    };
    let mut group = c.benchmark_group("window/10000");
    group.sample_size(20);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    group.bench_function("scene", |b| {
        let layer = Layer {
            world: &world,
            trails: &trails,
            blasts: &[],
            ghost: None,
            lane: 0,
        };
        b.iter(|| {
            scene::build(std::slice::from_ref(&layer), &view)
                .marks
                .len()
        })
    });
    group.bench_function("results-page", |b| {
        b.iter(|| {
            let count = steerlab::headless::row_count(&world);
            diagnose::rows_in(&world, &sampler, count - 12..count).len()
        })
    });
    group.bench_function("results-all", |b| {
        b.iter(|| diagnose::rows(&world, &sampler).len())
    });
    // Last, on the same world ticking on from 3 s (a fresh copy per tick would time its
    // trails' first growth).
    group.bench_function("tick", |b| {
        b.iter(|| {
            world.step();
            trails.record(&world, KEEP);
            sampler.after_step(&world, world.events());
        })
    });
    group.finish();
}

criterion_group!(benches, window);
criterion_main!(benches);
