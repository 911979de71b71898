//! The debugger's side-panel sections: the inspector (the selected missile's state and
//! its algorithm's internals, at the tick on screen), the plots (egui_plot, against
//! time, several missiles in their colours), the breakpoints, and the exports.

use super::edit::readout_text;
use super::state::ExportPaths;
use super::style;
use super::widgets::field_and_button;
use crate::app::render::colors::{algorithm_color32, flavour_color32};
use crate::app::session::breakpoints::Breakpoints;
use crate::app::session::{Layout, Runs, Selection, Session};
use crate::guidance::Algorithm;
use crate::headless::gif::MAX_SECONDS as MAX_GIF_SECONDS;
use crate::recording::replay;
use crate::sim::agent_telemetry::AgentQuantity;
use crate::sim::crowd::SteeringPart;
use crate::sim::telemetry::{self, Quantity};
use crate::sim::{Source, World};
use egui_macroquad::egui::{self, Color32, RichText};
use egui_plot::{Legend, Line, Plot, PlotPoints, VLine};
use std::collections::BTreeSet;

/// Reference laws to fly from a recorded missile's state at a tick.
#[derive(Clone, Debug, PartialEq)]
pub struct FlyReferences {
    /// The recorded missile's launcher (its name in the scenario).
    pub missile: String,
    pub tick: u64,
    pub algorithms: Vec<Algorithm>,
}

/// The selected missile's state and its law's internals; `scroll_to_plots` is set when
/// it is added to the plots. For a recorded missile it offers to fly reference laws
/// (`chosen`) from its state at the tick on screen.
pub fn inspector(
    ui: &mut egui::Ui,
    runs: &mut Runs,
    selected: Option<Selection>,
    scroll_to_plots: &mut bool,
    chosen: &mut BTreeSet<Algorithm>,
) -> Option<FlyReferences> {
    let mut fly = None;
    egui::CollapsingHeader::new("Inspector")
        .default_open(true)
        .show(ui, |ui| {
            if let Some(Selection::Agent { crowd, agent }) = selected {
                // Crowd agents are picked in the first lane's view.
                if let Some(lane) = runs.lanes.first() {
                    agent_steering(ui, lane.shown(), crowd, agent);
                }
                let plotted = runs.plots.agents.contains(&(0, (crowd, agent)));
                if ui.selectable_label(plotted, "plot this agent").clicked() {
                    runs.plots.toggle_agent(0, (crowd, agent));
                    *scroll_to_plots = !plotted;
                }
                return;
            }
            let Some(Selection::Missile { lane, id }) = selected else {
                ui.label(style::help(
                    "Click a missile (or a row of the results) to inspect it, or a crowd's agent to see why it steers as it does.",
                ));
                return;
            };
            let Some(lane_ref) = runs.lanes.get(lane) else {
                return;
            };
            let world = lane_ref.shown();
            let Some(m) = world.missile(id) else {
                ui.label(format!("{id} is not launched yet at tick {}", world.tick()));
                return;
            };
            let algorithm = m.algorithm();
            let law = crate::scene::flavour(world, algorithm, Some(m.source));
            ui.label(
                RichText::new(format!(
                    "{id}  {}  ({})",
                    law.label(),
                    m.metrics.outcome.describe()
                ))
                .strong()
                .color(flavour_color32(&law)),
            );
            let b = &m.body;
            ui.monospace(format!("position  ({:.2}, {:.2})", b.pos.x, b.pos.y));
            ui.monospace(format!(
                "velocity  ({:.2}, {:.2})  speed {:.2}",
                b.vel.x,
                b.vel.y,
                b.vel.length()
            ));
            ui.monospace(format!(
                "heading   {:.4} rad ({:.2}°)",
                b.heading,
                b.heading.to_degrees()
            ));
            // Time-to-go and the zero-effort miss look at the target now: once the
            // missile has ended they would change with a target that flies on.
            if m.metrics.outcome != crate::sim::Outcome::Flying {
                ui.label(style::help(
                    "ended: its last state (time-to-go and zero-effort miss only while it flies)",
                ));
            } else if let Some(s) = telemetry::sample(world, m, None) {
                ui.monospace(format!(
                    "time-to-go {:.3} s  zero-effort miss {:.2}",
                    s.time_to_go, s.zero_effort_miss
                ));
            }
            for r in m.readouts(world.tuning_for(m.source), world.dt()) {
                ui.label(RichText::new(readout_text(&r)).monospace().small());
            }
            let recorded = replay::track_of(&world.tuning, algorithm).is_some();
            let from = match m.source {
                Source::Launcher(i) if recorded => {
                    world.launchers().get(i).map(|l| l.spec.name.clone())
                }
                _ => None,
            };
            if let Some(missile) = from {
                fly = references(ui, world, missile, chosen);
            }
            super::diagnosis::findings(ui, runs, lane, id);
            let plotted = runs.plots.missiles.contains(&(lane, id));
            if ui.selectable_label(plotted, "plot this missile").clicked() {
                runs.plots.toggle(lane, id);
                // The plot is drawn below: bring it into view.
                *scroll_to_plots = !plotted;
            }
        });
    fly
}

