//! Keyboard shortcuts: one table (shown in the help window and checked against the
//! README by a test) and one place that reads them. They are read from egui's input at
//! the start of the egui pass, so a key typed into a text field (a `.` in a number, an
//! `R` in a name) or a dialog never reaches them: while egui has keyboard focus or a
//! dialog is open, only Escape acts (it closes the help window and dialogs).

use crate::app::session::{Layout, Session, MAX_SPEED, MIN_SPEED};
use egui_macroquad::egui::{self, Key};

/// What a shortcut does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    PlayPause,
    Step,
    StepBack,
    Restart,
    Launch,
    ToggleCompare,
    ToggleLayout,
    Fit,
    CycleFollow,
    Faster,
    Slower,
    Help,
    Save,
    Open,
    Undo,
    TogglePanel,
    /// Close the help window and dialogs.
    Close,
}

/// The shortcuts, for the help window and the README (a test checks both list them).
pub const SHORTCUTS: &[(&str, &str)] = &[
    ("Space", "play / pause (from the past: branch and play)"),
    (
        ". or Right",
        "single step (in the past: the next recorded tick)",
    ),
    ("Left", "one tick back in the recorded past"),
    ("R", "restart (all panes)"),
    ("L", "launch a volley from the selected launcher"),
    ("C", "compare mode on / off"),
    ("V", "overlay / split panes"),
    ("F", "fit the world in view (the camera stops following)"),
    (
        "G",
        "camera: fixed, fit the action, keep the action in view, follow the selection (in turn)",
    ),
    ("+ / -", "faster / slower"),
    ("P", "hide / show the side panel"),
    ("F1 or ?", "this window"),
    (
        "Escape",
        "close this window (first), the sweep window and dialogs",
    ),
    ("Ctrl+S", "save"),
    (
        "Ctrl+O",
        "open a scenario or a recording (in the browser: upload)",
    ),
    ("Ctrl+Z", "undo the last placed target or scenario edit"),
    (
        "left drag",
        "drag a target (becomes driven; intercepts lead it) or an obstacle",
    ),
    (
        "left click",
        "select a missile, target, launcher or obstacle",
    ),
    ("Shift + left click", "place a target on empty space"),
    ("Ctrl + left click", "place a terrain circle on empty space"),
    ("right or middle drag", "pan"),
    ("wheel", "zoom at the mouse (over the panel: scroll it)"),
];

/// The shortcut actions in this pass's input. `typing`: a text field has focus or a
/// dialog is open (then only Escape counts).
pub fn read(input: &egui::InputState, typing: bool) -> Vec<Action> {
    let mut actions = Vec::new();
    let command = input.modifiers.command || input.modifiers.ctrl;
    for event in &input.events {
        let action = match event {
            egui::Event::Key {
                key: Key::Escape,
                pressed: true,
                ..
            } => Some(Action::Close),
            _ if typing => None,
            egui::Event::Key {
                key,
                pressed: true,
                repeat,
                modifiers,
                ..
            } => {
                let command = command || modifiers.command || modifiers.ctrl;
                match key {
                    Key::S if command => Some(Action::Save),
                    Key::O if command => Some(Action::Open),
                    Key::Z if command => Some(Action::Undo),
                    _ if command => None,
                    Key::Space if !repeat => Some(Action::PlayPause),
                    Key::ArrowRight => Some(Action::Step),
                    Key::ArrowLeft => Some(Action::StepBack),
                    Key::R if !repeat => Some(Action::Restart),
                    Key::L if !repeat => Some(Action::Launch),
                    Key::C if !repeat => Some(Action::ToggleCompare),
                    Key::V if !repeat => Some(Action::ToggleLayout),
                    Key::F if !repeat => Some(Action::Fit),
                    Key::G if !repeat => Some(Action::CycleFollow),
                    Key::P if !repeat => Some(Action::TogglePanel),
                    Key::F1 if !repeat => Some(Action::Help),
                    _ => None,
                }
            }
            // Characters that depend on the keyboard layout come as text.
            egui::Event::Text(text) if !command => match text.as_str() {
                "." => Some(Action::Step),
                "?" => Some(Action::Help),
                "+" | "=" => Some(Action::Faster),
                "-" => Some(Action::Slower),
                _ => None,
            },
            _ => None,
        };
        actions.extend(action);
    }
    actions
}

/// Whether an action works in an article's embed (which has no side panel, no file to
/// open or save and no edits to undo).
pub fn in_embed(action: Action) -> bool {
    !matches!(
        action,
        Action::Save | Action::Open | Action::Undo | Action::TogglePanel
    )
}

/// What an action asks of the window beyond the session.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WindowRequests {
    pub fit: bool,
    pub toggle_panel: bool,
    /// Open… (the file dialog, or the browser's upload).
    pub open: bool,
}

/// Carries out an action on the session.
pub fn apply(action: Action, session: &mut Session, requests: &mut WindowRequests) {
    match action {
        Action::PlayPause => session.runs.playing = !session.runs.playing,
        Action::Step => session.single_step(),
        Action::StepBack => session.step_back(),
        Action::Restart => session.restart(),
        Action::Launch => session.launch(),
        Action::ToggleCompare => {
            session.set_compare(!session.runs.compare);
            requests.fit = true;
        }
        Action::ToggleLayout => {
            session.view.layout = match session.view.layout {
                Layout::Overlay => Layout::Split,
                Layout::Split => Layout::Overlay,
            };
            requests.fit = true;
        }
        Action::Fit => {
            session.view.follow = crate::app::session::Follow::Fixed;
            requests.fit = true;
        }
        Action::CycleFollow => {
            session.view.follow = session.view.follow.next();
            session.messages.status = Some(format!("camera: {}", session.view.follow.label()));
        }
        Action::Faster => session.runs.speed = (session.runs.speed * 1.5).min(MAX_SPEED),
        Action::Slower => session.runs.speed = (session.runs.speed / 1.5).max(MIN_SPEED),
        Action::Help => session.view.help_open = !session.view.help_open,
        Action::Save => match session.doc.path.clone() {
            Some(path) => super::file::save(session, &path),
            None => {
                session.messages.status = Some("no file yet: use Save As… in the panel".into());
            }
        },
        Action::Open => requests.open = true,
        Action::Undo => session.undo(),
        Action::TogglePanel => requests.toggle_panel = true,
        // The file dialog closes itself on Escape; of the help and the sweep windows,
        // the help (drawn over it) closes first.
        Action::Close => {
            if session.view.help_open {
                session.view.help_open = false;
            } else {
                session.sweeps.open = false;
            }
        }
    }
}
