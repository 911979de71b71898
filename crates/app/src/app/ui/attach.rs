//! The Attach section: listen for running games (`docs/live.md`), see who is attached,
//! show one game's stream in the view, tune its parameters with sliders (each change a
//! `set`, with the round trip the game answered in), ask it to pause, step or resume,
//! and save its capture as a CSV recording. Desktop only: a page cannot listen.

use super::style;
use super::widgets::field_and_button;
use super::ExportPaths;
use crate::app::session::Session;
use crate::live::ToGame;
use egui_macroquad::egui::{self, RichText};

/// One game as the section lists it (read under the server's lock, shown after).
struct Row {
    index: usize,
    name: String,
    peer: String,
    websocket: bool,
    connected: bool,
    frames: usize,
    ticks: Option<(u64, u64)>,
    problem: Option<String>,
    let_go: bool,
    /// Each parameter: name, range, unit, the value the game flies, the last round trip.
    params: Vec<(String, f64, f64, String, f64, Option<f64>)>,
}

fn rows(session: &Session) -> Vec<Row> {
    let Some(server) = &session.live.server else {
        return Vec::new();
    };
    let games = server.games();
    games
        .iter()
        .enumerate()
        .map(|(index, g)| {
            let c = &g.capture;
            let params = c
                .params
                .iter()
                .map(|p| {
                    let trip = c
                        .applied
                        .iter()
                        .rev()
                        .find(|a| a.name == p.name)
                        .and_then(|a| a.round_trip)
                        .map(|t| t.as_secs_f64() * 1e3);
                    (p.name.clone(), p.min, p.max, p.unit.clone(), p.value, trip)
                })
                .collect();
            Row {
                index,
                name: c.name().to_string(),
                peer: g.peer.to_string(),
                websocket: g.websocket,
                connected: g.connected,
                frames: c.frames.len(),
                ticks: c
                    .frames
                    .first()
                    .zip(c.frames.last())
                    .map(|(a, b)| (a.tick, b.tick)),
                problem: g.problem.clone(),
                let_go: g.let_go,
                params,
            }
        })
        .collect()
}

/// The section.
pub fn section(ui: &mut egui::Ui, paths: &mut ExportPaths, session: &mut Session) {
    egui::CollapsingHeader::new("Attach a game")
        .default_open(session.live.server.is_some())
        .show(ui, |ui| {
            if session.live.server.is_none() {
                let (listen, field) = field_and_button(ui, &mut session.live.address, "Listen");
                let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if listen
                    .on_hover_text("wait for games on this address (this machine only unless you name another)")
                    .clicked()
                    || entered
                {
                    let address = session.live.address.clone();
                    match session.live.listen(&address) {
                        Ok(said) => session.messages.status = Some(said),
                        Err(e) => session.messages.error = Some(e),
                    }
                }
                ui.label(style::help(
                    "A running game streams its missiles here and takes its parameters back: clients for Unity, Godot, Unreal, Rust, JavaScript and Python in clients/ (docs/live.md).",
                ));
                return;
            }
            ui.horizontal(|ui| {
                ui.label(format!("listening on {}", session.live.address));
                if ui.button("Stop").on_hover_text("disconnect every game").clicked() {
                    session.live.stop();
                    session.messages.status = Some("stopped listening".into());
                }
            });
            let games = rows(session);
            if games.is_empty() {
                ui.label(style::help("no game yet: start one with its client pointed here"));
            }
            for game in games {
                ui.separator();
                game_row(ui, paths, session, game);
            }
            if session.live.showing() {
                ui.separator();
                ui.horizontal(|ui| {
                    let past = session.runs.in_past();
                    if ui
                        .add_enabled(past, egui::Button::new("Live"))
                        .on_hover_text("back to the game's latest frame (Play does the same)")
                        .clicked()
                    {
                        session.runs.scrub(u64::MAX);
                    }
                    ui.checkbox(&mut session.live.pause_game, "a breakpoint pauses the game too");
                });
                if let Some(end) = session.live.built_tick {
                    // A long stream is viewed by its newest frames (Save capture keeps all).
                    let a = session.live.tick0;
                    let shift = if a > 0 {
                        format!(" (a view tick is the game's less {a})")
                    } else {
                        String::new()
                    };
                    ui.label(style::help(format!(
                        "the view holds the game's ticks {a} to {end}{shift}"
                    )));
                }
            }
        });
}

fn game_row(ui: &mut egui::Ui, paths: &mut ExportPaths, session: &mut Session, game: Row) {
    ui.horizontal_wrapped(|ui| {
        let (state, color) = if game.connected {
            ("attached", style::GOOD)
        } else {
            ("left", style::HELP)
        };
        ui.label(RichText::new(&game.name).strong());
        ui.label(RichText::new(state).color(color));
        let ticks = game
            .ticks
            .map_or_else(String::new, |(a, b)| format!(", ticks {a} to {b}"));
        ui.label(style::help(format!(
            "{} frames{ticks} from {}{}",
            game.frames,
            game.peer,
            if game.websocket { " (WebSocket)" } else { "" }
        )));
    });
    if let Some(problem) = &game.problem {
        ui.label(RichText::new(problem).color(style::ERROR));
    }
    if game.let_go {
        ui.label(style::help(format!(
            "its capture was let go: steerlab keeps those of the {} newest games that left",
            crate::live::server::KEPT_LEFT
        )));
    }
    ui.horizontal_wrapped(|ui| {
        let shown = session.live.shown == Some(game.index);
        if ui
            .add_enabled(
                !shown,
                egui::Button::new(if shown { "Shown" } else { "Show" }),
            )
            .on_hover_text("open its stream in the view, growing as it plays")
            .clicked()
        {
            session.show_game(game.index);
        }
        for (label, request, hint) in [
            ("Pause", ToGame::Pause, "ask the game to stop its clock"),
            ("Step", ToGame::Step, "ask the paused game for one tick"),
            ("Resume", ToGame::Resume, "ask the game to run again"),
        ] {
            if ui
                .add_enabled(game.connected, egui::Button::new(label))
                .on_hover_text(hint)
                .clicked()
            {
                if let Err(e) = session.live.request(game.index, request) {
                    session.messages.error = Some(e);
                }
            }
        }
    });
    let (save, _) = field_and_button(ui, &mut paths.capture, "Save capture");
    if save
        .on_hover_text("write what this game sent as a CSV recording (it reopens as one)")
        .clicked()
    {
        let path = paths.resolve(&paths.capture, session);
        match session.live.save(game.index, &path) {
            Ok(frames) => {
                session.messages.status =
                    Some(format!("wrote {frames} frames to {}", path.display()))
            }
            Err(e) => session.messages.error = Some(e),
        }
    }
    for (name, min, max, unit, flown, trip) in game.params {
        let mut value = session
            .live
            .sliders
            .iter()
            .find(|(g, n, _)| *g == game.index && *n == name)
            .map_or(flown, |s| s.2);
        let slider = ui.add_enabled(
            game.connected,
            egui::Slider::new(&mut value, min..=max).text(if unit.is_empty() {
                name.clone()
            } else {
                format!("{name} ({unit})")
            }),
        );
        if slider.changed() {
            if let Err(e) = session.live.set(game.index, &name, value) {
                session.messages.error = Some(e);
            }
        }
        let trip = trip.map_or_else(String::new, |ms| format!(", round trip {ms:.1} ms"));
        ui.label(style::help(format!("the game flies {flown}{trip}")));
    }
}
