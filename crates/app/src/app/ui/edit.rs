//! The panel's one editor: a widget for each kind of field ([`value_widget`]), from the
//! field's description ([`crate::core::field`]), for a law's parameters and a file's
//! fields alike; the editors of targets, launchers and crowds built on it (each returns the
//! edited copy when the user changed something); and the text form of a law's readouts.

use crate::app::render::colors::algorithm_color32;
use crate::core::field::{Described, Field, Kind, Value};
use crate::guidance::{Algorithm, Readout, ReadoutValue};
use crate::sim::crowd_spec::CrowdSpec;
use crate::sim::goal::Goal;
use crate::sim::launcher::LauncherSpec;
use crate::sim::{Motion, TargetSpec};
use egui_macroquad::egui::{self, RichText};
use glam::Vec2;

fn vec2(ui: &mut egui::Ui, label: &str, v: &mut Vec2) -> bool {
    ui.horizontal(|ui| {
        ui.label(label);
        let x = ui.add(egui::DragValue::new(&mut v.x).speed(1.0)).changed();
        let y = ui.add(egui::DragValue::new(&mut v.y).speed(1.0)).changed();
        x | y
    })
    .inner
}

/// How a number is edited: a slider (a law's parameters, tuned while watching) or a
/// drag value (a file's fields, whose ranges are wide).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Slider,
    Drag,
}

/// The widget of one field, from its description; the new value if the user changed
/// it. `names` are the targets a target-name field may pick.
pub fn value_widget(
    ui: &mut egui::Ui,
    field: &Field,
    value: Value,
    names: &[String],
    style: Style,
) -> Option<Value> {
    let label = field.labelled();
    if field.optional {
        // A checkbox sets it or leaves it out; set, the value's own widget follows.
        return ui
            .horizontal(|ui| {
                let mut on = value != Value::Absent;
                if ui.checkbox(&mut on, &label).changed() {
                    return Some(if on {
                        first_value(field)
                    } else {
                        Value::Absent
                    });
                }
                let plain = Field {
                    optional: false,
                    label: "",
                    unit: "",
                    ..*field
                };
                on.then(|| value_widget(ui, &plain, value, names, style))
                    .flatten()
            })
            .inner;
    }
    match (field.kind, value) {
        (Kind::Number { min, max }, Value::Number(mut v)) => {
            let changed = if style == Style::Slider {
                let log = min > 0.0 && max / min > 100.0;
                slider(
                    ui,
                    egui::Slider::new(&mut v, min..=max).logarithmic(log),
                    &label,
                )
            } else {
                // Fine enough to show and drag a drag coefficient of 0.0005 (range 0..0.1).
                let speed = ((max - min) as f64 / 2000.0).clamp(0.000_01, 1.0);
                drag(
                    ui,
                    egui::DragValue::new(&mut v).speed(speed).range(min..=max),
                    &label,
                )
            };
            changed.then_some(Value::Number(v))
        }
        (Kind::Whole { min, max }, Value::Whole(mut v)) => {
            let changed = if style == Style::Slider {
                let log = min > 0 && max / min.max(1) > 100;
                slider(
                    ui,
                    egui::Slider::new(&mut v, min..=max).logarithmic(log),
                    &label,
                )
            } else {
                drag(
                    ui,
                    egui::DragValue::new(&mut v).speed(0.2).range(min..=max),
                    &label,
                )
            };
            changed.then_some(Value::Whole(v))
        }
        (Kind::Flag, Value::Flag(mut v)) => ui
            .checkbox(&mut v, label)
            .changed()
            .then_some(Value::Flag(v)),
        (Kind::Choice(choices), Value::Choice(mut i)) => {
            let mut changed = false;
            ui.horizontal(|ui| {
                egui::ComboBox::from_id_salt(field.name)
                    .selected_text(choices.get(i).copied().unwrap_or("?"))
                    .show_ui(ui, |ui| {
                        for (k, name) in choices.iter().enumerate() {
                            changed |= ui.selectable_value(&mut i, k, *name).changed();
                        }
                    });
                ui.label(label);
            });
            changed.then_some(Value::Choice(i))
        }
        (Kind::Point { .. } | Kind::Vector { .. }, Value::Point(mut v)) => {
            vec2(ui, &label, &mut v).then_some(Value::Point(v))
        }
        (Kind::Points { max, .. }, Value::Points(points)) => points_widget(ui, field, points, max),
        (Kind::Keyframes { max, .. }, Value::Keyframes(keys)) => {
            keyframes_widget(ui, &label, keys, max)
        }
        (Kind::Program, Value::Program(program)) => program_widget(ui, field, &label, program),
        (Kind::TargetName, Value::TargetName(mut name)) => {
            let mut changed = false;
            egui::ComboBox::from_id_salt(field.name)
                .selected_text(name.clone().unwrap_or_else(|| "none".into()))
                .show_ui(ui, |ui| {
                    changed |= ui.selectable_value(&mut name, None, "none").changed();
                    for other in names {
                        changed |= ui
                            .selectable_value(&mut name, Some(other.clone()), other)
                            .changed();
                    }
                });
            changed.then_some(Value::TargetName(name))
        }
        (Kind::Text { .. }, Value::Text(text)) => {
            // Names are what other parts refer to: renamed in the file, shown here.
            ui.label(format!("{label}: {text}"));
            None
        }
        (Kind::Samples { .. }, Value::Samples(n)) => {
            ui.label(format!("{label}: {n} (recorded, not edited here)"));
            None
        }
        _ => None,
    }
}

