//! The timeline at the bottom of the window: step back and forward, a scrubber over
//! the recorded ticks, event markers (launches, closest approaches, hits, misses, no
//! solution, solver failures) that jump there when clicked, and the history's reach
//! and memory budget.

use super::session::Session;
use crate::sim::{EventKind, Outcome};
use egui_macroquad::egui::{self, Color32, Sense};

/// A marker's colour and meaning.
fn marker(kind: &EventKind) -> Option<(Color32, &'static str)> {
    match kind {
        EventKind::Launched { .. } => Some((Color32::from_rgb(110, 170, 255), "launch")),
        EventKind::Hit { .. } => Some((Color32::from_rgb(110, 220, 110), "hit")),
        EventKind::Missed { .. } => Some((Color32::from_rgb(255, 110, 110), "miss")),
        EventKind::NoSolution { .. } => Some((Color32::from_rgb(255, 170, 60), "no solution")),
        EventKind::SolverFailed { .. } => Some((Color32::from_rgb(200, 120, 255), "solver failed")),
        _ => None,
    }
}

const CLOSEST: Color32 = Color32::from_rgb(255, 230, 90);

/// Every marker `(tick, colour)` of the session's first lane.
pub fn markers(session: &Session) -> Vec<(u64, Color32)> {
    let Some(lane) = session.lanes.first() else {
        return Vec::new();
    };
    let mut out: Vec<(u64, Color32)> = lane
        .history
        .events()
        .iter()
        .filter_map(|e| marker(&e.kind).map(|(c, _)| (e.tick, c)))
        .collect();
    // Closest approaches of missiles that missed.
    for m in lane.world.all_missiles() {
        if matches!(m.metrics.outcome, Outcome::Missed(_))
            && m.metrics.closest_tick >= lane.history.earliest()
        {
            out.push((m.metrics.closest_tick, CLOSEST));
        }
    }
    out
}

/// Shows the timeline panel.
pub fn show(ctx: &egui::Context, session: &mut Session) {
    egui::TopBottomPanel::bottom("timeline").show(ctx, |ui| {
        let (earliest, latest) = session.recorded();
        let dt = f64::from(session.dt());
        ui.horizontal(|ui| {
            if ui
                .button("◀ back")
                .on_hover_text("one tick back (Left)")
                .clicked()
            {
                session.step_back();
            }
            if ui
                .button("forward ▶")
                .on_hover_text("one tick forward (Right or .)")
                .clicked()
            {
                session.single_step();
            }
            if ui
                .add_enabled(session.in_past(), egui::Button::new("live"))
                .clicked()
            {
                session.scrub(latest);
            }
            let mut tick = session.tick();
            ui.spacing_mut().slider_width = (ui.available_width() - 260.0).max(100.0);
            let slider =
                egui::Slider::new(&mut tick, earliest..=latest.max(earliest + 1)).text("tick");
            if ui.add(slider).changed() {
                session.scrub(tick);
            }
            let where_ = if session.in_past() { "past" } else { "live" };
            ui.label(format!("{where_}: t = {:.3} s", tick as f64 * dt));
        });
        // The marker strip, under the slider.
        let width = ui.available_width();
        let (rect, response) = ui.allocate_exact_size(egui::vec2(width, 14.0), Sense::click());
        let span = (latest.saturating_sub(earliest)).max(1) as f32;
        let x_of =
            |tick: u64| rect.left() + (tick.saturating_sub(earliest)) as f32 / span * rect.width();
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 2.0, Color32::from_gray(30));
        let all = markers(session);
        for &(tick, color) in &all {
            let x = x_of(tick);
            painter.line_segment(
                [egui::pos2(x, rect.top()), egui::pos2(x, rect.bottom())],
                (1.5, color),
            );
        }
        let now = x_of(session.tick());
        painter.line_segment(
            [
                egui::pos2(now, rect.top() - 2.0),
                egui::pos2(now, rect.bottom() + 2.0),
            ],
            (2.0, Color32::WHITE),
        );
        if response.clicked() {
            if let Some(pos) = response.interact_pointer_pos() {
                let nearest = all.iter().map(|(t, _)| *t).min_by(|a, b| {
                    (x_of(*a) - pos.x)
                        .abs()
                        .total_cmp(&(x_of(*b) - pos.x).abs())
                });
                let tick = match nearest {
                    Some(t) if (x_of(t) - pos.x).abs() <= 6.0 => t,
                    _ => earliest + ((pos.x - rect.left()) / rect.width() * span).round() as u64,
                };
                session.scrub(tick);
            }
        }
        ui.horizontal(|ui| {
            let reach = latest.saturating_sub(earliest) as f64 * dt;
            let bytes: usize = session.lanes.iter().map(|l| l.history.bytes()).sum();
            ui.label(format!(
                "history reaches back {reach:.1} s (to tick {earliest}), {:.1} MB held",
                bytes as f64 / 1_048_576.0
            ));
            let mut budget_mb = (session.history_budget / 1_048_576) as u32;
            let budget = ui.add(
                egui::DragValue::new(&mut budget_mb)
                    .range(1..=16_384)
                    .suffix(" MB budget per lane"),
            );
            if budget.changed() {
                session.history_budget = budget_mb as usize * 1_048_576;
                for lane in &mut session.lanes {
                    lane.history.set_budget(session.history_budget);
                }
            }
            ui.label("markers: launch, hit, miss, no solution, solver failed, closest approach");
        });
    });
}
