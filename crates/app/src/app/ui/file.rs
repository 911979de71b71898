//! The Scenario section: its name and description, open (by path, dialog, recent list
//! or the shipped scenarios), save, save as, revert, copy a link, and the last error or
//! message. A file that fails to open leaves the open scenario exactly as it was and
//! says why. In the browser, Open… uploads and Save and Save As… download.

#[cfg(not(target_arch = "wasm32"))]
use super::state::DialogPurpose;
use super::state::PanelState;
use super::style::{self, ERROR};
use super::widgets::field_and_button;
use crate::app::session::Session;
use crate::scenario::{self, presets};
use egui_macroquad::egui::{self, RichText};
use std::path::{Path, PathBuf};

pub fn section(ui: &mut egui::Ui, state: &mut PanelState, session: &mut Session) {
    egui::CollapsingHeader::new("Scenario")
        .default_open(true)
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label("name");
                // Edited on a copy: the scenario is borrowed to be changed only when it
                // is (each such borrow makes the document compare itself with its file).
                let mut name = session.doc.scenario.name.clone();
                let field = ui
                    .add(egui::TextEdit::singleline(&mut name).desired_width(ui.available_width()));
                if field.changed() {
                    session.doc.scenario.name = name;
                }
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
            // A recording (or a live game's view) is not saved or linked as a scenario.
            let read_only = session.replays();
            const READ_ONLY: &str = "a recording opens read-only: its missiles fly from its file";
            ui.horizontal_wrapped(|ui| {
                if ui.button("Open…").on_hover_text(OPEN_HELP).clicked() {
                    pick_file(state);
                }
                let save_button = ui
                    .add_enabled(
                        session.doc.path.is_some() && !read_only,
                        egui::Button::new("Save"),
                    )
                    .on_hover_text("Ctrl+S")
                    .on_disabled_hover_text(READ_ONLY);
                if save_button.clicked() {
                    if let Some(path) = session.doc.path.clone() {
                        save(session, &path);
                    }
                }
                let save_as_button = ui.add_enabled(!read_only, egui::Button::new("Save As…"));
                if save_as_button.on_disabled_hover_text(READ_ONLY).clicked() {
                    save_as(state, session);
                }
                if ui
                    .add_enabled(session.doc.dirty(), egui::Button::new("Revert"))
                    .clicked()
                {
                    session.revert();
                }
            });
            ui.horizontal_wrapped(|ui| {
                shipped_menu(ui, session);
                if ui
                    .add_enabled(!read_only, egui::Button::new("Copy link"))
                    .on_hover_text("the whole scenario as a link to the web build")
                    .on_disabled_hover_text(READ_ONLY)
                    .clicked()
                {
                    copy_link(ui.ctx(), state, session);
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
    show_open_file(state, session);
}

/// The path box shows the open file (empty for a shipped scenario, a link, a sweep's
/// cell), whatever opened it: this panel, the page's upload, a shortcut.
pub fn follow_document(state: &mut PanelState, session: &Session) {
    if state.opened_seen != session.doc.opened {
        show_open_file(state, session);
    }
}

fn show_open_file(state: &mut PanelState, session: &Session) {
    state.opened_seen = session.doc.opened;
    state.path_text = session
        .doc
        .path
        .as_ref()
        .map(|p| p.display().to_string())
        .unwrap_or_default();
}

#[cfg(not(target_arch = "wasm32"))]
const OPEN_HELP: &str = "a scenario (.ron) or a game's recording (.csv)";
#[cfg(target_arch = "wasm32")]
const OPEN_HELP: &str = "upload a scenario (.ron) or a recording (.csv), with the scripts it names";

/// Asks for a file to open: the file dialog, or the browser's upload.
pub fn pick_file(state: &mut PanelState) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        state.purpose = Some(DialogPurpose::Open);
        state.dialog.pick_file();
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = state;
        crate::app::web::js::upload();
    }
}

/// Asks where to save: the file dialog, or (the browser) a download named after the
/// open file or the scenario.
fn save_as(state: &mut PanelState, session: &mut Session) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        // A shipped scenario or a link has no file: its name suggests one.
        if session.doc.path.is_none() {
            state.dialog.config_mut().default_file_name = file_name_for(&session.doc.scenario.name);
        }
        // Beside the open scenario (else the home folder), not wherever steerlab started.
        state.dialog.config_mut().initial_directory = crate::app::session::document_folder(session);
        state.purpose = Some(DialogPurpose::SaveAs);
        state.dialog.save_file();
    }
    #[cfg(target_arch = "wasm32")]
    {
        let name = session
            .doc
            .path
            .as_deref()
            .and_then(Path::file_name)
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| file_name_for(&session.doc.scenario.name));
        save(session, Path::new(&name));
        state.path_text = name;
    }
}