/// The value an optional field takes when it is switched on: 1 within its range.
fn first_value(field: &Field) -> Value {
    match field.kind {
        Kind::Number { min, max } => Value::Number(1.0f32.clamp(min, max)),
        Kind::Whole { min, max } => Value::Whole(1i64.clamp(min, max)),
        _ => Value::Absent,
    }
}

/// A slider that fits the panel's width beside its label; whether it changed.
fn slider(ui: &mut egui::Ui, slider: egui::Slider<'_>, label: &str) -> bool {
    let label_width = label.chars().count() as f32 * 7.5;
    ui.spacing_mut().slider_width = (ui.available_width() - label_width - 80.0).clamp(60.0, 200.0);
    ui.add(slider.text(label)).changed()
}

/// A drag value after its label; whether it changed.
fn drag(ui: &mut egui::Ui, value: egui::DragValue<'_>, label: &str) -> bool {
    ui.horizontal(|ui| {
        ui.label(label);
        ui.add(value).changed()
    })
    .inner
}

fn points_widget(
    ui: &mut egui::Ui,
    field: &Field,
    mut points: Vec<Vec2>,
    max: usize,
) -> Option<Value> {
    let mut changed = false;
    for (k, p) in points.iter_mut().enumerate() {
        changed |= vec2(ui, &format!("{} {k}", field.label), p);
    }
    ui.horizontal(|ui| {
        if points.len() < max && ui.small_button("+ point").clicked() {
            let last = points.last().copied().unwrap_or(Vec2::ZERO);
            points.push(last + Vec2::new(50.0, 0.0));
            changed = true;
        }
        if points.len() > 1 && ui.small_button("- point").clicked() {
            points.pop();
            changed = true;
        }
    });
    changed.then_some(Value::Points(points))
}

fn keyframes_widget(
    ui: &mut egui::Ui,
    label: &str,
    mut keys: Vec<(f32, f32)>,
    max: usize,
) -> Option<Value> {
    let mut changed = false;
    ui.label(label);
    for (k, (time, value)) in keys.iter_mut().enumerate() {
        ui.push_id(k, |ui| {
            ui.horizontal(|ui| {
                ui.label(format!("{k}"));
                changed |= ui.add(egui::DragValue::new(time).speed(0.1)).changed();
                changed |= ui.add(egui::DragValue::new(value).speed(0.05)).changed();
            });
        });
    }
    ui.horizontal(|ui| {
        if keys.len() < max && ui.small_button("+ keyframe").clicked() {
            let last = keys.last().copied().unwrap_or((0.0, 0.0));
            keys.push((last.0 + 10.0, last.1));
            changed = true;
        }
        if keys.len() > 1 && ui.small_button("- keyframe").clicked() {
            keys.pop();
            changed = true;
        }
    });
    changed.then_some(Value::Keyframes(keys))
}

