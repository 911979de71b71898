//! The egui side panel: transport (play, step, restart, speed), the scenario file
//! (open, save, save as, recent, revert, errors), compare mode, one section per
//! algorithm with sliders generated from its parameter description, targets and
//! launchers, overlays, the live results table, the legend and the help window.

use super::colors::algorithm_color32;
use super::edit;
use super::session::{Layout, Selection, Session, MAX_SPEED, MIN_SPEED};
use super::{inspect, timeline};
use crate::guidance::{Algorithm, Applies, ParamKind, ParamSpec, ParamValue};
use crate::sim::Outcome;
use egui_file_dialog::FileDialog;
use egui_macroquad::egui::{self, Color32, RichText};
use std::path::PathBuf;

/// What the file dialog was opened for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DialogPurpose {
    Open,
    SaveAs,
}

/// Panel state that is not the session's: the file dialog and the path being typed.
pub struct PanelState {
    dialog: FileDialog,
    purpose: Option<DialogPurpose>,
    /// The path field (type a path and press Enter or Open path).
    pub path_text: String,
    /// Request to fit the camera to the world (set by the View section).
    pub fit_requested: bool,
    /// Where the selected missile's telemetry is exported.
    pub telemetry_path: String,
    /// Where the view is exported as PNG, and a pending request to do it.
    pub png_path: String,
    pub png_request: Option<PathBuf>,
}

impl PanelState {
    pub fn new(session: &Session) -> Self {
        Self {
            dialog: FileDialog::new()
                .add_file_filter_extensions("Scenario (.ron)", vec!["ron"])
                .default_file_filter("Scenario (.ron)")
                .add_save_extension("Scenario", "ron")
                .default_save_extension("Scenario"),
            purpose: None,
            path_text: session
                .path
                .as_ref()
                .map(|p| p.display().to_string())
                .unwrap_or_default(),
            fit_requested: false,
            telemetry_path: "steerlab-telemetry.csv".into(),
            png_path: "steerlab-view.png".into(),
            png_request: None,
        }
    }
}

/// Width of the panel when first shown.
pub const PANEL_WIDTH: f32 = 380.0;

/// Draws the side panel, the timeline and the help window; returns the rectangle left
/// for the world view.
pub fn show(ctx: &egui::Context, state: &mut PanelState, session: &mut Session) -> egui::Rect {
    egui::SidePanel::left("steerlab-panel")
        .default_width(PANEL_WIDTH)
        .resizable(true)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                transport(ui, session);
                ui.separator();
                scenario_section(ui, state, session);
                compare_section(ui, session);
                algorithms_section(ui, session);
                scene_section(ui, session);
                view_section(ui, state, session);
                results_section(ui, session);
                inspect::inspector(ui, session);
                inspect::plots(ui, session);
                inspect::breakpoints(ui, session);
                inspect::exports(ui, state, session);
            });
        });
    timeline::show(ctx, session);
    file_dialog(ctx, state, session);
    help_window(ctx, session);
    ctx.available_rect()
}

