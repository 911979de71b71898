//! The Targets, launchers, obstacles and crowds section (editors that restart the run) and the
//! View section (overlays, trail length, tick rate, fit).

use super::edit;
use super::style;
use crate::app::session::{Follow, Selection, Session};
use crate::sim::goal::Goal;
use crate::sim::TargetId;
use egui_macroquad::egui;

pub fn scene_section(ui: &mut egui::Ui, session: &mut Session) {
    egui::CollapsingHeader::new("Targets, launchers, obstacles and crowds")
        .default_open(false)
        .show(ui, |ui| {
            ui.label(style::help(
                "Editing a target, launcher, obstacle or crowd here restarts the run (Ctrl+Z undoes it). In the view: Shift + click on empty space places a target, Ctrl + click a terrain circle; drag an obstacle to move it while the run goes on.",
            ));
            let targets: Vec<String> = session
                .doc.scenario
                .targets
                .iter()
                .map(|t| t.name.clone())
                .collect();
            for (i, name) in targets.iter().enumerate() {
                // A target the shown tick no longer has (destroyed) is still edited: the
                // file's targets are numbered in file order when the world is built.
                let id = session
                    .runs.lanes
                    .first()
                    .and_then(|l| l.shown().targets().iter().find(|t| &t.name == name))
                    .map_or(TargetId(i as u32), |t| t.id);
                let selected = session.view.selected == Some(Selection::Target(id));
                if ui
                    .selectable_label(selected, format!("target: {name}"))
                    .clicked()
                {
                    session.view.selected = Some(Selection::Target(id));
                }
                if selected {
                    ui.indent(("target", i), |ui| {
                        if let Some(edited) = edit::target(ui, &session.doc.scenario.targets[i], &targets) {
                            session.edit_scenario(|s| s.targets[i] = edited);
                        }
                    });
                }
            }
            for i in 0..session.doc.scenario.launchers.len() {
                let name = session.doc.scenario.launchers[i].name.clone();
                let chosen = session.view.launcher == i;
                if ui
                    .selectable_label(chosen, format!("launcher: {name}"))
                    .clicked()
                {
                    session.view.launcher = i;
                    session.view.selected = Some(Selection::Launcher(i));
                }
                if chosen {
                    ui.indent(("launcher", i), |ui| {
                        let algorithms = session.doc.scenario.algorithms.algorithms();
                        if let Some(edited) = edit::launcher(
                            ui,
                            &session.doc.scenario.launchers[i],
                            &targets,
                            &algorithms,
                        ) {
                            session.edit_scenario(|s| s.launchers[i] = edited);
                        }
                    });
                }
            }
            obstacles(ui, session);
            crowds(ui, session, &targets);
        });
}

/// Each crowd: its fields and its goal (from their descriptions). Its agents are not
/// selected from here (a click in the view picks one).
fn crowds(ui: &mut egui::Ui, session: &mut Session, targets: &[String]) {
    for i in 0..session.doc.scenario.crowds.len() {
        let c = &session.doc.scenario.crowds[i];
        let goal = c
            .goal
            .as_ref()
            .map_or("flocking", |g| Goal::KINDS[g.kind()].1);
        let name = if c.name.is_empty() {
            String::new()
        } else {
            format!(" {}", c.name)
        };
        let label = format!("crowd {}{name}: {} agents, {goal}", i + 1, c.count);
        // Its id is its place, not its label: the label changes with its goal.
        egui::CollapsingHeader::new(label)
            .id_salt(("crowd", i))
            .show(ui, |ui| {
                if let Some(edited) = edit::crowd(ui, &session.doc.scenario.crowds[i], targets) {
                    session.edit_scenario(|s| s.crowds[i] = edited);
                }
            });
    }
}

/// Each obstacle: selected, its fields (from its kind's description) and a button that
/// removes it.
fn obstacles(ui: &mut egui::Ui, session: &mut Session) {
    let mut removed = None;
    for i in 0..session.doc.scenario.obstacles.len() {
        let o = &session.doc.scenario.obstacles[i];
        let terrain = if o.terrain() { ", terrain" } else { "" };
        let label = format!("obstacle {}: {}{terrain}", i + 1, o.kind().to_lowercase());
        let selected = session.view.selected == Some(Selection::Obstacle(i));
        if ui.selectable_label(selected, label).clicked() {
            session.view.selected = Some(Selection::Obstacle(i));
        }
        if selected {
            ui.indent(("obstacle", i), |ui| {
                let mut edited = session.doc.scenario.obstacles[i].clone();
                if edit::described_fields(ui, &mut edited) {
                    session.edit_scenario(|s| s.obstacles[i] = edited);
                }
                if ui.button("Remove this obstacle").clicked() {
                    removed = Some(i);
                }
            });
        }
    }
    // After the list: removing one while listing would skip past the end.
    if let Some(i) = removed {
        session.edit_scenario(|s| {
            s.obstacles.remove(i);
        });
        session.view.selected = None;
    }
}

pub fn view_section(ui: &mut egui::Ui, session: &mut Session) {
    egui::CollapsingHeader::new("View")
        .default_open(false)
        .show(ui, |ui| {
            let o = &mut session.view.overlays;
            ui.horizontal_wrapped(|ui| {
                for overlay in &crate::core::overlay::OVERLAYS {
                    if let Some(on) = o.get_mut(overlay.id) {
                        ui.checkbox(on, overlay.label).on_hover_text(overlay.help);
                    }
                }
            });
            ui.add(
                egui::Slider::new(&mut session.view.trail_seconds, 0.1..=30.0)
                    .logarithmic(true)
                    .text("trail length (s)"),
            );
            let mut rate = session.doc.scenario.world.tick_rate;
            if ui
                .add(egui::Slider::new(&mut rate, 1.0..=240.0).text("tick rate (Hz, restarts)"))
                .drag_stopped()
            {
                session.edit_scenario(|s| s.world.tick_rate = rate);
            }
            ui.horizontal(|ui| {
                if ui.button("Fit view (F)").clicked() {
                    session.view.follow = Follow::Fixed;
                    session.view.fit_requested = true;
                }
                ui.label("camera (G)");
                egui::ComboBox::from_id_salt("camera-follow")
                    .selected_text(session.view.follow.label())
                    .show_ui(ui, |ui| {
                        for mode in Follow::ALL {
                            ui.selectable_value(&mut session.view.follow, mode, mode.label());
                        }
                    })
                    .response
                    .on_hover_text(
                        "fit the action: keep every target, missile and launcher in view; \
                         keep the action in view: stay put until one of them nears the \
                         view's edge, then move towards fitting them all; follow the selection: keep it at \
                         the centre (the newest missile when nothing is selected). Panning \
                         stops following.",
                    );
            });
        });
}