/// A crowd agent's state and why it steers as it will this tick: its neighbours and each
/// part of its blend, then the force it steers by ([`crate::sim::crowd::Crowd::explain`]).
fn agent_steering(ui: &mut egui::Ui, world: &World, crowd: usize, agent: usize) {
    let Some(c) = world.crowds().get(crowd) else {
        return;
    };
    let (Some(a), Some(why)) = (c.agents.get(agent), c.explain(agent, world.dt())) else {
        return;
    };
    ui.label(RichText::new(format!("agent {agent} of crowd {}", crowd + 1)).strong());
    ui.monospace(format!("position  ({:.2}, {:.2})", a.pos.x, a.pos.y));
    ui.monospace(format!(
        "velocity  ({:.2}, {:.2})  speed {:.2} of {}",
        a.vel.x,
        a.vel.y,
        a.vel.length(),
        a.max_speed
    ));
    ui.monospace(format!(
        "neighbours {} within {} units",
        why.neighbours.len(),
        c.params.neighbour_radius
    ));
    let [back, front, ..] = why.senses.detection_box;
    ui.monospace(format!(
        "looks ahead {:.2} units (feelers {})",
        back.distance(front),
        c.params.avoid_length
    ));
    if let Some(collision) = why.senses.collision {
        ui.monospace(format!(
            "collision with agent {} in {:.2} s: steers off",
            collision.other, collision.seconds
        ));
    }
    if let (Some(goal), Some(steer)) = (&c.params.goal, &why.goal) {
        ui.monospace(format!("goal: {}", goal.describe(steer)));
    }
    // The parts the crowd has (collision avoidance, queueing and a goal only when it
    // has them).
    let p = &c.params;
    let has = |part: &SteeringPart| match part {
        SteeringPart::Collisions => p.collisions != 0.0,
        SteeringPart::Queueing => p.queueing != 0.0,
        SteeringPart::Goal => p.goal.is_some(),
        _ => true,
    };
    for (part, force) in why.parts.iter().filter(|(part, _)| has(part)) {
        ui.monospace(format!("{:<19}{:>8.2}", part.name(), force.length()));
    }
    ui.monospace(format!(
        "{:<19}{:>8.2} (at most {})",
        "steers by",
        why.total.length(),
        c.params.max_force
    ));
}

/// The laws to fly from a recorded missile's state at the tick on screen.
fn references(
    ui: &mut egui::Ui,
    world: &World,
    missile: String,
    chosen: &mut BTreeSet<Algorithm>,
) -> Option<FlyReferences> {
    let tick = world.tick();
    ui.separator();
    ui.label(style::help(format!(
        "Fly references from {missile}'s state at tick {tick}, beside what the game did:"
    )));
    ui.horizontal_wrapped(|ui| {
        for a in world.tuning.algorithms() {
            if replay::track_of(&world.tuning, a).is_some() {
                continue;
            }
            let mut on = chosen.contains(&a);
            let label = RichText::new(a.id()).color(algorithm_color32(a));
            if ui.checkbox(&mut on, label).changed() {
                if on {
                    chosen.insert(a);
                } else {
                    chosen.remove(&a);
                }
            }
        }
    });
    let enabled = !chosen.is_empty();
    ui.add_enabled(
        enabled,
        egui::Button::new(format!("fly them from tick {tick}")),
    )
    .clicked()
    .then(|| FlyReferences {
        missile,
        tick,
        algorithms: chosen.iter().copied().collect(),
    })
}

