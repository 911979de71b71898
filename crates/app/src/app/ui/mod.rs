//! The egui side of the window: the side panel (transport, file, compare, algorithms,
//! scene, view, results, inspector, plots, breakpoints, exports), the timeline, the
//! file dialog and the help window, plus the keyboard shortcuts, read here so that text
//! fields and dialogs get their keys first.

#[cfg(not(target_arch = "wasm32"))]
mod attach;
mod code;
pub(crate) mod diagnosis;
mod edit;
mod embed;
mod file;
mod inspect;
mod params;
mod results;
mod scene;
pub mod shortcuts;
mod state;
pub mod style;
mod sweep;
mod symbols;
pub mod timeline;
mod widgets;

pub use state::{DialogPurpose, ExportPaths, PanelState};

use super::session::Session;
use egui_macroquad::egui::{self, RichText};
use shortcuts::WindowRequests;

/// The colour of help and description text (tests check its contrast).
pub use style::HELP as HELP_COLOR;

/// The side panel's width for a window `width` points wide: a quarter of it, within
/// 240..=380, so a small window keeps most of its width for the world view.
pub fn panel_width(width: f32) -> f32 {
    (width * 0.27).clamp(240.0, 380.0)
}

/// Below this width (points) the window opens with the side panel hidden.
pub const NARROW: f32 = 700.0;

/// What one pass of the panel leaves for the world view and asks of the window.
pub struct Output {
    /// The rectangle left for the world view.
    pub free: egui::Rect,
    pub requests: WindowRequests,
}

/// Draws the side panel, the timeline and the windows, after acting on the shortcuts;
/// returns the rectangle left for the world view and what the window should do.
pub fn show(ctx: &egui::Context, state: &mut PanelState, session: &mut Session) -> Output {
    // A high-density screen in the browser: egui-miniquad 0.16 tells egui the screen's
    // pixels per point only when it changes, not at the start, so egui drew at half
    // size (and its points were not the view's). Keep them equal.
    #[cfg(target_arch = "wasm32")]
    {
        let dpi = macroquad::window::screen_dpi_scale();
        if (ctx.pixels_per_point() - dpi).abs() > 1e-3 {
            ctx.set_pixels_per_point(dpi);
        }
    }
    if !state.styled {
        style::apply(ctx, state.panels_cleared);
        // A narrow screen (a phone) opens on the view; » brings the panel back.
        if ctx.screen_rect().width() < NARROW {
            state.panel_open = false;
        }
        // Names in scripts the built-in fonts lack (CJK), from a font of the system.
        // (The window said at its start why there is none, if there is none.)
        #[cfg(not(target_arch = "wasm32"))]
        let _ = crate::app::fonts::install_panel(ctx);
        state.styled = true;
    }
    let mut requests = WindowRequests::default();
    // Before any widget runs: a key typed into the field that has focus is the field's.
    let typing = ctx.wants_keyboard_input() || state.dialog_open();
    for action in ctx.input(|i| shortcuts::read(i, typing)) {
        // An article's embed has no panel and no file to save.
        if state.embed && !shortcuts::in_embed(action) {
            continue;
        }
        shortcuts::apply(action, session, &mut requests);
    }
    if state.embed {
        let free = embed::show(ctx, session);
        help_window(ctx, session);
        // (Its bar shows errors; what opened is the article's business.)
        return Output { free, requests };
    }
    if requests.toggle_panel {
        state.panel_open = !state.panel_open;
    }
    if requests.open {
        file::pick_file(state);
    }
    let width = panel_width(ctx.screen_rect().width());
    if state.panel_open {
        egui::SidePanel::left("steerlab-panel")
            .default_width(width)
            .width_range(200.0..=(ctx.screen_rect().width() * 0.6).max(200.0))
            .resizable(true)
            .show(ctx, |ui| {
                // The title row stays above the scrolling sections, so its « is never
                // under the scroll bar (and a touch screen, with no P key, can reach it).
                title_row(ui, state, session);
                // Both ways: content wider than the panel scrolls instead of widening the
                // panel frame after frame (the panel's width is the user's to drag).
                egui::ScrollArea::both()
                    .auto_shrink([false, false])
                    .show(ui, |ui| sections(ui, state, session));
            });
    } else {
        egui::SidePanel::left("steerlab-panel-closed")
            .exact_width(28.0)
            .resizable(false)
            .show(ctx, |ui| {
                if ui
                    .button("»")
                    .on_hover_text("show the side panel (P)")
                    .clicked()
                {
                    state.panel_open = true;
                }
            });
    }
    timeline::show(ctx, session);
    #[cfg(not(target_arch = "wasm32"))]
    file::dialog(ctx, state, session);
    sweep::window(ctx, session);
    help_window(ctx, session);
    let free = ctx.available_rect();
    toast(ctx, state, session, free);
    Output { free, requests }
}

/// How long a message stays over the view, in seconds (an error longer).
const TOAST_SECONDS: f64 = 6.0;
const TOAST_ERROR_SECONDS: f64 = 15.0;