fn transport(ui: &mut egui::Ui, session: &mut Session) {
    ui.horizontal(|ui| {
        ui.heading("steerlab");
        if session.dirty() {
            ui.label(RichText::new("● unsaved").color(Color32::from_rgb(255, 196, 61)));
        }
    });
    ui.horizontal(|ui| {
        let play = if session.playing {
            "⏸ Pause"
        } else {
            "▶ Play"
        };
        if ui.button(play).on_hover_text("Space").clicked() {
            session.playing = !session.playing;
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
        egui::Slider::new(&mut session.speed, MIN_SPEED..=MAX_SPEED)
            .logarithmic(true)
            .text("speed ×"),
    );
    ui.label(format!(
        "tick {}   t = {:.3} s   dt = {:.4} s",
        session.tick(),
        session.time(),
        session.dt()
    ));
}

fn scenario_section(ui: &mut egui::Ui, state: &mut PanelState, session: &mut Session) {
    egui::CollapsingHeader::new("Scenario")
        .default_open(true)
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label("name");
                ui.text_edit_singleline(&mut session.scenario.name);
            });
            if !session.scenario.description.is_empty() {
                ui.label(RichText::new(&session.scenario.description).small());
            }
            ui.horizontal(|ui| {
                let field = ui.add(
                    egui::TextEdit::singleline(&mut state.path_text)
                        .hint_text("path/to/scenario.ron")
                        .desired_width(220.0),
                );
                let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui.button("Open path").clicked() || enter {
                    let path = PathBuf::from(state.path_text.trim());
                    let _ = session.open(&path);
                }
            });
            ui.horizontal(|ui| {
                if ui.button("Open…").clicked() {
                    state.purpose = Some(DialogPurpose::Open);
                    state.dialog.pick_file();
                }
                let save = ui.add_enabled(session.path.is_some(), egui::Button::new("Save"));
                if save.clicked() {
                    if let Some(path) = session.path.clone() {
                        let _ = session.save_as(&path);
                    }
                }
                if ui.button("Save As…").clicked() {
                    state.purpose = Some(DialogPurpose::SaveAs);
                    state.dialog.save_file();
                }
                if ui
                    .add_enabled(session.dirty(), egui::Button::new("Revert"))
                    .clicked()
                {
                    session.revert();
                }
            });
            if !session.recent.is_empty() {
                let mut chosen = None;
                egui::ComboBox::from_id_salt("recent")
                    .selected_text("Recent files")
                    .show_ui(ui, |ui| {
                        for path in &session.recent {
                            if ui
                                .selectable_label(false, path.display().to_string())
                                .clicked()
                            {
                                chosen = Some(path.clone());
                            }
                        }
                    });
                if let Some(path) = chosen {
                    state.path_text = path.display().to_string();
                    let _ = session.open(&path);
                }
            }
            if let Some(error) = &session.error {
                ui.colored_label(
                    Color32::from_rgb(255, 110, 110),
                    RichText::new(error).monospace(),
                );
                if ui.small_button("dismiss").clicked() {
                    session.error = None;
                }
            } else if let Some(status) = &session.status {
                ui.label(RichText::new(status).small());
            }
        });
}

fn file_dialog(ctx: &egui::Context, state: &mut PanelState, session: &mut Session) {
    state.dialog.update(ctx);
    if let Some(path) = state.dialog.take_picked() {
        match state.purpose.take() {
            Some(DialogPurpose::Open) => {
                let _ = session.open(&path);
            }
            Some(DialogPurpose::SaveAs) => {
                let _ = session.save_as(&path);
            }
            None => {}
        }
        state.path_text = path.display().to_string();
    }
}

