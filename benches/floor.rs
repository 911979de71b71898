//! `World::step` against its floor: smoothed homing's update on 1M missiles through the
//! world (the window's, `run`'s and the debugger's path), beside the same update as a
//! plain structure-of-arrays loop with nothing else (no metrics, hit test, events or
//! bookkeeping), in the same run. The ratio of the two throughputs is what the world
//! costs beyond the law's arithmetic (issue 32's third goal asks for at most 10x).
//! `cargo bench --bench floor`; Criterion reports both in missile updates per second.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use std::time::Duration;
use steerlab::core::Body;
use steerlab::guidance::Algorithm;
use steerlab::scenario::presets::bench;

const MISSILES: usize = 1_000_000;

/// Smoothed homing's state, one array per number: positions, smoothed directions, and
/// the target each missile steers at (where it is at the start of the tick).
#[derive(Clone)]
struct Lanes {
    px: Vec<f32>,
    py: Vec<f32>,
    sx: Vec<f32>,
    sy: Vec<f32>,
}

/// One tick of the article's update for every missile: `s = ga*s + (1-ga)*hat(t-p)`,
/// `p += s*speed` (at zero distance the old `s`), as `guidance::smoothed` has it.
fn tick(l: &mut Lanes, target: (f32, f32), ga: f32, speed: f32) {
    let n = l.px.len();
    let (px, py) = (&mut l.px[..n], &mut l.py[..n]);
    let (sx, sy) = (&mut l.sx[..n], &mut l.sy[..n]);
    for i in 0..n {
        let (dx, dy) = (target.0 - px[i], target.1 - py[i]);
        let dist = (dx * dx + dy * dy).sqrt();
        let (ux, uy) = if dist > 0.0 {
            (dx / dist, dy / dist)
        } else {
            (sx[i], sy[i])
        };
        sx[i] = ga * sx[i] + (1.0 - ga) * ux;
        sy[i] = ga * sy[i] + (1.0 - ga) * uy;
        px[i] += sx[i] * speed;
        py[i] += sy[i] * speed;
    }
}

fn floor(c: &mut Criterion) {
    let mut group = c.benchmark_group(format!("floor/{MISSILES}"));
    group.throughput(Throughput::Elements(MISSILES as u64));
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(8));
    let scenario = bench(Algorithm::Smoothed, MISSILES);
    let params = &scenario.algorithms.smoothed;
    let (ga, speed) = (params.ga, params.speed);
    let mut world = scenario.build().expect("bench scenario builds");
    world.step(); // launch every missile
    assert_eq!(world.missiles().len(), MISSILES);
    // The loop starts where the world's missiles are, heading at the target.
    let target = world.targets()[0].pos;
    let each = |f: fn(&Body) -> f32| world.missiles().iter().map(|m| f(&m.body)).collect();
    let lanes = Lanes {
        px: each(|b| b.pos.x),
        py: each(|b| b.pos.y),
        sx: each(|b| b.heading.cos()),
        sy: each(|b| b.heading.sin()),
    };
    group.bench_function("world-step", |b| {
        b.iter_batched_ref(
            || world.clone(),
            |w| w.step().len(),
            BatchSize::PerIteration,
        )
    });
    group.bench_function("soa-loop", |b| {
        b.iter_batched_ref(
            || lanes.clone(),
            |l| tick(l, (target.x, target.y), ga, speed),
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

criterion_group!(benches, floor);
criterion_main!(benches);
