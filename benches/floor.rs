//! `World::step` against its floor: 1M missiles of one law through the world (the
//! window's, `run`'s and the debugger's path), on every core and on one, beside the same
//! update as a plain structure-of-arrays loop with nothing else (no metrics, hit test,
//! events or bookkeeping), on one core, in the same run. The ratio of the throughputs is
//! what the world costs beyond the law's arithmetic (issue 32's third goal asks for at
//! most 10x). Smoothed homing and the intercept; `cargo bench --bench floor`; Criterion
//! reports each in missile updates per second.
//!
//! And the memory's floor for the world's layout: 1M records the size of a world's
//! missile, each of their cache lines read and written once a tick and nothing else
//! (`memory-touch`, on every core and on one). A tick of `World::step` reads and writes
//! every missile, so it can be no faster than this, whatever its arithmetic.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use rayon::prelude::*;
use std::time::Duration;
use steerlab::core::Body;
use steerlab::guidance::{Algorithm, Guidance};
use steerlab::scenario::presets::bench;
use steerlab::sim::{Missile, World};

const MISSILES: usize = 1_000_000;

/// Each missile's numbers, one array per number: its position and, for smoothed homing,
/// its smoothed direction, for the intercept its velocity and the distance left to its
/// aim point (where it stops).
#[derive(Clone)]
struct Lanes {
    px: Vec<f32>,
    py: Vec<f32>,
    sx: Vec<f32>,
    sy: Vec<f32>,
    left: Vec<f32>,
}

/// One tick of the article's update for every missile: `s = ga*s + (1-ga)*hat(t-p)`,
/// `p += s*speed` (at zero distance the old `s`), as `guidance::smoothed` has it.
fn smoothed(l: &mut Lanes, target: (f32, f32), ga: f32, speed: f32) {
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

/// One tick of the intercept for every missile: straight on at its velocity (`s`), the
/// distance left shrinking by a tick's step, stopping where none is left.
fn intercept(l: &mut Lanes, dt: f32) {
    let n = l.px.len();
    let (px, py) = (&mut l.px[..n], &mut l.py[..n]);
    let (vx, vy, left) = (&l.sx[..n], &l.sy[..n], &mut l.left[..n]);
    for i in 0..n {
        let step = (vx[i] * vx[i] + vy[i] * vy[i]).sqrt() * dt;
        let go = if step >= left[i] { 0.0 } else { dt };
        px[i] += vx[i] * go;
        py[i] += vy[i] * go;
        left[i] = (left[i] - step).max(0.0);
    }
}

/// A record the size of a world's missile (rounded up to whole `u64`s).
type Record = [u64; std::mem::size_of::<Missile>().div_ceil(8)];

/// Reads and writes one `u64` in every 64 bytes of every record: every cache line the
/// records lie on, once (the records lie end to end, so no 64 bytes go untouched).
fn touch(records: &mut [Record]) {
    for record in records {
        for word in record.iter_mut().step_by(8) {
            *word = word.wrapping_add(1);
        }
    }
}

/// The world with every missile launched, and the same missiles as lanes.
fn launched(algorithm: Algorithm) -> (World, Lanes) {
    let mut world = bench(algorithm, MISSILES)
        .build()
        .expect("bench scenario builds");
    world.step(); // launch every missile
    assert_eq!(world.missiles().len(), MISSILES);
    let each = |f: &dyn Fn(&Body, &Guidance) -> f32| -> Vec<f32> {
        (world.missiles().iter())
            .map(|m| f(&m.body, &m.guidance))
            .collect()
    };
    let lanes = match algorithm {
        Algorithm::Smoothed => Lanes {
            // The loop starts where the world's missiles are, heading at the target.
            px: each(&|b, _| b.pos.x),
            py: each(&|b, _| b.pos.y),
            sx: each(&|b, _| b.heading.cos()),
            sy: each(&|b, _| b.heading.sin()),
            left: Vec::new(),
        },
        _ => Lanes {
            px: each(&|b, _| b.pos.x),
            py: each(&|b, _| b.pos.y),
            sx: each(&|b, _| b.vel.x),
            sy: each(&|b, _| b.vel.y),
            left: each(&|_, g| match g {
                Guidance::Intercept(i) => i.travel_left,
                _ => 0.0,
            }),
        },
    };
    (world, lanes)
}

fn floor(c: &mut Criterion) {
    let one_thread = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a thread pool");
    for algorithm in [Algorithm::Smoothed, Algorithm::Intercept] {
        let mut group = c.benchmark_group(format!("floor/{algorithm}/{MISSILES}"));
        group.throughput(Throughput::Elements(MISSILES as u64));
        group.sample_size(10);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(8));
        let (world, lanes) = launched(algorithm);
        let target = world.targets()[0].pos;
        let smoothed_params = world.tuning.smoothed.clone();
        let dt = world.dt();
        group.bench_function("world-step", |b| {
            b.iter_batched_ref(
                || world.clone(),
                |w| w.step().len(),
                BatchSize::PerIteration,
            )
        });
        group.bench_function("world-step-one-thread", |b| {
            b.iter_batched_ref(
                || world.clone(),
                |w| one_thread.install(|| w.step().len()),
                BatchSize::PerIteration,
            )
        });
        group.bench_function("soa-loop", |b| {
            b.iter_batched_ref(
                || lanes.clone(),
                |l| match algorithm {
                    Algorithm::Smoothed => smoothed(
                        l,
                        (target.x, target.y),
                        smoothed_params.ga,
                        smoothed_params.speed,
                    ),
                    _ => intercept(l, dt),
                },
                BatchSize::PerIteration,
            )
        });
        group.finish();
    }
    let mut group = c.benchmark_group(format!("floor/memory/{MISSILES}"));
    group.throughput(Throughput::Elements(MISSILES as u64));
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(8));
    let records: Vec<Record> = vec![[0; std::mem::size_of::<Missile>().div_ceil(8)]; MISSILES];
    group.bench_function("memory-touch", |b| {
        b.iter_batched_ref(
            || records.clone(),
            // In slices, as the world flies a million missiles on every core.
            |r| r.par_chunks_mut(1024).for_each(touch),
            BatchSize::PerIteration,
        )
    });
    group.bench_function("memory-touch-one-thread", |b| {
        b.iter_batched_ref(|| records.clone(), |r| touch(r), BatchSize::PerIteration)
    });
    group.finish();
}

criterion_group!(benches, floor);
criterion_main!(benches);
