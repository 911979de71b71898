//! Export code: a law's file in the chosen language under the open scenario's tuning,
//! with its test vectors and its generated test (docs/export.md), written into the
//! Export section's folder (in the browser: downloads). Shown in each algorithm's
//! section and under the inspector for the selected missile's law.

use super::state::ExportPaths;
use super::style;
use crate::app::session::Session;
use crate::export::{self, Lang};
use crate::guidance::Algorithm;
use egui_macroquad::egui;

/// The language choice and the button; for a law that cannot be exported, why not.
pub fn row(ui: &mut egui::Ui, exports: &ExportPaths, session: &mut Session, algorithm: Algorithm) {
    if let Some(why) = export::refusal(algorithm) {
        ui.label(style::help(why));
        return;
    }
    ui.horizontal(|ui| {
        let lang = &mut session.view.export_lang;
        egui::ComboBox::from_id_salt(("export language", algorithm.id()))
            .selected_text(lang.name())
            .show_ui(ui, |ui| {
                for choice in Lang::ALL {
                    ui.selectable_value(lang, choice, choice.name());
                }
            });
        let button = ui.button("Export code").on_hover_text(
            "this law with the scenario's tuned values as code, its test vectors from a run \
             of the scenario, and a test that replays them (into the Export section's folder)",
        );
        if button.clicked() {
            export_now(exports, session, algorithm);
        }
    });
    if let Some(why) = export::refusal(algorithm) {
        ui.label(style::help(why));
    }
}

fn export_now(exports: &ExportPaths, session: &mut Session, algorithm: Algorithm) {
    let lang = session.view.export_lang;
    let link = link(session);
    let written = session.export_code(algorithm, lang, link.as_deref(), |name| {
        exports.resolve(name, session)
    });
    match written {
        Ok(paths) => {
            let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
            session.messages.status = Some(format!("wrote {}", names.join(", ")));
        }
        Err(why) => session.messages.error = Some(format!("export code: {why}")),
    }
}

/// The link that reproduces the tuning, for the code's header (the desktop's web
/// address; the browser's page cannot be named from here, so none).
fn link(session: &Session) -> Option<String> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        session
            .link()
            .ok()
            .map(|fragment| format!("{}#{fragment}", super::file::web_address()))
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = session;
        None
    }
}
