//! The egui_kittest harness shared by the panel tests: the real side panel, timeline and
//! windows over a session, headless.
#![allow(dead_code)]

use egui_kittest::Harness;
use egui_macroquad::egui;
use steerlab::app::ui::{self as panel, PanelState};
use steerlab::app::Session;
use steerlab::scenario::Scenario;

/// What the harness drives: the panel's own state and the session.
pub struct State {
    pub panel: PanelState,
    pub session: Session,
}

/// A harness showing the panel over a fresh session of `scenario`, playing or paused.
pub fn harness(scenario: Scenario, playing: bool) -> Harness<'static, State> {
    let mut session = Session::new(scenario, None);
    session.runs.playing = playing;
    let state = State {
        panel: PanelState::new(&session),
        session,
    };
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1200.0, 4000.0))
        .build_state(
            |ctx, s: &mut State| {
                panel::show(ctx, &mut s.panel, &mut s.session);
            },
            state,
        );
    harness.run();
    harness
}

/// Plays the session a frame at a time (at most `frames`) until a breakpoint pauses it.
pub fn play_until_paused(session: &mut Session, frames: usize) {
    session.runs.playing = true;
    for _ in 0..frames {
        session.advance(1.0 / 60.0);
        if !session.runs.playing {
            break;
        }
    }
}