/// The telemetry plots: one of the plotted missiles and one of the plotted crowd agents,
/// each of a quantity picked from its list; a click on either jumps to that moment.
pub fn plots(ui: &mut egui::Ui, runs: &mut Runs, scroll_to_plots: &mut bool) {
    let header = egui::CollapsingHeader::new("Plots")
        .default_open(true)
        .open(scroll_to_plots.then_some(true))
        .show(ui, |ui| {
            if runs.plots.missiles.is_empty() && runs.plots.agents.is_empty() {
                ui.label(style::help(
                    "Select missiles (or a crowd's agents) and press \"plot this missile\" (\"plot this agent\") to plot them together.",
                ));
                return None;
            }
            let mut rect = None;
            if !runs.plots.missiles.is_empty() {
                rect = Some(missile_plot(ui, runs));
            }
            if !runs.plots.agents.is_empty() {
                rect = Some(agent_plot(ui, runs));
            }
            ui.label(style::help("Click a plot to jump to that moment."));
            rect
        });
    if std::mem::take(scroll_to_plots) {
        let rect = header
            .body_returned
            .flatten()
            .unwrap_or(header.header_response.rect);
        ui.scroll_to_rect(rect, Some(egui::Align::Center));
    }
}

/// A line per plotted series: its name, its points and its colour.
type Series = (String, Vec<[f64; 2]>, Color32);

/// The seconds and the values a plot shows at first, where given.
type Bounds = (Option<(f64, f64)>, Option<(f64, f64)>);

/// The plotted missiles' telemetry; returns where it is drawn.
fn missile_plot(ui: &mut egui::Ui, runs: &mut Runs) -> egui::Rect {
    egui::ComboBox::from_id_salt("plot-quantity")
        .selected_text(runs.plots.quantity.label())
        .show_ui(ui, |ui| {
            for q in Quantity::ALL {
                ui.selectable_value(&mut runs.plots.quantity, q, q.label());
            }
        });
    let quantity = runs.plots.quantity;
    let Runs { lanes, plots, .. } = &mut *runs;
    let samples = plots.samples(lanes.iter().map(|l| &l.history));
    let mut lines = Vec::new();
    for ((lane, id), series) in samples {
        let law = lanes.get(*lane).and_then(|l| {
            let m = l.world.missile(*id)?;
            Some(crate::scene::flavour(
                &l.world,
                m.algorithm(),
                Some(m.source),
            ))
        });
        let points: Vec<[f64; 2]> = series
            .iter()
            .map(|s| [s.time, f64::from(s.get(quantity))])
            .collect();
        let color = law.as_ref().map_or(Color32::GRAY, flavour_color32);
        let name = law.map_or(id.to_string(), |a| format!("{id} {}", a.label()));
        lines.push((name, points, color));
    }
    let bounds = (runs.plots.time, runs.plots.range);
    let id = ("telemetry", runs.plots.framing);
    time_plot(ui, runs, id, quantity.label(), lines, bounds)
}

/// The plotted crowd agents' telemetry; returns where it is drawn.
fn agent_plot(ui: &mut egui::Ui, runs: &mut Runs) -> egui::Rect {
    egui::ComboBox::from_id_salt("agent-plot-quantity")
        .selected_text(runs.plots.agent_quantity.label())
        .show_ui(ui, |ui| {
            for q in AgentQuantity::ALL {
                ui.selectable_value(&mut runs.plots.agent_quantity, q, q.label());
            }
        });
    let quantity = runs.plots.agent_quantity;
    let Runs { lanes, plots, .. } = &mut *runs;
    let samples = plots.agent_samples(lanes.iter().map(|l| &l.history));
    let lines: Vec<Series> = (samples.iter().enumerate())
        .map(|(k, ((_, (crowd, agent)), series))| {
            let points = (series.iter())
                .filter_map(|s| Some([s.time, s.value(quantity)?]))
                .collect();
            let name = format!("agent {agent} of crowd {}", crowd + 1);
            (name, points, series_color(k))
        })
        .collect();
    if quantity == AgentQuantity::PathDistance && lines.iter().all(|l| l.1.is_empty()) {
        ui.label(style::help("Their crowds follow no path."));
    }
    let id = ("agent-telemetry", runs.plots.framing);
    time_plot(ui, runs, id, quantity.label(), lines, (None, None))
}

