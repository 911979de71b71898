//! Why it missed, in the window (docs/diagnosis.md): the selected missile's failure
//! classes with their evidence (a click on a class jumps to where it started), the
//! run's tally of classes, the thresholds the classes are decided by, and a breakpoint
//! per class. The timeline shades the selected missile's spans ([`super::timeline`]).

use super::edit;
use super::style;
use crate::app::session::{Runs, Session};
use crate::headless::diagnose::class_rgb;
use crate::sim::diagnosis::{Class, Finding};
use crate::sim::{MissileId, Outcome};
use egui_macroquad::egui::{self, Color32, RichText};
use std::collections::BTreeMap;

/// A class's colour for egui.
pub fn class_color32(class: Class) -> Color32 {
    let [r, g, b] = class_rgb(class);
    Color32::from_rgb(r, g, b)
}

/// What the lane's diagnosis knows of missile `id`: its classes (what its flight shows
/// so far while it flies), its launch tick, and a line saying what they are. While the
/// past is on screen they are the live world's, which may know more than the tick
/// shown: the line says by which tick.
pub fn of(runs: &Runs, lane: usize, id: MissileId) -> Option<(Vec<Finding>, u64, String)> {
    let lane = runs.lanes.get(lane)?;
    // The live world: it knows the missile's end even while the past is on screen.
    let m = lane.world.missile(id)?;
    let found = lane.diagnosis.so_far(id);
    let live = lane.world.tick();
    // (A tick shown from the past is always before the live one.)
    let ahead = match runs.in_past() {
        true => format!(" (by the live tick {live}, ahead of the tick on screen)"),
        false => String::new(),
    };
    let line = if lane.diagnosis.is_forgotten(id) {
        "not diagnosed: the window holds at most a million samples of flights, and this \
         flight's were dropped"
            .to_string()
    } else {
        match m.metrics.outcome {
            Outcome::Hit { .. } => format!("hit{ahead}: no failure class"),
            Outcome::Missed(_) => format!("why it missed{ahead}; the first is the primary cause:"),
            Outcome::Flying if found.is_empty() => {
                format!("flying: no failure class so far{ahead}")
            }
            Outcome::Flying => format!("flying: what its flight shows so far{ahead}:"),
        }
    };
    Some((found, m.launched_tick, line))
}

/// The tick a finding starts at, for a missile launched at `launched`.
pub fn start_tick(finding: &Finding, launched: u64, dt: f32) -> u64 {
    launched + (finding.start / dt).round() as u64
}

/// The tick a finding ends at.
pub fn end_tick(finding: &Finding, launched: u64, dt: f32) -> u64 {
    launched + (finding.end / dt).round() as u64
}

/// The selected missile's classes as spans of ticks `(start, end, class)`, for the
/// timeline to shade.
pub fn spans(session: &Session) -> Vec<(u64, u64, Class)> {
    let Some(crate::app::session::Selection::Missile { lane, id }) = session.view.selected else {
        return Vec::new();
    };
    let Some((found, launched, _)) = of(&session.runs, lane, id) else {
        return Vec::new();
    };
    let dt = session.dt();
    found
        .iter()
        .map(|f| {
            (
                start_tick(f, launched, dt),
                end_tick(f, launched, dt),
                f.class,
            )
        })
        .collect()
}

/// The selected missile's classes, in the inspector: each with its evidence; a click on
/// the class jumps to where it started.
pub fn findings(ui: &mut egui::Ui, runs: &mut Runs, lane: usize, id: MissileId) {
    let Some((found, launched, line)) = of(runs, lane, id) else {
        return;
    };
    ui.separator();
    ui.label(RichText::new(line).strong());
    let dt = runs.dt();
    for finding in &found {
        ui.horizontal_wrapped(|ui| {
            let name = RichText::new(finding.class.id())
                .color(class_color32(finding.class))
                .strong();
            let tick = start_tick(finding, launched, dt);
            if ui
                .button(name)
                .on_hover_text(format!("jump to where it started (tick {tick})"))
                .clicked()
            {
                runs.scrub(tick);
            }
            ui.label(RichText::new(&finding.evidence).small());
        });
    }
}

/// The run's tally: per lane, its missiles, hits, and the misses each primary class
/// explains.
pub fn tally(runs: &Runs) -> Vec<String> {
    let mut out = Vec::new();
    for lane in &runs.lanes {
        let all = lane.world.all_missiles();
        let hits = all
            .iter()
            .filter(|m| matches!(m.metrics.outcome, Outcome::Hit { .. }))
            .count();
        let mut whys: BTreeMap<Class, usize> = BTreeMap::new();
        for m in &all {
            if let Some(class) = lane.diagnosis.why(m.id) {
                *whys.entry(class).or_default() += 1;
            }
        }
        let whys: Vec<String> = whys
            .iter()
            .map(|(c, n)| format!("{} {n}", c.id()))
            .collect();
        out.push(format!(
            "{}: {} missiles, {hits} hits{}",
            lane.label(),
            all.len(),
            if whys.is_empty() {
                String::new()
            } else {
                format!("; misses: {}", whys.join(", "))
            }
        ));
    }
    out
}

/// The "Why it missed" section: the tally, and the thresholds (an edit of the
/// scenario: every ended flight is diagnosed again at once).
pub fn section(ui: &mut egui::Ui, session: &mut Session) {
    egui::CollapsingHeader::new("Why it missed")
        .default_open(false)
        .show(ui, |ui| {
            for line in tally(&session.runs) {
                ui.label(line);
            }
            ui.label(style::help(
                "Select a missile to see its classes with their evidence; the timeline \
                 shades them. The classes and their thresholds: docs/diagnosis.md.",
            ));
            egui::CollapsingHeader::new("thresholds")
                .default_open(false)
                .show(ui, |ui| {
                    let mut thresholds = session.doc.scenario.diagnosis.clone();
                    if edit::described_fields(ui, &mut thresholds) {
                        session.set_thresholds(thresholds);
                    }
                });
        });
}

/// The breakpoints per class: pause when a missile shows one (as it ends, or while it
/// flies as soon as its flight so far shows it).
pub fn breakpoints(ui: &mut egui::Ui, classes: &mut Vec<Class>) {
    ui.label("pause when a missile shows:");
    ui.horizontal_wrapped(|ui| {
        for class in Class::ALL {
            let mut on = classes.contains(&class);
            let text = RichText::new(class.id()).color(class_color32(class));
            if ui.checkbox(&mut on, text).changed() {
                classes.retain(|c| *c != class);
                if on {
                    classes.push(class);
                    classes.sort();
                }
            }
        }
    });
}
