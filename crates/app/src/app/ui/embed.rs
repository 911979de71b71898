//! An article's embed (the web build's `?embed`): the view, and above it one bar with
//! play, restart and the sliders the scenario's `embed:` section names, sized to the
//! iframe. A scenario without the section gets play and restart alone.

use super::params;
use super::style::ERROR;
use crate::app::render::colors::algorithm_color32;
use crate::app::session::Session;
use crate::scenario::view::embed_slider;
use egui_macroquad::egui::{self, RichText};

/// Draws the bar; returns the rectangle left for the view.
pub fn show(ctx: &egui::Context, session: &mut Session) -> egui::Rect {
    egui::TopBottomPanel::top("steerlab-embed").show(ctx, |ui| {
        ui.horizontal_wrapped(|ui| {
            let play = if session.runs.playing {
                "⏸ Pause"
            } else {
                "▶ Play"
            };
            if ui.button(play).clicked() {
                session.runs.playing = !session.runs.playing;
            }
            if ui.button("⟲ Restart").clicked() {
                session.restart();
            }
            ui.label(RichText::new(&session.doc.scenario.name).strong());
        });
        let sliders = session
            .doc
            .scenario
            .embed
            .as_ref()
            .map(|e| e.sliders.clone())
            .unwrap_or_default();
        for name in sliders {
            match embed_slider(&name, &session.doc.scenario.algorithms) {
                Ok((algorithm, param)) => {
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(algorithm.id()).color(algorithm_color32(algorithm)));
                        params::edit_param(ui, session, algorithm, param);
                    });
                }
                // A scenario that opened has valid names; say so rather than hide it.
                Err(why) => {
                    ui.colored_label(ERROR, format!("{name}: {why}"));
                }
            }
        }
        if let Some(error) = &session.messages.error {
            ui.colored_label(ERROR, RichText::new(error).small());
        }
    });
    ctx.available_rect()
}
