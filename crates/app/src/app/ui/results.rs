//! The live results table: one row per missile of every lane, newest first, a dozen to
//! a page under a header that stays, labelled by lane in compare mode (`quartic · M0`),
//! with its law (and the launcher's own values for it), its outcome, time to hit, its
//! its closest approach once it has ended (the current range, marked as such, while it
//! flies). Every column fits the panel; a long outcome is cut, whole on hover.

use super::style::{self, ERROR, GOOD};
use crate::app::render::colors::flavour_color32;
use crate::app::session::{Selection, Session};
use crate::headless;
use crate::sim::Outcome;
use egui_macroquad::egui::{self, Color32, RichText};

/// A row's label: the missile (or who refused to fire), after its lane in compare mode.
pub fn row_label(session: &Session, lane: usize, who: &str) -> String {
    if session.runs.compare {
        format!("{} · {who}", session.lane_label(lane))
    } else {
        who.to_string()
    }
}

/// Rows on one page of the table (older and newer pages by buttons: the table has no
/// scroll area of its own, so the wheel always scrolls the panel).
pub const PAGE: usize = 12;

/// The columns: their headers, widths in points (0: a share of what the others leave),
/// and what a hover says.
const COLUMNS: [(&str, f32, &str); 6] = [
    (
        "missile",
        46.0,
        "the missile (in compare mode, after its run); click to select it",
    ),
    (
        "law",
        0.0,
        "its law, with the launcher's own values when it flies the law its own way",
    ),
    ("outcome", 0.0, "hit, or how it ended"),
    ("hit (s)", 42.0, "seconds from launch to the hit"),
    (
        "closest",
        50.0,
        "closest approach to its target (\"now\": the range while it flies)",
    ),
    (
        "why",
        0.0,
        "a miss's primary failure class (select the missile for its evidence)",
    ),
];

/// Each column's width for a panel `available` points wide: the fixed ones as set, the
/// law, the outcome and the class sharing the rest (at least 40 each), 30, 35 and 35.
pub fn column_widths(available: f32, spacing: f32) -> [f32; 6] {
    let fixed: f32 = COLUMNS.iter().map(|c| c.1).sum();
    let rest = (available - fixed - spacing * (COLUMNS.len() as f32 - 1.0)).max(120.0);
    COLUMNS.map(|(name, width, _)| match name {
        "law" => (rest * 0.30).max(40.0),
        "outcome" | "why" => (rest * 0.35).max(40.0),
        _ => width,
    })
}

/// A cell of `width` points holding `text` cut to fit (the whole text on hover).
fn cell(ui: &mut egui::Ui, width: f32, text: RichText) -> egui::Response {
    sized(ui, width, egui::Label::new(text).truncate())
}

/// `widget` left-aligned in a cell of `width` points.
fn sized(ui: &mut egui::Ui, width: f32, widget: impl egui::Widget) -> egui::Response {
    let size = egui::vec2(width, ui.spacing().interact_size.y);
    let layout = egui::Layout::left_to_right(egui::Align::Center);
    ui.allocate_ui_with_layout(size, layout, |ui| {
        ui.set_min_width(width);
        ui.add(widget)
    })
    .inner
}

/// Page `page` of lanes' rows (`counts` of each, one lane's after another's), newest
/// first: which rows of which lanes it shows, oldest first.
pub fn page_ranges(counts: &[usize], page: usize) -> Vec<(usize, std::ops::Range<usize>)> {
    let total: usize = counts.iter().sum();
    let hi = total.saturating_sub(page * PAGE);
    let lo = hi.saturating_sub(PAGE);
    let mut offset = 0;
    let mut out = Vec::new();
    for (lane, &n) in counts.iter().enumerate() {
        let (from, to) = (lo.max(offset), hi.min(offset + n));
        if from < to {
            out.push((lane, from - offset..to - offset));
        }
        offset += n;
    }
    out
}