fn compare_section(ui: &mut egui::Ui, session: &mut Session) {
    egui::CollapsingHeader::new("Compare")
        .default_open(true)
        .show(ui, |ui| {
            let mut compare = session.compare;
            if ui
                .checkbox(&mut compare, "side by side: one run per algorithm (C)")
                .changed()
            {
                session.set_compare(compare);
            }
            ui.horizontal(|ui| {
                ui.label("layout (V)");
                ui.radio_value(&mut session.layout, Layout::Overlay, "overlay");
                ui.radio_value(&mut session.layout, Layout::Split, "split panes");
            });
            ui.label("algorithms compared:");
            let mut compared = session.scenario.compared();
            let mut changed = false;
            ui.horizontal_wrapped(|ui| {
                for algorithm in Algorithm::ALL {
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

/// A parameter's widget; returns the new value when the user changed it.
fn param_widget(ui: &mut egui::Ui, spec: &ParamSpec, value: ParamValue) -> Option<ParamValue> {
    let label = if spec.unit.is_empty() {
        spec.label.to_string()
    } else {
        format!("{} ({})", spec.label, spec.unit)
    };
    let response = match (spec.kind, value) {
        (ParamKind::Float { min, max }, ParamValue::Float(mut v)) => {
            let log = min > 0.0 && max / min > 100.0;
            let r = ui.add(
                egui::Slider::new(&mut v, min..=max)
                    .logarithmic(log)
                    .text(label),
            );
            r.changed().then_some(ParamValue::Float(v))
        }
        (ParamKind::Int { min, max }, ParamValue::Int(mut v)) => {
            let log = min > 0 && max / min.max(1) > 100;
            let r = ui.add(
                egui::Slider::new(&mut v, min..=max)
                    .logarithmic(log)
                    .text(label),
            );
            r.changed().then_some(ParamValue::Int(v))
        }
        (ParamKind::Bool, ParamValue::Bool(mut v)) => ui
            .checkbox(&mut v, label)
            .changed()
            .then_some(ParamValue::Bool(v)),
        (ParamKind::Choice(names), ParamValue::Choice(mut i)) => {
            let mut changed = false;
            ui.horizontal(|ui| {
                egui::ComboBox::from_id_salt(spec.name)
                    .selected_text(names.get(i).copied().unwrap_or("?"))
                    .show_ui(ui, |ui| {
                        for (k, name) in names.iter().enumerate() {
                            changed |= ui.selectable_value(&mut i, k, *name).changed();
                        }
                    });
                ui.label(label);
            });
            changed.then_some(ParamValue::Choice(i))
        }
        _ => None,
    };
    response
}

fn algorithms_section(ui: &mut egui::Ui, session: &mut Session) {
    egui::CollapsingHeader::new("Algorithms").default_open(true).show(ui, |ui| {
        for algorithm in Algorithm::ALL {
            let title = RichText::new(format!("■ {}", algorithm.id())).color(algorithm_color32(algorithm)).strong();
            egui::CollapsingHeader::new(title).id_salt(algorithm.id()).default_open(false).show(ui, |ui| {
                ui.label(RichText::new(algorithm.summary()).small());
                for spec in algorithm.specs() {
                    let Some(value) = session.scenario.algorithms.get(algorithm, spec.name) else { continue };
                    ui.push_id((algorithm.id(), spec.name), |ui| {
                        if let Some(new) = param_widget(ui, spec, value) {
                            match session.set_param(algorithm, spec.name, new) {
                                Ok(()) => {
                                    session.status = Some(match spec.applies {
                                        Applies::Live => format!("{algorithm}.{}: applies live to missiles in flight", spec.name),
                                        Applies::NextLaunch => format!("{algorithm}.{}: applies to the next launch", spec.name),
                                    })
                                }
                                Err(e) => session.error = Some(e),
                            }
                        }
                    });
                    let tag = match spec.applies {
                        Applies::Live => "live",
                        Applies::NextLaunch => "next launch",
                    };
                    ui.label(RichText::new(format!("   {tag}: {}", spec.help)).small().weak());
                }
                if algorithm == Algorithm::Smoothed {
                    let tau = session.scenario.algorithms.smoothed.time_constant(session.dt());
                    ui.label(format!("time constant τ = -dt / ln(ga) = {tau:.3} s"));
                }
            });
        }
    });
}

fn scene_section(ui: &mut egui::Ui, session: &mut Session) {
    egui::CollapsingHeader::new("Targets and launchers").default_open(false).show(ui, |ui| {
        ui.label(RichText::new("Editing a target or launcher restarts the run. Click empty space in the view to place a target.").small());
        let targets: Vec<String> = session.scenario.targets.iter().map(|t| t.name.clone()).collect();
        for (i, name) in targets.iter().enumerate() {
            let id = session.lanes.first().and_then(|l| l.shown().targets().iter().find(|t| &t.name == name)).map(|t| t.id);
            let selected = id.is_some() && session.selected == id.map(Selection::Target);
            if ui.selectable_label(selected, format!("target: {name}")).clicked() {
                session.selected = id.map(Selection::Target);
            }
            if selected {
                ui.indent(("target", i), |ui| {
                    if let Some(edited) = edit::target(ui, &session.scenario.targets[i]) {
                        session.edit_scenario(|s| s.targets[i] = edited);
                    }
                });
            }
        }
        for i in 0..session.scenario.launchers.len() {
            let name = session.scenario.launchers[i].name.clone();
            let chosen = session.launcher == i;
            if ui.selectable_label(chosen, format!("launcher: {name}")).clicked() {
                session.launcher = i;
                session.selected = Some(Selection::Launcher(i));
            }
            if chosen {
                ui.indent(("launcher", i), |ui| {
                    if let Some(edited) = edit::launcher(ui, &session.scenario.launchers[i], &targets) {
                        session.edit_scenario(|s| s.launchers[i] = edited);
                    }
                });
            }
        }
    });
}

fn view_section(ui: &mut egui::Ui, state: &mut PanelState, session: &mut Session) {
    egui::CollapsingHeader::new("View")
        .default_open(false)
        .show(ui, |ui| {
            let o = &mut session.overlays;
            ui.horizontal_wrapped(|ui| {
                ui.checkbox(&mut o.trails, "trails");
                ui.checkbox(&mut o.velocity, "velocity");
                ui.checkbox(&mut o.aim, "aim points");
                ui.checkbox(&mut o.intercept, "intercepts (both roots)");
                ui.checkbox(&mut o.dead_zone, "dead zone");
                ui.checkbox(&mut o.turn_circle, "turn circle");
                ui.checkbox(&mut o.acceleration, "acceleration");
                ui.checkbox(&mut o.grid, "fly-program grid");
                ui.checkbox(&mut o.labels, "labels");
            });
            ui.add(
                egui::Slider::new(&mut session.trail_seconds, 0.1..=30.0)
                    .logarithmic(true)
                    .text("trail length (s)"),
            );
            let mut rate = session.scenario.world.tick_rate;
            if ui
                .add(egui::Slider::new(&mut rate, 1.0..=240.0).text("tick rate (Hz, restarts)"))
                .drag_stopped()
            {
                session.edit_scenario(|s| s.world.tick_rate = rate);
            }
            if ui.button("Fit view (F)").clicked() {
                state.fit_requested = true;
            }
        });
}

fn results_section(ui: &mut egui::Ui, session: &mut Session) {
    egui::CollapsingHeader::new("Results")
        .default_open(true)
        .show(ui, |ui| {
            let mut rows = Vec::new();
            for (lane_index, lane) in session.lanes.iter().enumerate() {
                for m in lane.shown().all_missiles() {
                    rows.push((
                        lane_index,
                        m.id,
                        m.algorithm(),
                        m.metrics.outcome,
                        m.metrics.time_to_hit,
                        m.metrics.miss_distance,
                    ));
                }
            }
            let shown = rows.len().min(200);
            ui.label(format!(
                "{} missiles (showing the last {shown})",
                rows.len()
            ));
            egui::ScrollArea::vertical()
                .max_height(260.0)
                .id_salt("results")
                .show(ui, |ui| {
                    egui::Grid::new("results-grid")
                        .striped(true)
                        .num_columns(5)
                        .show(ui, |ui| {
                            for header in ["id", "algorithm", "outcome", "hit (s)", "miss"] {
                                ui.label(RichText::new(header).strong());
                            }
                            ui.end_row();
                            for &(lane, id, algorithm, outcome, time, miss) in
                                rows.iter().rev().take(shown)
                            {
                                let selected =
                                    session.selected == Some(Selection::Missile { lane, id });
                                if ui.selectable_label(selected, id.to_string()).clicked() {
                                    session.selected = Some(Selection::Missile { lane, id });
                                }
                                ui.label(
                                    RichText::new(algorithm.id())
                                        .color(algorithm_color32(algorithm)),
                                );
                                let color = match outcome {
                                    Outcome::Hit { .. } => Color32::from_rgb(120, 220, 120),
                                    Outcome::Missed(_) => Color32::from_rgb(255, 130, 130),
                                    Outcome::Flying => Color32::GRAY,
                                };
                                ui.label(RichText::new(outcome.describe()).color(color));
                                ui.label(time.map_or("-".into(), |t| format!("{t:.3}")));
                                ui.label(if miss.is_finite() {
                                    format!("{miss:.1}")
                                } else {
                                    "-".into()
                                });
                                ui.end_row();
                            }
                        });
                });
        });
}

fn help_window(ctx: &egui::Context, session: &mut Session) {
    egui::Window::new("Keyboard shortcuts")
        .open(&mut session.help_open)
        .resizable(false)
        .show(ctx, |ui| {
            egui::Grid::new("keys").num_columns(2).show(ui, |ui| {
                for (key, what) in super::input::SHORTCUTS {
                    ui.label(RichText::new(*key).monospace().strong());
                    ui.label(*what);
                    ui.end_row();
                }
            });
        });
}