fn program_widget(
    ui: &mut egui::Ui,
    field: &Field,
    label: &str,
    program: Vec<u16>,
) -> Option<Value> {
    // The text being typed lives in egui's memory until the field is left (it is only
    // a program once it parses).
    let shown = program
        .iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join("-");
    let id = ui.id().with(field.name);
    let mut text = ui.data_mut(|d| d.get_temp::<String>(id)).unwrap_or(shown);
    ui.horizontal(|ui| {
        ui.label(label);
        let response = ui.text_edit_singleline(&mut text);
        if response.changed() {
            ui.data_mut(|d| d.insert_temp(id, text.clone()));
        }
        if !response.lost_focus() {
            return None;
        }
        ui.data_mut(|d| d.remove::<String>(id));
        let parsed: Option<Vec<u16>> = text
            .split(['-', ',', ' '])
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().ok())
            .collect();
        parsed.filter(|new| *new != program).map(Value::Program)
    })
    .inner
}

/// The widgets of every field of a described value (not its parts); whether any
/// changed. Each field's help is its tooltip.
fn fields(ui: &mut egui::Ui, value: &mut dyn Described, names: &[String]) -> bool {
    let mut changed = false;
    for field in value.fields() {
        let Some(current) = value.get(field.name) else {
            continue;
        };
        let new = ui
            .push_id(field.name, |ui| {
                value_widget(ui, field, current, names, Style::Drag)
            })
            .inner;
        if let Some(new) = new {
            changed |= value.set(field.name, new);
        }
    }
    changed
}

/// The widgets of every field of a described value that names no target (the
/// diagnosis' thresholds); whether any changed.
pub fn described_fields(ui: &mut egui::Ui, value: &mut dyn Described) -> bool {
    fields(ui, value, &[])
}

/// The widgets of a described value's parts: a checkbox for each optional one (on: it
/// is added with its defaults), then the fields of each part that is there.
fn parts(ui: &mut egui::Ui, value: &mut dyn Described, names: &[String]) -> bool {
    let mut changed = false;
    for name in value.part_names() {
        ui.push_id(name, |ui| {
            if value.part_is_optional(name) {
                let mut on = value.part(name).is_some();
                if ui.checkbox(&mut on, value.part_label(name)).changed() {
                    changed |= value.set_part_present(name, on);
                }
            }
            if let Some(part) = value.part_mut(name) {
                changed |= described(ui, part, names);
            }
        });
    }
    changed
}

/// The widgets of a described value's fields and parts; whether any changed.
fn described(ui: &mut egui::Ui, value: &mut dyn Described, names: &[String]) -> bool {
    fields(ui, value, names) | parts(ui, value, names)
}

/// Edits a target: its fields, its motion's kind and fields, its flares, from their
/// descriptions. The session checks the edit against the file's rules before applying
/// it ([`crate::app::Session::edit_scenario`]).
pub fn target(ui: &mut egui::Ui, spec: &TargetSpec, names: &[String]) -> Option<TargetSpec> {
    let mut t = spec.clone();
    let mut changed = fields(ui, &mut t, names);
    if let Some(Some(k)) = kind(
        ui,
        "motion-kind",
        Motion::KINDS,
        Some(t.motion.kind()),
        None,
    ) {
        t.motion = Motion::of_kind(k, t.motion.start());
        changed = true;
    }
    let others: Vec<String> = names.iter().filter(|n| **n != t.name).cloned().collect();
    changed |= parts(ui, &mut t, &others);
    changed.then_some(t)
}

