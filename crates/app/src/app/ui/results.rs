//! The live results table: one row per missile of every lane, newest first, labelled by
//! lane in compare mode (`quartic · M0`), with its outcome, time to hit, and its closest
//! approach once it has ended (the current range, marked as such, while it flies).

use super::style::{self, ERROR, GOOD};
use crate::app::render::colors::algorithm_color32;
use crate::app::session::{Selection, Session};
use crate::headless;
use crate::sim::Outcome;
use egui_macroquad::egui::{self, Color32, RichText};

/// Rows shown at most (the newest).
const SHOWN: usize = 200;

/// A row's label: the missile (or who refused to fire), after its lane in compare mode.
pub fn row_label(session: &Session, lane: usize, who: &str) -> String {
    if session.runs.compare {
        format!("{} · {who}", session.lane_label(lane))
    } else {
        who.to_string()
    }
}

pub fn section(ui: &mut egui::Ui, session: &mut Session) {
    egui::CollapsingHeader::new("Results")
        .default_open(true)
        .show(ui, |ui| {
            // The rows `steerlab run` prints (a launch refused for want of a solution
            // is one too), with a flying missile's range now.
            let mut rows = Vec::new();
            for (lane_index, lane) in session.runs.lanes.iter().enumerate() {
                let world = lane.shown();
                for row in headless::rows(world) {
                    let range_now = row
                        .missile
                        .and_then(|id| world.missile(id))
                        .filter(|m| m.metrics.outcome == Outcome::Flying)
                        .and_then(|m| world.target(m.target).map(|t| t.pos.distance(m.body.pos)));
                    rows.push((lane_index, row, range_now));
                }
            }
            let shown = rows.len().min(SHOWN);
            let plural = if rows.len() == 1 { "" } else { "s" };
            ui.label(format!("{} row{plural} (showing the last {shown})", rows.len()));
            // Both ways: a long outcome scrolls inside the table instead of widening the panel.
            egui::ScrollArea::both()
                .max_height(260.0)
                .id_salt("results")
                .show(ui, |ui| {
                    egui::Grid::new("results-grid")
                        .striped(true)
                        .num_columns(5)
                        .show(ui, |ui| {
                            for header in ["missile", "outcome", "hit (s)", "closest"] {
                                ui.label(RichText::new(header).strong());
                            }
                            ui.end_row();
                            for (lane, row, range_now) in rows.iter().rev().take(shown) {
                                let lane = *lane;
                                let label = RichText::new(row_label(session, lane, &row.who))
                                    .color(algorithm_color32(row.algorithm));
                                match row.missile {
                                    Some(id) => {
                                        let pick = Selection::Missile { lane, id };
                                        let selected = session.view.selected == Some(pick);
                                        if ui
                                            .selectable_label(selected, label)
                                            .on_hover_text(row.algorithm.id())
                                            .clicked()
                                        {
                                            session.view.selected = Some(pick);
                                        }
                                    }
                                    None => {
                                        ui.label(label).on_hover_text(format!(
                                            "{}: no solution at launch, nothing fired",
                                            row.algorithm.id()
                                        ));
                                    }
                                }
                                let color = match row.outcome {
                                    Outcome::Hit { .. } => GOOD,
                                    Outcome::Missed(_) => ERROR,
                                    Outcome::Flying => Color32::from_gray(190),
                                };
                                ui.label(RichText::new(row.outcome.describe()).color(color));
                                ui.label(row.time_to_hit.map_or("-".into(), |t| format!("{t:.3}")));
                                match range_now {
                                    Some(range) => {
                                        ui.label(style::help(format!("now {range:.1}")))
                                            .on_hover_text("still flying: the range to its target now");
                                    }
                                    None if row.miss_distance.is_finite() => {
                                        ui.label(format!("{:.1}", row.miss_distance))
                                            .on_hover_text("closest approach to its target over the flight");
                                    }
                                    None => {
                                        ui.label("-");
                                    }
                                }
                                ui.end_row();
                            }
                        });
                });
            ui.label(style::help(
                "closest: the closest approach over the whole flight, shown once a missile has ended; while it flies, \"now\" is its current range.",
            ));
        });
}
