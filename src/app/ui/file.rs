//! The Scenario section: its name and description, open (by path, dialog or recent
//! list), save, save as, revert, and the last error or message. A file that fails to
//! open leaves the open scenario exactly as it was and says why.

use super::state::{DialogPurpose, PanelState};
use super::style::{self, ERROR};
use super::widgets::field_and_button;
use crate::app::session::Session;
use egui_macroquad::egui::{self, RichText};
use std::path::{Path, PathBuf};

pub fn section(ui: &mut egui::Ui, state: &mut PanelState, session: &mut Session) {
    egui::CollapsingHeader::new("Scenario")
        .default_open(true)
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label("name");
                ui.add(
                    egui::TextEdit::singleline(&mut session.doc.scenario.name)
                        .desired_width(ui.available_width()),
                );
            });
            if !session.doc.scenario.description.is_empty() {
                ui.label(style::help(&session.doc.scenario.description));
            }
            // The button first, from the right; the field takes what is left.
            let (button, field) = field_and_button(ui, &mut state.path_text, "Open path");
            let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if button.clicked() || enter {
                open(state, session, &PathBuf::from(state.path_text.trim()));
            }
            ui.horizontal_wrapped(|ui| {
                if ui.button("Open…").clicked() {
                    state.purpose = Some(DialogPurpose::Open);
                    state.dialog.pick_file();
                }
                let save_button = ui
                    .add_enabled(session.doc.path.is_some(), egui::Button::new("Save"))
                    .on_hover_text("Ctrl+S");
                if save_button.clicked() {
                    if let Some(path) = session.doc.path.clone() {
                        save(session, &path);
                    }
                }
                if ui.button("Save As…").clicked() {
                    state.purpose = Some(DialogPurpose::SaveAs);
                    state.dialog.save_file();
                }
                if ui
                    .add_enabled(session.doc.dirty(), egui::Button::new("Revert"))
                    .clicked()
                {
                    session.revert();
                }
            });
            if !session.doc.recent.is_empty() {
                let mut chosen = None;
                egui::ComboBox::from_id_salt("recent")
                    .selected_text("Recent files")
                    .show_ui(ui, |ui| {
                        for path in &session.doc.recent {
                            if ui
                                .selectable_label(false, path.display().to_string())
                                .clicked()
                            {
                                chosen = Some(path.clone());
                            }
                        }
                    });
                if let Some(path) = chosen {
                    open(state, session, &path);
                }
            }
            if let Some(error) = &session.messages.error {
                ui.colored_label(ERROR, RichText::new(error).monospace());
                if ui.small_button("dismiss").clicked() {
                    session.messages.error = None;
                }
            } else if let Some(status) = &session.messages.status {
                ui.label(style::help(status));
            }
        });
}

/// Opens a file. The path box then shows the file that is open: after a failure, the
/// error names the path that failed, and the box goes back to the open file.
fn open(state: &mut PanelState, session: &mut Session, path: &Path) {
    if let Err(errors) = session.open(path) {
        session.messages.error = Some(errors.to_string());
    }
    state.path_text = session
        .doc
        .path
        .as_ref()
        .map(|p| p.display().to_string())
        .unwrap_or_default();
}

/// Shows the file dialog and acts on what it picked.
pub fn dialog(ctx: &egui::Context, state: &mut PanelState, session: &mut Session) {
    state.dialog.update(ctx);
    if let Some(path) = state.dialog.take_picked() {
        match state.purpose.take() {
            Some(DialogPurpose::Open) => open(state, session, &path),
            Some(DialogPurpose::SaveAs) => {
                save(session, &path);
                state.path_text = path.display().to_string();
            }
            None => {}
        }
    }
}

/// Saves, showing a failure in the panel (the file on disk is as it was).
pub fn save(session: &mut Session, path: &Path) {
    if let Err(e) = session.save_as(path) {
        session.messages.error = Some(format!("could not save {e}"));
    }
}