/// A list to choose a registry's kind from (`none`: the label of choosing none, if
/// that is allowed); the kind chosen, if it changed (`None` inside: none).
fn kind(
    ui: &mut egui::Ui,
    id: &str,
    kinds: &[(&str, &'static str)],
    current: Option<usize>,
    none: Option<&str>,
) -> Option<Option<usize>> {
    let mut chosen = current;
    let label = |k: Option<usize>| k.map_or(none.unwrap_or_default(), |k| kinds[k].1);
    egui::ComboBox::from_id_salt(id)
        .selected_text(label(current))
        .show_ui(ui, |ui| {
            if let Some(none) = none {
                ui.selectable_value(&mut chosen, None, none);
            }
            for (k, (_, label)) in kinds.iter().enumerate() {
                ui.selectable_value(&mut chosen, Some(k), *label);
            }
        });
    (chosen != current).then_some(chosen)
}

/// Edits a crowd: its fields, then its goal's kind (or none) and fields, from their
/// descriptions; `names` are the scenario's targets (a goal may name them). A new goal
/// is placed in the middle of the crowd's spawn area.
pub fn crowd(ui: &mut egui::Ui, spec: &CrowdSpec, names: &[String]) -> Option<CrowdSpec> {
    let mut c = spec.clone();
    let mut changed = fields(ui, &mut c, names);
    let current = c.goal.as_ref().map(Goal::kind);
    if let Some(k) = kind(
        ui,
        "goal-kind",
        Goal::KINDS,
        current,
        Some("no goal (flock only)"),
    ) {
        c.goal = k.map(|k| Goal::of_kind(k, (c.from + c.to) * 0.5));
        changed = true;
    }
    if let Some(goal) = c.goal.as_mut() {
        changed |= described(ui, goal, names);
    }
    changed.then_some(c)
}

/// Edits a launcher: its target and algorithms (what it refers to), then its fields
/// and its missile's from their descriptions.
pub fn launcher(
    ui: &mut egui::Ui,
    spec: &LauncherSpec,
    targets: &[String],
    algorithms: &[Algorithm],
) -> Option<LauncherSpec> {
    let mut l = spec.clone();
    let mut changed = false;
    egui::ComboBox::from_id_salt("launcher-target")
        .selected_text(format!("target: {}", l.target))
        .show_ui(ui, |ui| {
            for name in targets {
                changed |= ui
                    .selectable_value(&mut l.target, name.clone(), name)
                    .changed();
            }
        });
    ui.horizontal_wrapped(|ui| {
        for &algorithm in algorithms {
            let mut on = l.algorithms.contains(&algorithm);
            if ui
                .checkbox(
                    &mut on,
                    RichText::new(algorithm.id()).color(algorithm_color32(algorithm)),
                )
                .changed()
            {
                changed = true;
                if on {
                    l.algorithms.push(algorithm);
                    l.algorithms.sort();
                } else {
                    l.algorithms.retain(|a| *a != algorithm);
                }
            }
        }
    });
    changed |= described(ui, &mut l, targets);
    (changed && !l.algorithms.is_empty()).then_some(l)
}

/// One readout as a line of text.
pub fn readout_text(r: &Readout) -> String {
    let unit = if r.unit.is_empty() {
        String::new()
    } else {
        format!(" {}", r.unit)
    };
    match &r.value {
        ReadoutValue::Number(v) => format!("{}: {v:.4}{unit}", r.label),
        ReadoutValue::Angle(v) => format!("{}: {v:.4} rad ({:.2}°)", r.label, v.to_degrees()),
        ReadoutValue::Vector(v) => format!("{}: ({:.3}, {:.3}){unit}", r.label, v.x, v.y),
        ReadoutValue::Flag(v) => format!("{}: {}", r.label, if *v { "yes" } else { "no" }),
        ReadoutValue::Text(t) => format!("{}: {t}", r.label),
    }
}
