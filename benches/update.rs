//! World updates per second for every algorithm at 1k, 100k and 1M missiles, on the
//! shared benchmark engagement (`scenario::presets::bench`). Criterion reports the
//! throughput in missile updates per second.

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, Throughput};
use std::time::Duration;
use steerlab::guidance::Algorithm;
use steerlab::scenario::presets::bench;

fn updates(c: &mut Criterion) {
    for missiles in [1_000usize, 100_000, 1_000_000] {
        let mut group = c.benchmark_group(format!("update/{missiles}"));
        group.throughput(Throughput::Elements(missiles as u64));
        group.sample_size(10);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(if missiles >= 1_000_000 {
            8
        } else {
            3
        }));
        for algorithm in Algorithm::ALL {
            let mut world = bench(algorithm, missiles)
                .build()
                .expect("bench scenario builds");
            world.step(); // launch every missile
            assert_eq!(world.missiles().len(), missiles);
            group.bench_function(BenchmarkId::from_parameter(algorithm.id()), |b| {
                b.iter_batched_ref(
                    || world.clone(),
                    |w| w.step().len(),
                    BatchSize::PerIteration,
                )
            });
        }
        group.finish();
    }
}

criterion_group!(benches, updates);
criterion_main!(benches);
