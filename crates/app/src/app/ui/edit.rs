//! Editors for targets and launchers in the panel (each returns the edited copy when
//! the user changed something), and the text form of an algorithm's readouts.

use crate::app::render::colors::algorithm_color32;
use crate::guidance::{Algorithm, Readout, ReadoutValue};
use crate::sim::launcher::LauncherSpec;
use crate::sim::motion::{Described, FieldKind, FieldSpec, FieldValue};
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

fn number(ui: &mut egui::Ui, label: &str, v: &mut f32, speed: f64) -> bool {
    ui.horizontal(|ui| {
        ui.label(label);
        ui.add(egui::DragValue::new(v).speed(speed)).changed()
    })
    .inner
}

/// A field's label with its unit.
fn labelled(field: &FieldSpec) -> String {
    if field.unit.is_empty() {
        field.label.to_string()
    } else {
        format!("{} ({})", field.label, field.unit)
    }
}

/// The widget of one motion field, from its description; the new value if changed.
fn field_widget(
    ui: &mut egui::Ui,
    field: &FieldSpec,
    value: FieldValue,
    names: &[String],
) -> Option<FieldValue> {
    let label = labelled(field);
    match (field.kind, value) {
        (FieldKind::Number { min, max }, FieldValue::Number(mut v)) => {
            // Fine enough to show and drag a drag coefficient of 0.0005 (range 0..0.1).
            let speed = ((max - min) as f64 / 2000.0).clamp(0.000_01, 1.0);
            ui.horizontal(|ui| {
                ui.label(label);
                ui.add(egui::DragValue::new(&mut v).speed(speed).range(min..=max))
                    .changed()
            })
            .inner
            .then_some(FieldValue::Number(v))
        }
        (FieldKind::Point { .. } | FieldKind::Vector { .. }, FieldValue::Point(mut v)) => {
            vec2(ui, &label, &mut v).then_some(FieldValue::Point(v))
        }
        (FieldKind::Flag, FieldValue::Flag(mut v)) => ui
            .checkbox(&mut v, label)
            .changed()
            .then_some(FieldValue::Flag(v)),
        (FieldKind::Points { max, .. }, FieldValue::Points(mut points)) => {
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
            changed.then_some(FieldValue::Points(points))
        }
        (FieldKind::Program, FieldValue::Program(program)) => {
            // The text being typed lives in egui's memory until the field is left (it
            // is only a program once it parses).
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
                parsed
                    .filter(|new| *new != program)
                    .map(FieldValue::Program)
            })
            .inner
        }
        (FieldKind::TargetName, FieldValue::TargetName(mut name)) => {
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
            changed.then_some(FieldValue::TargetName(name))
        }
        (FieldKind::Samples { .. }, FieldValue::Samples(n)) => {
            ui.label(format!("{}: {n} (recorded, not edited here)", field.label));
            None
        }
        _ => None,
    }
}

/// Edits a target's radius and motion, with widgets generated from the motion's own
/// description. The session checks the edit against the file's rules before applying it
/// ([`crate::app::Session::edit_scenario`]).
pub fn target(ui: &mut egui::Ui, spec: &TargetSpec, names: &[String]) -> Option<TargetSpec> {
    let mut t = spec.clone();
    let mut changed = number(ui, "radius", &mut t.radius, 0.5);
    changed |= ui
        .checkbox(&mut t.destructible, "destructible (a hit removes it)")
        .changed();
    let mut kind = t.motion.kind();
    egui::ComboBox::from_id_salt("motion-kind")
        .selected_text(Motion::KINDS[kind].1)
        .show_ui(ui, |ui| {
            for (k, (_, label)) in Motion::KINDS.iter().enumerate() {
                if ui.selectable_value(&mut kind, k, *label).changed() {
                    t.motion = Motion::of_kind(k, t.motion.start());
                    changed = true;
                }
            }
        });
    let others: Vec<String> = names.iter().filter(|n| **n != t.name).cloned().collect();
    changed |= described(ui, &mut t.motion, &others);
    changed |= optional(ui, "flares (decoys against seekers)", &mut t.flares);
    changed.then_some(t)
}

/// The widgets of every field of a self-describing value (a motion, an airframe), from
/// its description; whether any changed.
fn described(ui: &mut egui::Ui, value: &mut dyn Described, names: &[String]) -> bool {
    let mut changed = false;
    for field in value.fields() {
        let Some(current) = value.get(field.name) else {
            continue;
        };
        ui.push_id(field.name, |ui| {
            if let Some(new) = field_widget(ui, field, current, names) {
                changed |= value.set(field.name, new);
            }
        });
    }
    changed
}

/// A checkbox that adds (with its defaults) or removes an optional self-describing part
/// (an airframe, a seeker), and the part's fields while it is there; whether any changed.
fn optional<T: Described + Default>(ui: &mut egui::Ui, label: &str, part: &mut Option<T>) -> bool {
    let mut on = part.is_some();
    let mut changed = ui.checkbox(&mut on, label).changed();
    if changed {
        *part = on.then(T::default);
    }
    if let Some(value) = part {
        ui.push_id(label, |ui| changed |= described(ui, value, &[]));
    }
    changed
}

/// Edits a launcher's target, algorithms, timing and start velocity.
pub fn launcher(
    ui: &mut egui::Ui,
    spec: &LauncherSpec,
    targets: &[String],
    algorithms: &[Algorithm],
) -> Option<LauncherSpec> {
    let mut l = spec.clone();
    let mut changed =
        vec2(ui, "pos", &mut l.pos) | vec2(ui, "start velocity", &mut l.launch_velocity);
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
    let mut every = l.every.unwrap_or(0.0);
    if number(ui, "every (s, 0 = once)", &mut every, 0.1) {
        l.every = (every > 0.0).then_some(every);
        changed = true;
    }
    changed |= number(ui, "lifetime (s)", &mut l.missile.lifetime, 0.1);
    changed |= optional(
        ui,
        "airframe limits (off: an ideal point)",
        &mut l.missile.airframe,
    );
    changed |= optional(
        ui,
        "seeker (off: sees the target as it is)",
        &mut l.missile.seeker,
    );
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