/// Where Save As… writes the name picked in the dialog: a name typed without an
/// extension gets `.ron`, so that the file opens again as a scenario. The dialog asked
/// before replacing the name as typed, not the one with `.ron`: a file already there
/// under that name is not replaced (the error says how to replace it).
#[cfg(not(target_arch = "wasm32"))]
fn save_path(picked: &Path) -> Result<PathBuf, String> {
    if picked.extension().is_some() {
        return Ok(picked.to_path_buf());
    }
    let path = picked.with_extension("ron");
    match path.exists() {
        true => Err(format!(
            "did not save: {} is already there (pick it in the dialog, or type its whole \
             name, to replace it)",
            path.display()
        )),
        false => Ok(path),
    }
}

/// A file name made from a scenario's name: `My case!` is `my-case.ron`.
fn file_name_for(name: &str) -> String {
    let mut slug = String::new();
    for c in name.chars() {
        if c.is_alphanumeric() {
            slug.extend(c.to_lowercase());
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    let slug = slug.trim_end_matches('-');
    if slug.is_empty() {
        "scenario.ron".into()
    } else {
        format!("{slug}.ron")
    }
}

/// The shipped scenarios, to open one.
fn shipped_menu(ui: &mut egui::Ui, session: &mut Session) {
    let mut chosen = None;
    ui.menu_button("Shipped scenarios ⏷", |ui| {
        for (name, text) in presets::SHIPPED {
            if ui.button(*name).clicked() {
                chosen = Some((*name, *text));
                ui.close_menu();
            }
        }
    });
    if let Some((name, text)) = chosen {
        match scenario::parse(text, name) {
            Ok(scenario) => session.open_unsaved(scenario, name),
            Err(errors) => session.messages.error = Some(errors.to_string()),
        }
    }
}

/// The address of the web build a desktop link points to (`STEERLAB_WEB`, else the
/// address `web/serve.sh` serves it at).
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn web_address() -> String {
    std::env::var("STEERLAB_WEB")
        .ok()
        .filter(|a| !a.trim().is_empty())
        .unwrap_or_else(|| "http://127.0.0.1:8000/".into())
}

/// Puts the scenario's link on the clipboard (the browser: in the address bar too).
fn copy_link(ctx: &egui::Context, state: &mut PanelState, session: &mut Session) {
    let fragment = match session.link() {
        Ok(fragment) => fragment,
        Err(why) => {
            session.messages.error = Some(format!("no link: {why}"));
            return;
        }
    };
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = state;
        let link = format!("{}#{fragment}", web_address());
        session.messages.status = Some(format!("link copied ({} characters)", link.len()));
        ctx.copy_text(link);
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = ctx;
        state.link_request = Some(fragment);
    }
}

/// Shows the file dialog and acts on what it picked.
#[cfg(not(target_arch = "wasm32"))]
pub fn dialog(ctx: &egui::Context, state: &mut PanelState, session: &mut Session) {
    if state.dialog_open() {
        hold_enter(ctx, &mut state.enter_held);
    }
    state.dialog.update(ctx);
    if let Some(path) = state.dialog.take_picked() {
        match state.purpose.take() {
            Some(DialogPurpose::Open) => open(state, session, &path),
            Some(DialogPurpose::SaveAs) => match save_path(&path) {
                Ok(path) => {
                    save(session, &path);
                    state.path_text = path.display().to_string();
                }
                Err(why) => session.messages.error = Some(why),
            },
            None => {}
        }
    }
}

/// egui-file-dialog 0.10 acts on Enter (its key bindings run first in its `update`)
/// before its path field takes the characters typed in the same frame: a path typed
/// fast, whose last characters arrived with the Enter, was opened without them. So an
/// Enter that comes with typed text is held back one frame, until the field has the
/// whole path. `held` carries it to the next frame.
#[cfg(not(target_arch = "wasm32"))]
pub fn hold_enter(ctx: &egui::Context, held: &mut bool) {
    let enter = |e: &egui::Event| {
        matches!(
            e,
            egui::Event::Key {
                key: egui::Key::Enter,
                ..
            }
        )
    };
    ctx.input_mut(|i| {
        if std::mem::take(held) {
            i.events.push(egui::Event::Key {
                key: egui::Key::Enter,
                physical_key: None,
                pressed: true,
                repeat: false,
                modifiers: egui::Modifiers::NONE,
            });
        } else if i.events.iter().any(|e| matches!(e, egui::Event::Text(_)))
            && i.events.iter().any(enter)
        {
            i.events.retain(|e| !enter(e));
            *held = true;
        }
    });
}

/// Saves, showing a failure in the panel (the file on disk is as it was).
pub fn save(session: &mut Session, path: &Path) {
    if let Err(e) = session.save_as(path) {
        session.messages.error = Some(format!("could not save {e}"));
    }
}

#[cfg(test)]
mod tests {
    use super::file_name_for;

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn an_enter_typed_with_text_waits_one_frame_and_an_enter_alone_does_not() {
        use egui_macroquad::egui::{self, Event, Key, Modifiers, RawInput};
        let ctx = egui::Context::default();
        let key = |pressed| Event::Key {
            key: Key::Enter,
            physical_key: None,
            pressed,
            repeat: false,
            modifiers: Modifiers::NONE,
        };
        let pass = |events: Vec<Event>, held: &mut bool| {
            let mut pressed = false;
            let input = RawInput {
                events,
                ..Default::default()
            };
            let _ = ctx.run(input, |ctx| {
                super::hold_enter(ctx, held);
                pressed = ctx.input(|i| i.key_pressed(Key::Enter));
            });
            pressed
        };
        let mut held = false;
        // "/tmp/x" and Enter in one frame: no Enter yet; the text stays.
        let typed = vec![Event::Text("/tmp/x".into()), key(true), key(false)];
        assert!(!pass(typed, &mut held));
        assert!(held);
        // The next frame has it.
        assert!(pass(Vec::new(), &mut held));
        assert!(!held);
        // An Enter on its own acts at once.
        assert!(pass(vec![key(true)], &mut held));
        assert!(!held);
    }

    #[test]
    fn a_scenario_name_makes_a_file_name() {
        assert_eq!(file_name_for("My case!"), "my-case.ron");
        assert_eq!(file_name_for("  Lunar  Blast (A) "), "lunar-blast-a.ron");
        assert_eq!(file_name_for("über Größe"), "über-größe.ron");
        assert_eq!(file_name_for("!!!"), "scenario.ron");
        assert_eq!(file_name_for(""), "scenario.ron");
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn save_as_adds_ron_to_a_name_without_an_extension_and_replaces_no_file_by_it() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("runs.v2");
        std::fs::create_dir(&folder).unwrap();
        // Typed without an extension: `.ron` (the folder's dot is not the name's).
        let mine = folder.join("mine");
        let save_path = super::save_path;
        assert_eq!(save_path(&mine), Ok(folder.join("mine.ron")));
        // With one, as typed (the dialog asked before replacing it).
        for name in ["mine.txt", "mine.ron", "mine."] {
            assert_eq!(save_path(&folder.join(name)), Ok(folder.join(name)));
        }
        // `old.ron` is there: `old` does not replace it, and says how to.
        std::fs::write(folder.join("old.ron"), "kept").unwrap();
        let why = save_path(&folder.join("old")).unwrap_err();
        let named = folder.join("old.ron").display().to_string();
        assert!(
            why.contains(&named) && why.contains("type its whole name"),
            "{why}"
        );
        assert_eq!(
            std::fs::read_to_string(folder.join("old.ron")).unwrap(),
            "kept"
        );
    }
}
