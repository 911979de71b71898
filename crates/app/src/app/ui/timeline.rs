//! The timeline at the bottom of the window: step back and forward, one strip that is
//! both the scrubber and the event markers (launches, closest approaches, hits, misses,
//! no solution, solver failures, the missile cap, a seeker's lost lock or a flare taken), so a marker and the handle at its
//! tick sit at the same x (one [`Scale`] for both), the selected missile's failure
//! classes shaded over their spans, the breakpoint that paused the run, and the
//! history's reach and memory budget.

use super::style;
use crate::app::session::Session;
use crate::sim::{EventKind, Outcome};
use egui_macroquad::egui::{self, Color32, RichText, Sense};

/// A marker's colour and meaning.
fn marker(kind: &EventKind) -> Option<(Color32, &'static str)> {
    match kind {
        EventKind::Launched { .. } => Some((LAUNCH, "launch")),
        EventKind::Hit { .. } => Some((HIT, "hit")),
        EventKind::Missed { .. } => Some((MISS, "miss")),
        EventKind::NoSolution { .. } => Some((NO_SOLUTION, "no solution")),
        EventKind::SolverFailed { .. } => Some((SOLVER, "solver failed")),
        EventKind::MissileCapReached { .. } => Some((CAP, "missile cap reached")),
        EventKind::SeekerLock { lost: Some(_), .. } => Some((LOCK, "seeker lock lost")),
        EventKind::Decoyed { .. } => Some((DECOY, "seeker took a flare")),
        _ => None,
    }
}

const LAUNCH: Color32 = Color32::from_rgb(110, 170, 255);
const HIT: Color32 = Color32::from_rgb(110, 220, 110);
const MISS: Color32 = Color32::from_rgb(255, 110, 110);
const NO_SOLUTION: Color32 = Color32::from_rgb(255, 170, 60);
const SOLVER: Color32 = Color32::from_rgb(200, 120, 255);
const CAP: Color32 = Color32::from_rgb(240, 240, 240);
const CLOSEST: Color32 = Color32::from_rgb(255, 230, 90);
const LOCK: Color32 = Color32::from_rgb(90, 200, 200);
const DECOY: Color32 = Color32::from_rgb(255, 240, 140);

/// What the marker colours mean, for the line under the strip.
const KEY: [(Color32, &str); 9] = [
    (LAUNCH, "launch"),
    (HIT, "hit"),
    (MISS, "miss"),
    (CLOSEST, "closest approach"),
    (NO_SOLUTION, "no solution"),
    (SOLVER, "solver failed"),
    (LOCK, "lock lost"),
    (DECOY, "decoyed"),
    (CAP, "cap"),
];

/// The one mapping between ticks and x on the strip.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    pub left: f32,
    pub width: f32,
    pub earliest: u64,
    pub latest: u64,
}

/// Room left and right of the strip's ends, so the handle is whole at either end.
const INSET: f32 = 8.0;

impl Scale {
    /// The scale of a strip drawn in `rect` for the recorded range.
    pub fn new(rect: egui::Rect, earliest: u64, latest: u64) -> Self {
        Self {
            left: rect.left() + INSET,
            width: (rect.width() - 2.0 * INSET).max(1.0),
            earliest,
            latest: latest.max(earliest + 1),
        }
    }

    fn span(&self) -> f32 {
        (self.latest - self.earliest) as f32
    }

    pub fn x_of(&self, tick: u64) -> f32 {
        let t = tick.clamp(self.earliest, self.latest) - self.earliest;
        self.left + t as f32 / self.span() * self.width
    }

    /// The tick nearest to `x`.
    pub fn tick_at(&self, x: f32) -> u64 {
        let f = ((x - self.left) / self.width).clamp(0.0, 1.0);
        self.earliest + (f * self.span()).round() as u64
    }
}