/// A plot's colour for its `k`th series: six distinct ones, then round again.
fn series_color(k: usize) -> Color32 {
    const COLORS: [Color32; 6] = [
        Color32::from_rgb(120, 200, 140),
        Color32::from_rgb(240, 180, 80),
        Color32::from_rgb(110, 170, 240),
        Color32::from_rgb(230, 110, 140),
        Color32::from_rgb(190, 140, 240),
        Color32::from_rgb(200, 200, 200),
    ];
    COLORS[k % COLORS.len()]
}

/// `lines` against time with a line at now, first framed to `bounds` (seconds, values)
/// where given; a click jumps to that moment. Returns where it is drawn.
fn time_plot(
    ui: &mut egui::Ui,
    runs: &mut Runs,
    id: (&str, u32),
    label: &str,
    lines: Vec<Series>,
    (time, range): Bounds,
) -> egui::Rect {
    let now = runs.time();
    let dt = f64::from(runs.dt());
    let mut plot = Plot::new(id).height(180.0);
    if let Some((from, to)) = time {
        plot = plot.default_x_bounds(from, to);
    }
    if let Some((from, to)) = range {
        plot = plot.default_y_bounds(from, to);
    }
    let response = plot
        .legend(Legend::default())
        .x_axis_label("time (s)")
        .y_axis_label(label)
        .allow_scroll(false)
        .show(ui, |plot| {
            for (name, points, color) in lines {
                plot.line(Line::new(name, PlotPoints::new(points)).color(color));
            }
            plot.vline(VLine::new("now", now).color(Color32::WHITE));
            plot.pointer_coordinate()
        });
    if response.response.clicked() {
        if let Some(point) = response.inner {
            runs.scrub(tick_at(point.x, dt));
        }
    }
    response.response.rect
}

/// The tick at `seconds` on a plot's time axis (ticks of `dt` seconds; before 0, 0).
fn tick_at(seconds: f64, dt: f64) -> u64 {
    (seconds.max(0.0) / dt).round() as u64
}

/// What pauses the run, and why it last did. `typed` is the tick in the "pause at tick"
/// box, kept while the box is off.
pub fn breakpoints(
    ui: &mut egui::Ui,
    b: &mut Breakpoints,
    typed: &mut u64,
    paused_by: Option<&str>,
) {
    egui::CollapsingHeader::new("Breakpoints")
        .default_open(false)
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.checkbox(&mut b.hit, "pause on hit");
                ui.checkbox(&mut b.miss, "pause on miss");
                ui.checkbox(&mut b.no_solution, "pause on no solution");
                ui.checkbox(&mut b.solver_failed, "pause on Newton failure");
                ui.checkbox(&mut b.non_finite, "pause on non-finite value");
                ui.checkbox(&mut b.law_failed, "pause on a law's error");
            });
            ui.horizontal(|ui| {
                let mut on = b.at_tick.is_some();
                if let Some(tick) = b.at_tick {
                    *typed = tick;
                }
                ui.checkbox(&mut on, "pause at tick");
                ui.add(egui::DragValue::new(typed).range(0..=u64::MAX));
                b.at_tick = on.then_some(*typed);
            });
            super::diagnosis::breakpoints(ui, &mut b.classes);
            if let Some(reason) = paused_by {
                ui.colored_label(style::PAUSED, format!("paused: {reason}"));
            }
        });
}

/// The law of the selected missile, if one is selected and launched.
pub fn selected_law(runs: &Runs, selected: Option<Selection>) -> Option<Algorithm> {
    let Some(Selection::Missile { lane, id }) = selected else {
        return None;
    };
    let missile = runs.lanes.get(lane)?.shown().missile(id)?.algorithm();
    Some(missile)
}

