//! Transport (play, step, restart, launch, speed), the Compare section, and one section
//! per algorithm with widgets generated from its parameter description.

use super::edit;
use super::state::ExportPaths;
use super::style::{self, WARN};
use crate::app::render::colors::algorithm_color32;
use crate::app::session::{Layout, Session, MAX_SPEED, MIN_SPEED};
use crate::guidance::{Algorithm, Applies};
use egui_macroquad::egui::{self, RichText};

pub fn transport(ui: &mut egui::Ui, session: &mut Session) {
    ui.horizontal_wrapped(|ui| {
        let play = if session.runs.playing {
            "⏸ Pause"
        } else {
            "▶ Play"
        };
        if ui.button(play).on_hover_text("Space").clicked() {
            session.runs.playing = !session.runs.playing;
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
        egui::Slider::new(&mut session.runs.speed, MIN_SPEED..=MAX_SPEED)
            .logarithmic(true)
            .text("speed ×"),
    );
    ui.label(format!(
        "tick {}   t = {:.3} s   dt = {:.4} s",
        session.tick(),
        session.time(),
        session.dt()
    ));
    if let Some(reason) = &session.runs.paused_by {
        ui.label(RichText::new(format!("⏸ breakpoint: {reason}")).color(style::PAUSED));
    }
}

pub fn compare_section(ui: &mut egui::Ui, session: &mut Session) {
    egui::CollapsingHeader::new("Compare")
        .default_open(true)
        .show(ui, |ui| {
            let mut compare = session.runs.compare;
            if ui
                .checkbox(&mut compare, "side by side: one run per algorithm (C)")
                .changed()
            {
                session.set_compare(compare);
            }
            ui.horizontal_wrapped(|ui| {
                ui.label("layout (V)");
                ui.radio_value(&mut session.view.layout, Layout::Overlay, "overlay");
                ui.radio_value(&mut session.view.layout, Layout::Split, "split panes");
            });
            ui.label("algorithms compared:");
            let mut compared = session.doc.compared();
            let mut changed = false;
            let (shown, more) = find_laws(ui, session);
            ui.horizontal_wrapped(|ui| {
                for algorithm in shown {
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
            more_laws(ui, more);
            if changed && !compared.is_empty() {
                compared.sort();
                session.edit_scenario(|s| s.compare = compared);
            }
        });
}

pub fn algorithms_section(ui: &mut egui::Ui, session: &mut Session, exports: &ExportPaths) {
    egui::CollapsingHeader::new("Algorithms")
        .default_open(true)
        .show(ui, |ui| {
            let (shown, more) = find_laws(ui, session);
            for algorithm in shown {
                let title = RichText::new(format!("■ {}", algorithm.id()))
                    .color(algorithm_color32(algorithm))
                    .strong();
                egui::CollapsingHeader::new(title)
                    .id_salt(algorithm.id())
                    .default_open(false)
                    .show(ui, |ui| {
                        algorithm_params(ui, session, algorithm);
                        super::code::row(ui, exports, session, algorithm);
                    });
            }
            more_laws(ui, more);
        });
}

/// Most laws a list in the panel shows: a recording flies one law per missile, and a
/// list of hundreds can neither be read nor laid out in a frame's time.
pub const LISTED: usize = 24;

/// The scenario's laws a list shows: all of them, or past [`LISTED`] a field to find
/// them by name and the first matches; with how many more match.
fn find_laws(ui: &mut egui::Ui, session: &mut Session) -> (Vec<Algorithm>, usize) {
    let all = session.doc.scenario.algorithms.algorithms();
    if all.len() > LISTED {
        ui.horizontal(|ui| {
            ui.label(format!("{} laws; find:", all.len()));
            ui.add(
                egui::TextEdit::singleline(&mut session.view.law_filter)
                    .hint_text("part of a name")
                    .desired_width(140.0),
            );
        });
    }
    listed(all, &session.view.law_filter)
}

/// The first [`LISTED`] of `all` whose names contain `filter` (in any case), and how
/// many more do.
pub fn listed(all: Vec<Algorithm>, filter: &str) -> (Vec<Algorithm>, usize) {
    let filter = filter.trim().to_lowercase();
    // (Every name contains nothing: a game's thousand laws are not lowercased each frame
    // to find that out.)
    let mut matching: Vec<Algorithm> = match filter.is_empty() {
        true => all,
        false => (all.into_iter())
            .filter(|a| a.id().to_lowercase().contains(&filter))
            .collect(),
    };
    let more = matching.len().saturating_sub(LISTED);
    matching.truncate(LISTED);
    (matching, more)
}

fn more_laws(ui: &mut egui::Ui, more: usize) {
    if more > 0 {
        ui.label(style::help(format!(
            "and {more} more: find one by part of its name"
        )));
    }
}

fn algorithm_params(ui: &mut egui::Ui, session: &mut Session, algorithm: Algorithm) {
    ui.label(style::help(algorithm.summary()));
    for spec in algorithm.params() {
        edit_param(ui, session, algorithm, spec.name);
        let tag = match spec.applies {
            Applies::Live => "live",
            Applies::NextLaunch => "next launch",
        };
        ui.label(style::help(format!("   {tag}: {}", spec.help)));
    }
    for note in session
        .doc
        .scenario
        .algorithms
        .notes(algorithm, session.dt())
    {
        ui.label(RichText::new(note).color(WARN));
    }
}

/// The widget of one of an algorithm's parameters; a change applies to the session and
/// says when it takes effect.
pub fn edit_param(ui: &mut egui::Ui, session: &mut Session, algorithm: Algorithm, name: &str) {
    let Some(spec) = algorithm.params().iter().find(|s| s.name == name) else {
        return;
    };
    let Some(value) = session.doc.scenario.algorithms.get(algorithm, spec.name) else {
        return;
    };
    ui.push_id((algorithm.id(), spec.name), |ui| {
        if let Some(new) = edit::value_widget(ui, spec, value, &[], edit::Style::Slider) {
            match session.set_param(algorithm, spec.name, new) {
                Ok(()) => {
                    session.messages.status = Some(match spec.applies {
                        Applies::Live => format!(
                            "{algorithm}.{}: applies live to missiles in flight",
                            spec.name
                        ),
                        Applies::NextLaunch => {
                            format!("{algorithm}.{}: applies to the next launch", spec.name)
                        }
                    })
                }
                Err(e) => session.messages.error = Some(e),
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::{listed, LISTED};
    use crate::guidance::Algorithm;

    #[test]
    fn a_few_laws_are_all_listed() {
        let all = Algorithm::ALL.to_vec();
        assert_eq!(listed(all.clone(), ""), (all, 0));
    }

    #[test]
    fn past_the_limit_the_first_laws_are_listed_and_the_rest_counted() {
        // 9 built-ins three times over: 27 laws, 24 listed, 3 more.
        let all: Vec<Algorithm> = (0..3).flat_map(|_| Algorithm::ALL).collect();
        let (shown, more) = listed(all.clone(), "");
        assert_eq!(shown, all[..LISTED]);
        assert_eq!(more, 3);
    }

    #[test]
    fn the_filter_keeps_names_containing_it_in_any_case() {
        let (shown, more) = listed(Algorithm::ALL.to_vec(), "  PRO-n ");
        assert_eq!(
            (shown, more),
            (vec![Algorithm::from_id("pro-nav").unwrap()], 0)
        );
        // Every id with a `t`, in the registry's order.
        let (shown, _) = listed(Algorithm::ALL.to_vec(), "t");
        let expected = [
            "smoothed",
            "turn-rate",
            "newton",
            "quartic",
            "intercept",
            "heat-seeker",
            "ballistic",
        ];
        assert_eq!(shown.iter().map(|a| a.id()).collect::<Vec<_>>(), expected);
        assert_eq!(listed(Algorithm::ALL.to_vec(), "zzz"), (vec![], 0));
    }
}
