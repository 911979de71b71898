//! Transport (play, step, restart, launch, speed), the Compare section, and one section
//! per algorithm with widgets generated from its parameter description.

use super::edit;
use super::style::{self, WARN};
use crate::app::render::colors::algorithm_color32;
use crate::app::session::{Layout, Session, MAX_SPEED, MIN_SPEED};
use crate::guidance::{Algorithm, Applies};
use egui_macroquad::egui::{self, RichText};

pub fn transport(ui: &mut egui::Ui, session: &mut Session) {
    ui.horizontal_wrapped(|ui| {
        let play = if session.runs.playing {
            "⏸ Pause"
        } else {
            "▶ Play"
        };
        if ui.button(play).on_hover_text("Space").clicked() {
            session.runs.playing = !session.runs.playing;
        }
        if ui
            .button("Step")
            .on_hover_text(". or Right arrow")
            .clicked()
        {
            session.single_step();
        }
        if ui.button("Restart").on_hover_text("R").clicked() {
            session.restart();
        }
        if ui
            .button("Launch")
            .on_hover_text("L: one missile per algorithm from the selected launcher")
            .clicked()
        {
            session.launch();
        }
    });
    ui.add(
        egui::Slider::new(&mut session.runs.speed, MIN_SPEED..=MAX_SPEED)
            .logarithmic(true)
            .text("speed ×"),
    );
    ui.label(format!(
        "tick {}   t = {:.3} s   dt = {:.4} s",
        session.tick(),
        session.time(),
        session.dt()
    ));
    if let Some(reason) = &session.runs.paused_by {
        ui.label(RichText::new(format!("⏸ breakpoint: {reason}")).color(style::PAUSED));
    }
}

pub fn compare_section(ui: &mut egui::Ui, session: &mut Session) {
    egui::CollapsingHeader::new("Compare")
        .default_open(true)
        .show(ui, |ui| {
            let mut compare = session.runs.compare;
            if ui
                .checkbox(&mut compare, "side by side: one run per algorithm (C)")
                .changed()
            {
                session.set_compare(compare);
            }
            ui.horizontal_wrapped(|ui| {
                ui.label("layout (V)");
                ui.radio_value(&mut session.view.layout, Layout::Overlay, "overlay");
                ui.radio_value(&mut session.view.layout, Layout::Split, "split panes");
            });
            ui.label("algorithms compared:");
            let mut compared = session.doc.scenario.compared();
            let mut changed = false;
            ui.horizontal_wrapped(|ui| {
                for algorithm in session.doc.scenario.algorithms.algorithms() {
                    let mut on = compared.contains(&algorithm);
                    let text = RichText::new(algorithm.id()).color(algorithm_color32(algorithm));
                    if ui.checkbox(&mut on, text).changed() {
                        changed = true;
                        if on {
                            compared.push(algorithm);
                        } else {
                            compared.retain(|a| *a != algorithm);
                        }
                    }
                }
            });
            if changed && !compared.is_empty() {
                compared.sort();
                session.edit_scenario(|s| s.compare = compared);
            }
        });
}

pub fn algorithms_section(ui: &mut egui::Ui, session: &mut Session) {
    egui::CollapsingHeader::new("Algorithms")
        .default_open(true)
        .show(ui, |ui| {
            for algorithm in session.doc.scenario.algorithms.algorithms() {
                let title = RichText::new(format!("■ {}", algorithm.id()))
                    .color(algorithm_color32(algorithm))
                    .strong();
                egui::CollapsingHeader::new(title)
                    .id_salt(algorithm.id())
                    .default_open(false)
                    .show(ui, |ui| algorithm_params(ui, session, algorithm));
            }
        });
}

fn algorithm_params(ui: &mut egui::Ui, session: &mut Session, algorithm: Algorithm) {
    ui.label(style::help(algorithm.summary()));
    for spec in algorithm.params() {
        edit_param(ui, session, algorithm, spec.name);
        let tag = match spec.applies {
            Applies::Live => "live",
            Applies::NextLaunch => "next launch",
        };
        ui.label(style::help(format!("   {tag}: {}", spec.help)));
    }
    for note in session
        .doc
        .scenario
        .algorithms
        .notes(algorithm, session.dt())
    {
        ui.label(RichText::new(note).color(WARN));
    }
}

/// The widget of one of an algorithm's parameters; a change applies to the session and
/// says when it takes effect.
pub fn edit_param(ui: &mut egui::Ui, session: &mut Session, algorithm: Algorithm, name: &str) {
    let Some(spec) = algorithm.params().iter().find(|s| s.name == name) else {
        return;
    };
    let Some(value) = session.doc.scenario.algorithms.get(algorithm, spec.name) else {
        return;
    };
    ui.push_id((algorithm.id(), spec.name), |ui| {
        if let Some(new) = edit::value_widget(ui, spec, value, &[], edit::Style::Slider) {
            match session.set_param(algorithm, spec.name, new) {
                Ok(()) => {
                    session.messages.status = Some(match spec.applies {
                        Applies::Live => format!(
                            "{algorithm}.{}: applies live to missiles in flight",
                            spec.name
                        ),
                        Applies::NextLaunch => {
                            format!("{algorithm}.{}: applies to the next launch", spec.name)
                        }
                    })
                }
                Err(e) => session.messages.error = Some(e),
            }
        }
    });
}
