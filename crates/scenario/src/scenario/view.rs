//! How a scenario opens in the window, so it makes its point without clicks: where the
//! camera looks, which overlays are on, which plot is open. Only the window reads it;
//! headless runs ignore it.

use crate::sim::limits::MAX_COORD;
use crate::sim::telemetry::Quantity;
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// The overlays a scenario can name: the registry's ids ([`crate::core::overlay`]).
pub fn overlay_ids() -> impl Iterator<Item = &'static str> {
    crate::core::overlay::OVERLAYS.iter().map(|o| o.id)
}

/// The opening view.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ViewSpec {
    /// The world point at the centre of the view (none: fit everything in view).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub center: Option<Vec2>,
    /// Pixels per world unit (none: fit everything in view).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zoom: Option<f32>,
    /// How the camera moves while the run plays (none: it stays put).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub camera: Option<super::camera::Follow>,
    /// The overlays that are on (none: the window's defaults); names from [`overlay_ids`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub overlays: Option<Vec<String>>,
    /// A plot open from the start.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plot: Option<PlotSpec>,
}

/// A plot of one quantity for some missiles (by launch order, from 0).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlotSpec {
    pub quantity: Quantity,
    pub missiles: Vec<u32>,
    /// The seconds shown at first, `(from, to)` (none: the whole flight).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<(f32, f32)>,
    /// The values shown at first, `(from, to)` (none: fitted to the values).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<(f32, f32)>,
}

/// Every problem of a view, as `(path, message)`.
pub fn problems(view: &ViewSpec) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if let Some(zoom) = view.zoom {
        if !(1.0e-4..=1.0e4).contains(&zoom) {
            out.push((
                "view.zoom".into(),
                format!("expected pixels per unit from 0.0001 to 10000, found {zoom}"),
            ));
        }
    }
    if let Some(center) = view.center {
        for (k, v) in [center.x, center.y].into_iter().enumerate() {
            if v.is_nan() || v.abs() > MAX_COORD {
                out.push((
                    format!("view.center[{k}]"),
                    format!("expected a value from -{0} to {0}, found {v}", MAX_COORD),
                ));
            }
        }
    }
    for (k, name) in view.overlays.iter().flatten().enumerate() {
        if crate::core::overlay::by_id(name).is_none() {
            out.push((
                format!("view.overlays[{k}]"),
                format!(
                    "unknown overlay `{}`, expected one of: {}",
                    super::messages::quote(name),
                    overlay_ids().collect::<Vec<_>>().join(", ")
                ),
            ));
        }
    }
    if let Some(plot) = &view.plot {
        for (name, span) in [("time", plot.time), ("range", plot.range)] {
            let Some((from, to)) = span else { continue };
            if !(from.is_finite() && to.is_finite() && from < to) {
                out.push((
                    format!("view.plot.{name}"),
                    format!("expected (from, to) with from below to, found ({from}, {to})"),
                ));
            }
        }
        if plot.missiles.len() > 16 {
            out.push((
                "view.plot.missiles".into(),
                format!(
                    "expected at most 16 missiles, found {}",
                    plot.missiles.len()
                ),
            ));
        }
    }
    out
}

/// How the scenario shows in an article's iframe (the web build's `?embed`): the view,
/// play and restart, and the sliders named here.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EmbedSpec {
    /// Parameters given a slider, as `ALGORITHM.PARAMETER` (`smoothed.ga`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sliders: Vec<String>,
}

/// The most sliders an embed shows.
pub const MAX_EMBED_SLIDERS: usize = 8;

/// An embed slider's algorithm and parameter, or why it names none.
pub fn embed_slider(
    name: &str,
    tuning: &crate::guidance::Tuning,
) -> Result<(crate::guidance::Algorithm, &'static str), String> {
    let Some((id, param)) = name.split_once('.') else {
        return Err(format!(
            "expected ALGORITHM.PARAMETER (like `smoothed.ga`), found `{}`",
            name.escape_debug()
        ));
    };
    let algorithm = tuning
        .algorithms()
        .into_iter()
        .find(|a| a.id() == id)
        .ok_or_else(|| {
            let ids: Vec<&str> = tuning.algorithms().iter().map(|a| a.id()).collect();
            format!(
                "no algorithm `{}`; expected one of {}",
                id.escape_debug(),
                ids.join(", ")
            )
        })?;
    let specs = algorithm.params();
    specs
        .iter()
        .find(|s| s.name == param)
        .map(|s| (algorithm, s.name))
        .ok_or_else(|| {
            let names: Vec<&str> = specs.iter().map(|s| s.name).collect();
            format!(
                "`{id}` has no parameter `{}`; its parameters: {}",
                param.escape_debug(),
                names.join(", ")
            )
        })
}

/// What is wrong with an embed section, by field.
pub fn embed_problems(
    embed: &EmbedSpec,
    tuning: &crate::guidance::Tuning,
) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if embed.sliders.len() > MAX_EMBED_SLIDERS {
        out.push((
            "embed.sliders".into(),
            format!(
                "expected at most {MAX_EMBED_SLIDERS} sliders, found {}",
                embed.sliders.len()
            ),
        ));
        return out;
    }
    for (i, name) in embed.sliders.iter().enumerate() {
        if let Err(why) = embed_slider(name, tuning) {
            out.push((format!("embed.sliders[{i}]"), why));
        }
    }
    out
}