/// The Export section: the selected missile's telemetry, the view as PNG, the run as a
/// GIF (drawn a slice of each frame, with a progress bar).
pub fn exports(
    ui: &mut egui::Ui,
    paths: &mut ExportPaths,
    session: &mut Session,
    selected: Option<Selection>,
) {
    egui::CollapsingHeader::new("Export")
        .default_open(false)
        .show(ui, |ui| {
            let beside = paths.resolve("", session);
            ui.horizontal(|ui| {
                ui.label("folder");
                ui.add(
                    egui::TextEdit::singleline(&mut paths.folder)
                        .hint_text(beside.display().to_string())
                        .desired_width(ui.available_width()),
                )
                .on_hover_text(
                    "where names without a folder are written (empty: beside the open scenario)",
                );
            });
            let (button, _) = field_and_button(ui, &mut paths.telemetry, "Export telemetry CSV");
            if button
                .on_hover_text("the selected missile, every recorded tick")
                .clicked()
            {
                let path = paths.resolve(&paths.telemetry, session);
                let written = match selected {
                    Some(Selection::Missile { lane, id }) => {
                        let inputs = session.inputs();
                        session.runs.export_telemetry(lane, id, &path, &inputs)
                    }
                    _ => Err("select a missile first".to_string()),
                };
                match written {
                    Ok(rows) => {
                        session.messages.status =
                            Some(format!("wrote {rows} rows to {}", path.display()))
                    }
                    Err(e) => session.messages.error = Some(e),
                }
            }
            let (button, _) = field_and_button(ui, &mut paths.png, "Export view PNG");
            if button.clicked() {
                paths.png_request = Some(paths.resolve(&paths.png, session));
            }
            gif_export(ui, paths, session);
        });
}

/// The GIF row: path, seconds, and Export GIF (or the progress and Cancel).
fn gif_export(ui: &mut egui::Ui, paths: &mut ExportPaths, session: &mut Session) {
    let (button, _) = field_and_button(ui, &mut paths.gif, "Export GIF");
    ui.horizontal(|ui| {
        ui.add(
            egui::DragValue::new(&mut paths.gif_seconds)
                .range(0.5..=MAX_GIF_SECONDS)
                .speed(0.5)
                .suffix(" s"),
        );
        let split = session.runs.compare && session.view.layout == Layout::Split;
        ui.label(style::help(format!(
            "from the start, {}",
            if split {
                "one panel per algorithm"
            } else {
                "all in one picture"
            }
        )));
    });
    if let Some((done, total)) = session.gif.progress() {
        ui.horizontal(|ui| {
            ui.add(
                egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                    .text(format!("{done}/{total} frames"))
                    .desired_width(160.0),
            );
            if ui.button("Cancel").clicked() {
                session.gif.cancel();
                session.messages.status = Some("GIF cancelled".into());
            }
        });
    } else if button
        .on_hover_text("the run from its start, frame by frame on the fixed tick")
        .clicked()
    {
        let split = session.runs.compare && session.view.layout == Layout::Split;
        let path = paths.resolve(&paths.gif, session);
        let seconds = paths.gif_seconds;
        let inputs = session.inputs();
        if let Err(why) = session.gif.start(
            &session.doc.scenario,
            (split, &session.view.overlays),
            seconds,
            &path,
            inputs,
        ) {
            session.messages.error = Some(why);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_click_on_a_plot_jumps_to_the_nearest_tick_and_never_before_the_start() {
        assert_eq!(tick_at(2.0, 1.0 / 60.0), 120);
        assert_eq!(tick_at(2.009, 1.0 / 60.0), 121);
        assert_eq!(tick_at(0.25, 0.5), 1);
        assert_eq!(tick_at(-3.0, 1.0 / 60.0), 0);
    }

    #[test]
    fn plotted_agents_take_six_distinct_colours_then_round_again() {
        let six: Vec<Color32> = (0..6).map(series_color).collect();
        for (k, a) in six.iter().enumerate() {
            assert_eq!(a.a(), 255, "opaque");
            assert!(six[k + 1..].iter().all(|b| b != a), "{k}");
            assert_eq!(series_color(k + 6), *a);
        }
    }
}