/// Every marker `(tick, colour)` of the session's first lane.
pub fn markers(session: &Session) -> Vec<(u64, Color32)> {
    let Some(lane) = session.runs.lanes.first() else {
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
    out.sort_by_key(|(tick, c)| (*tick, c.to_array()));
    out.dedup();
    out
}

/// Shows the timeline panel.
pub fn show(ctx: &egui::Context, session: &mut Session) {
    egui::TopBottomPanel::bottom("timeline").show(ctx, |ui| {
        let (earliest, latest) = session.runs.recorded();
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
                .add_enabled(session.runs.in_past(), egui::Button::new("live"))
                .clicked()
            {
                session.scrub(latest);
            }
            let where_ = if session.runs.in_past() {
                "past"
            } else {
                "live"
            };
            ui.label(format!(
                "{where_}: t = {:.3} s   tick {}",
                session.tick() as f64 * dt,
                session.tick()
            ));
            if let Some(reason) = &session.runs.paused_by {
                ui.label(RichText::new(format!("⏸ breakpoint: {reason}")).color(style::PAUSED));
            }
        });
        strip(ui, session, earliest, latest);
        ui.horizontal_wrapped(|ui| {
            let reach = latest.saturating_sub(earliest) as f64 * dt;
            let bytes: usize = session.runs.lanes.iter().map(|l| l.history.bytes()).sum();
            ui.label(format!(
                "history reaches back {reach:.1} s (to tick {earliest}), {:.1} MB held",
                bytes as f64 / 1_048_576.0
            ));
            let mut budget_mb = (session.runs.history_budget / 1_048_576) as u32;
            let budget = ui.add(
                egui::DragValue::new(&mut budget_mb)
                    .range(1..=16_384)
                    .suffix(" MB budget per lane"),
            );
            if budget.changed() {
                session.runs.history_budget = budget_mb as usize * 1_048_576;
                for lane in &mut session.runs.lanes {
                    lane.history.set_budget(session.runs.history_budget);
                }
            }
            ui.label("markers:");
            for (color, name) in KEY {
                ui.label(RichText::new(format!("■ {name}")).color(color));
            }
            ui.label(style::help(
                "shaded: the selected missile's failure classes",
            ));
        });
    });
}

/// The scrubber strip: markers, the handle at the tick on screen, the breakpoint that
/// paused the run; click or drag to scrub (a click within 6 px of a marker jumps to it).
fn strip(ui: &mut egui::Ui, session: &mut Session, earliest: u64, latest: u64) {
    let width = ui.available_width();
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, 26.0), Sense::click_and_drag());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Slider, true, "timeline"));
    let scale = Scale::new(rect, earliest, latest);
    let all = markers(session);
    let painter = ui.painter_at(rect);
    let track = egui::Rect::from_x_y_ranges(
        scale.left..=scale.left + scale.width,
        rect.top() + 4.0..=rect.bottom() - 4.0,
    );
    painter.rect_filled(track, 3.0, Color32::from_gray(34));
    // The selected missile's failure classes, each over its span, named where it fits.
    for (from, to, class) in super::diagnosis::spans(session) {
        let (a, b) = (scale.x_of(from), scale.x_of(to));
        let span = egui::Rect::from_x_y_ranges(a..=b.max(a + 3.0), track.y_range());
        let color = super::diagnosis::class_color32(class);
        painter.rect_filled(span, 2.0, color.gamma_multiply(0.4));
        if span.width() > 8.0 * class.id().len() as f32 {
            painter.text(
                egui::pos2(span.left() + 3.0, span.center().y),
                egui::Align2::LEFT_CENTER,
                class.id(),
                egui::FontId::proportional(11.0),
                color,
            );
        }
    }
    for &(tick, color) in &all {
        let x = scale.x_of(tick);
        painter.line_segment(
            [egui::pos2(x, track.top()), egui::pos2(x, track.bottom())],
            (1.5, color),
        );
    }
    if let (Some(_), false) = (&session.runs.paused_by, session.runs.playing) {
        let x = scale.x_of(session.tick());
        painter.text(
            egui::pos2(x, rect.top()),
            egui::Align2::CENTER_TOP,
            "⏸",
            egui::FontId::proportional(11.0),
            style::PAUSED,
        );
    }
    let now = scale.x_of(session.tick());
    painter.line_segment(
        [egui::pos2(now, rect.top()), egui::pos2(now, rect.bottom())],
        (2.0, Color32::WHITE),
    );
    painter.circle_filled(egui::pos2(now, rect.center().y), 6.0, Color32::WHITE);
    let Some(pos) = response.interact_pointer_pos() else {
        return;
    };
    if response.dragged() {
        session.scrub(scale.tick_at(pos.x));
    } else if response.clicked() {
        let nearest = all.iter().map(|(t, _)| *t).min_by(|a, b| {
            (scale.x_of(*a) - pos.x)
                .abs()
                .total_cmp(&(scale.x_of(*b) - pos.x).abs())
        });
        let tick = match nearest {
            Some(t) if (scale.x_of(t) - pos.x).abs() <= 6.0 => t,
            _ => scale.tick_at(pos.x),
        };
        session.scrub(tick);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_and_x_round_trip_on_one_scale() {
        let rect = egui::Rect::from_min_size(egui::pos2(300.0, 700.0), egui::vec2(816.0, 26.0));
        let scale = Scale::new(rect, 100, 900);
        assert_eq!(scale.x_of(100), 308.0);
        assert_eq!(scale.x_of(900), 1108.0);
        assert_eq!(scale.x_of(500), 708.0);
        for tick in [100, 101, 427, 899, 900] {
            assert_eq!(scale.tick_at(scale.x_of(tick)), tick);
        }
        // Outside the range: the ends.
        assert_eq!(scale.tick_at(0.0), 100);
        assert_eq!(scale.x_of(5000), 1108.0);
    }
}
