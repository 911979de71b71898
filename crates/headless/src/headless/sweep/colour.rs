//! The colour scale of a sweep's heatmaps (viridis) and its tick labels, and the
//! colours of a class map (one per failure class), shared by the PNG ([`super::png`])
//! and the window's maps.

use crate::core::Portable;
use crate::scenario::sweep::Metric;
use crate::sim::diagnosis::Class;
use plotters::prelude::*;
use plotters::style::colors::colormaps::ViridisRGB;

/// The colour scale of `values`: hit rate on 0..1, a difference symmetric about 0,
/// anything else from its smallest to its largest value (the window's maps share it).
pub fn colour_range(values: impl Iterator<Item = f64>, metric: Metric, diff: bool) -> (f64, f64) {
    let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    let (lo, hi) = if diff {
        let m = lo.abs().max(hi.abs());
        (-m, m)
    } else if metric == Metric::HitRate {
        (0.0, 1.0)
    } else {
        (lo, hi)
    };
    if !(lo.is_finite() && hi.is_finite()) {
        (0.0, 1.0)
    } else if hi - lo < 1e-12 {
        (lo - 0.5, hi + 0.5)
    } else {
        (lo, hi)
    }
}

/// A cell's colour: on a class map its class's ([`class_of`]), else `value` on the
/// scale `lo..hi`.
pub fn cell_colour(metric: Metric, value: f64, lo: f64, hi: f64) -> [u8; 3] {
    if !metric.is_categorical() {
        return colour(value, lo, hi);
    }
    match class_of(value) {
        Some(class) => crate::headless::diagnose::class_rgb(class),
        None => crate::palette::NO_MISS,
    }
}

/// The class a class map's value stands for (its index in [`Class::ALL`]); none for
/// a cell where nothing missed ([`super::NO_MISS`]).
pub fn class_of(value: f64) -> Option<Class> {
    (value >= 0.0)
        .then(|| Class::ALL.get(value as usize).copied())
        .flatten()
}

/// The classes a class map's `values` show, each once in the classes' order ("no miss"
/// first): its legend's entries.
pub fn legend_classes(values: impl Iterator<Item = f64>) -> Vec<f64> {
    let mut shown: Vec<f64> = values.collect();
    shown.sort_by(f64::total_cmp);
    shown.dedup();
    shown
}

/// A class map's value as the CSV writes it: the class's name, or `none`.
pub fn class_value(text: &str) -> Option<f64> {
    if text == "none" {
        return Some(super::NO_MISS);
    }
    let i = Class::ALL.iter().position(|c| c.id() == text)?;
    Some(i as f64)
}

/// The colour of `value` on the scale `lo..hi` (viridis), as RGB.
pub fn colour(value: f64, lo: f64, hi: f64) -> [u8; 3] {
    let c = ViridisRGB.get_color_normalized(value as f32, lo as f32, hi as f32);
    [c.0, c.1, c.2]
}

/// A tick label: up to 4 significant digits, without trailing zeros.
pub fn tick_label(v: f64) -> String {
    if v == 0.0 || !v.is_finite() {
        return format!("{v}");
    }
    let digits = (3 - v.abs().plog10().floor() as i32).clamp(0, 6) as usize;
    let text = format!("{v:.digits$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}