pub fn section(ui: &mut egui::Ui, session: &mut Session) {
    egui::CollapsingHeader::new("Results")
        .default_open(true)
        .show(ui, |ui| {
            // The rows `steerlab run` prints (a launch refused for want of a solution
            // is one too), with a flying missile's range now.
            // Every lane's rows one after the other; only the page shown is built.
            let counts: Vec<usize> = (session.runs.lanes.iter())
                .map(|lane| headless::row_count(lane.shown()))
                .collect();
            let total: usize = counts.iter().sum();
            // A shown row's missile as it is now (looked up for the page shown only: a
            // volley of 10,000 is 10,000 rows).
            let now = |lane: usize, row: &headless::Row| {
                let world = session.runs.lanes[lane].shown();
                let missile = row.missile.and_then(|id| world.missile(id));
                let range_now = missile
                    .filter(|m| m.metrics.outcome == Outcome::Flying)
                    .and_then(|m| world.target(m.target).map(|t| t.pos.distance(m.body.pos)));
                let source = missile.map(|m| m.source);
                (range_now, crate::scene::flavour(world, row.algorithm, source))
            };
            // Newest first, a page at a time; the page is kept across frames.
            let page_id = ui.make_persistent_id("results-page");
            let pages = total.div_ceil(PAGE).max(1);
            let mut page: usize = ui.data(|d| d.get_temp(page_id)).unwrap_or(0);
            page = page.min(pages - 1);
            ui.horizontal(|ui| {
                let plural = if total == 1 { "" } else { "s" };
                let first = (page * PAGE + 1).min(total);
                let last = ((page + 1) * PAGE).min(total);
                ui.label(format!("{total} row{plural}, newest first: {first}–{last}"));
                if ui.add_enabled(page > 0, egui::Button::new("◀ newer")).clicked() {
                    page -= 1;
                }
                if ui
                    .add_enabled(page + 1 < pages, egui::Button::new("older ▶"))
                    .clicked()
                {
                    page += 1;
                }
            });
            ui.data_mut(|d| d.insert_temp(page_id, page));
            let mut rows = Vec::new();
            for (lane_index, range) in page_ranges(&counts, page) {
                let lane = &session.runs.lanes[lane_index];
                let built = headless::diagnose::rows_in(lane.shown(), &lane.diagnosis, range);
                rows.extend(built.into_iter().map(|row| (lane_index, row)));
            }
            let shown: Vec<_> = (rows.iter().rev())
                .map(|(lane, row)| {
                    let (range_now, law) = now(*lane, row);
                    (*lane, row, range_now, law)
                })
                .collect();
            let widths = column_widths(ui.available_width(), ui.spacing().item_spacing.x);
            egui::Grid::new("results-grid")
                .striped(true)
                .num_columns(COLUMNS.len())
                .show(ui, |ui| {
                    for ((header, _, help), width) in COLUMNS.iter().zip(widths) {
                        cell(ui, width, RichText::new(*header).strong()).on_hover_text(*help);
                    }
                    ui.end_row();
                    for (lane, row, range_now, law) in &shown {
                        let lane = *lane;
                        let tint = flavour_color32(law);
                        let label = RichText::new(row_label(session, lane, &row.who)).color(tint);
                        match row.missile {
                            Some(id) => {
                                let pick = Selection::Missile { lane, id };
                                let selected = session.view.selected == Some(pick);
                                let clicked = sized(
                                    ui,
                                    widths[0],
                                    egui::SelectableLabel::new(selected, label),
                                )
                                    .on_hover_text(format!("{}: click to select", row.who))
                                    .clicked();
                                if clicked {
                                    session.view.selected = Some(pick);
                                }
                            }
                            None => {
                                cell(ui, widths[0], label).on_hover_text(format!(
                                    "{}: no solution at launch, nothing fired",
                                    row.who
                                ));
                            }
                        }
                        cell(ui, widths[1], RichText::new(law.label()).color(tint))
                            .on_hover_text(law.label());
                        let color = match row.outcome {
                            Outcome::Hit { .. } => GOOD,
                            Outcome::Missed(_) => ERROR,
                            Outcome::Flying => Color32::from_gray(190),
                        };
                        let outcome = row.outcome.describe();
                        cell(ui, widths[2], RichText::new(&outcome).color(color))
                            .on_hover_text(outcome);
                        let hit = row.time_to_hit.map_or("-".into(), |t| format!("{t:.3}"));
                        cell(ui, widths[3], RichText::new(hit));
                        let width = widths[4];
                        match range_now {
                            Some(range) => {
                                cell(ui, width, style::help(format!("now {range:.1}")))
                                    .on_hover_text("still flying: the range to its target now");
                            }
                            None if row.miss_distance.is_finite() => {
                                cell(ui, width, RichText::new(format!("{:.1}", row.miss_distance)))
                                    .on_hover_text("closest approach to its target over the flight");
                            }
                            None => {
                                cell(ui, width, RichText::new("-"));
                            }
                        }
                        // The class once the miss is on screen (the past shows it flying).
                        match row.why.filter(|_| matches!(row.outcome, Outcome::Missed(_))) {
                            Some(class) => {
                                let text = RichText::new(class.id())
                                    .color(super::diagnosis::class_color32(class));
                                cell(ui, widths[5], text)
                                    .on_hover_text("select the missile for the evidence");
                            }
                            None => {
                                cell(ui, widths[5], RichText::new("-"));
                            }
                        }
                        ui.end_row();
                    }
                });
            ui.label(style::help(
                "closest: the closest approach over the whole flight, shown once a missile has ended; while it flies, \"now\" is its current range.",
            ));
        });
}

#[cfg(test)]
mod tests {
    use super::{page_ranges, PAGE};

    #[test]
    fn a_page_takes_the_newest_rows_across_lanes_oldest_first() {
        assert_eq!(PAGE, 12);
        // 25 rows: lane 0's 5 (rows 0 to 4), then lane 1's 20 (rows 5 to 24).
        let counts = [5, 20];
        // Newest first: rows 13 to 24 (lane 1's 8 to 19), then 1 to 12, then row 0.
        assert_eq!(page_ranges(&counts, 0), vec![(1, 8..20)]);
        assert_eq!(page_ranges(&counts, 1), vec![(0, 1..5), (1, 0..8)]);
        assert_eq!(page_ranges(&counts, 2), vec![(0, 0..1)]);
        assert_eq!(page_ranges(&counts, 3), vec![]);
        // An empty lane between two, and a page ending exactly on a lane's edge.
        assert_eq!(page_ranges(&[12, 0, 12], 0), vec![(2, 0..12)]);
        assert_eq!(page_ranges(&[12, 0, 12], 1), vec![(0, 0..12)]);
        assert_eq!(page_ranges(&[3, 4], 0), vec![(0, 0..3), (1, 0..4)]);
        assert_eq!(page_ranges(&[], 0), vec![]);
    }
}
