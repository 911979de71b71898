//! `--stats`: the CPU time of building each frame and the wall time between frames.

use super::session::Session;
use std::time::Instant;

/// Frames run before `--stats` starts measuring (start-up, first uploads).
pub const WARM_UP: u32 = 10;

/// What `--stats` measures per frame: the CPU time of building it (from the start of
/// the frame to handing it to the GPU) and the wall time between successive frames
/// (what the user sees, presentation and waiting included).
#[derive(Default)]
pub struct FrameStats {
    cpu: Vec<f64>,
    wall: Vec<f64>,
    last_start: Option<Instant>,
}

impl FrameStats {
    pub fn frame(&mut self, started: Instant) {
        self.cpu.push(started.elapsed().as_secs_f64() * 1000.0);
        if let Some(previous) = self.last_start {
            self.wall
                .push(started.duration_since(previous).as_secs_f64() * 1000.0);
        }
        self.last_start = Some(started);
    }

    /// Prints percentiles over the last `frames` frames.
    pub fn print(&self, session: &Session, frames: usize) {
        let pct = |all: &[f64], p: f64| -> f64 {
            let mut v: Vec<f64> = all[all.len().saturating_sub(frames)..].to_vec();
            v.sort_by(f64::total_cmp);
            v.get(((v.len().max(1) - 1) as f64 * p).round() as usize)
                .copied()
                .unwrap_or(0.0)
        };
        let missiles: usize = session
            .runs
            .lanes
            .iter()
            .map(|l| l.world.missiles().len())
            .sum();
        let trail_points: usize = session.runs.lanes.iter().map(|l| l.trails.len()).sum();
        let measured = frames.min(self.cpu.len());
        println!("frames {measured}  missiles {missiles}  trail points {trail_points}");
        for (name, all) in [("cpu", &self.cpu), ("wall", &self.wall)] {
            println!(
                "{name:<4} ms: p50 {:.2}  p90 {:.2}  p99 {:.2}  max {:.2}",
                pct(all, 0.5),
                pct(all, 0.9),
                pct(all, 0.99),
                pct(all, 1.0)
            );
        }
        let wall = &self.wall[self.wall.len().saturating_sub(frames)..];
        println!(
            "fps  {:.1} (frames a second over the last {} intervals)",
            frames_a_second(wall),
            wall.len()
        );
    }
}

/// Frames a second over `wall` (milliseconds between frames): how many there were over
/// the time they took (zero for none).
fn frames_a_second(wall: &[f64]) -> f64 {
    let seconds = wall.iter().sum::<f64>() / 1000.0;
    match seconds > 0.0 {
        true => wall.len() as f64 / seconds,
        false => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::frames_a_second;

    #[test]
    fn frames_a_second_is_the_intervals_over_their_total_time() {
        // Three frames 10, 20 and 30 ms apart: 3 in 0.06 s.
        assert!((frames_a_second(&[10.0, 20.0, 30.0]) - 50.0).abs() < 1e-9);
        assert!((frames_a_second(&[16.0; 10]) - 62.5).abs() < 1e-9);
        assert_eq!(frames_a_second(&[]), 0.0);
        assert_eq!(frames_a_second(&[0.0]), 0.0);
    }
}