/// The panel's newest message (an export written, a script's reload error) over the
/// top of the world view for a few seconds, where the user is looking, whatever part of
/// the panel is scrolled into view; a click dismisses it. The panel keeps it too.
fn toast(ctx: &egui::Context, state: &mut PanelState, session: &Session, view: egui::Rect) {
    let now = ctx.input(|i| i.time);
    if state.toast.0 != session.messages {
        state.toast = (session.messages.clone(), now);
    }
    let messages = &session.messages;
    let (text, color, seconds) = match (&messages.error, &messages.status) {
        (Some(error), _) => (error, style::ERROR, TOAST_ERROR_SECONDS),
        (None, Some(status)) => (status, style::HELP, TOAST_SECONDS),
        (None, None) => return,
    };
    let left = seconds - (now - state.toast.1);
    if left <= 0.0 {
        return;
    }
    ctx.request_repaint_after(std::time::Duration::from_secs_f64(left));
    let response = egui::Area::new(egui::Id::new("steerlab-toast"))
        .order(egui::Order::Foreground)
        .pivot(egui::Align2::CENTER_TOP)
        .fixed_pos(view.center_top() + egui::vec2(0.0, 36.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width((view.width() - 40.0).clamp(200.0, 640.0));
                ui.label(RichText::new(text).color(color))
                    .on_hover_text("click to dismiss");
            })
        })
        .response;
    if response.interact(egui::Sense::click()).clicked() {
        state.toast.1 = f64::NEG_INFINITY;
    }
}

/// The panel's title, whether the scenario has unsaved edits, and the button that hides
/// the panel.
fn title_row(ui: &mut egui::Ui, state: &mut PanelState, session: &Session) {
    ui.horizontal(|ui| {
        ui.heading("steerlab");
        if session.doc.dirty() {
            ui.label(RichText::new("(unsaved)").color(style::WARN));
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui
                .button("«")
                .on_hover_text("hide the side panel (P)")
                .clicked()
            {
                state.panel_open = false;
            }
        });
    });
}

fn sections(ui: &mut egui::Ui, state: &mut PanelState, session: &mut Session) {
    file::follow_document(state, session);
    params::transport(ui, session);
    ui.separator();
    file::section(ui, state, session);
    #[cfg(not(target_arch = "wasm32"))]
    attach::section(ui, &mut state.exports, session);
    sweep::section(ui, session);
    params::compare_section(ui, session);
    params::algorithms_section(ui, session, &state.exports);
    scene::scene_section(ui, session);
    scene::view_section(ui, session);
    results::section(ui, session);
    diagnosis::section(ui, session);
    state.scroll_to_plots |= std::mem::take(&mut session.view.reveal_plots);
    let selected = session.view.selected;
    let fly = inspect::inspector(
        ui,
        &mut session.runs,
        selected,
        &mut state.scroll_to_plots,
        &mut state.references,
    );
    if let Some(fly) = fly {
        session.fly_references(&fly.missile, fly.tick, &fly.algorithms);
    }
    if let Some(algorithm) = inspect::selected_law(&session.runs, selected) {
        ui.label(style::help(format!(
            "The selected missile's law, {}, as code:",
            algorithm.id()
        )));
        code::row(ui, &state.exports, session, algorithm);
    }
    inspect::plots(ui, &mut session.runs, &mut state.scroll_to_plots);
    let runs = &mut session.runs;
    inspect::breakpoints(
        ui,
        &mut runs.breakpoints,
        &mut state.pause_tick,
        runs.paused_by.as_deref(),
    );
    inspect::exports(ui, &mut state.exports, session, selected);
}

fn help_window(ctx: &egui::Context, session: &mut Session) {
    // It scrolls: at 800 x 600 the shortcuts and the symbols are taller than the window
    // (its title bar and margins take about 60 points).
    let tall = (ctx.screen_rect().height() - 90.0).max(120.0);
    egui::Window::new("Keyboard shortcuts and symbols")
        .open(&mut session.view.help_open)
        .resizable(false)
        .default_width(520.0)
        .default_pos(egui::pos2(60.0, 20.0))
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(tall)
                .show(ui, help_contents);
        });
}

fn help_contents(ui: &mut egui::Ui) {
    egui::Grid::new("keys").num_columns(2).show(ui, |ui| {
        for (key, what) in shortcuts::SHORTCUTS {
            ui.label(RichText::new(*key).monospace().strong());
            ui.label(*what);
            ui.end_row();
        }
    });
    ui.separator();
    ui.label(RichText::new("Symbols in the view").strong());
    egui::Grid::new("symbols").num_columns(2).show(ui, |ui| {
        for symbol in crate::scene::Symbol::all() {
            symbols::sample(ui, symbol);
            ui.label(symbol.meaning());
            ui.end_row();
        }
    });
    ui.separator();
    ui.label(RichText::new("Overlays (the View section)").strong());
    egui::Grid::new("overlays").num_columns(2).show(ui, |ui| {
        for overlay in &crate::core::overlay::OVERLAYS {
            ui.label(RichText::new(overlay.label).strong());
            ui.label(overlay.help);
            ui.end_row();
        }
    });
}
