//! A sweep's heatmaps as a PNG (plotters, bitmap backend): one panel per algorithm (or
//! one for a diff), all on one colour scale shown by the colour bar, with the axes'
//! field paths, ticks and a title. Text is drawn from a font built into the program
//! (Ubuntu Light, from `epaint_default_fonts`), so no system font is needed.

use super::colour::{cell_colour, class_of, class_value, colour_range, legend_classes, tick_label};
use super::Plan;
use crate::core::Portable;
use crate::guidance::Algorithm;
use crate::scenario::sweep::Metric;
use plotters::prelude::*;

const FONT: &str = "sans-serif";
const PANEL: (u32, u32) = (520, 440);
const BAR_WIDTH: u32 = 150;
const TITLE_HEIGHT: u32 = 44;
/// Cells without a value (no hits for a time metric, no missiles).
const EMPTY: RGBColor = RGBColor(200, 200, 200);

/// One panel: its caption and each cell's value.
struct Panel {
    caption: String,
    values: Vec<Option<f64>>,
}

/// The panels of a sweep's CSV (as [`super::write_csv`] writes it, or the merge of its
/// shards): one per algorithm, or the difference A - B. The heatmaps show the numbers
/// the CSV holds (to 32-bit precision), so a merged sweep draws the same picture.
fn panels(
    plan: &Plan,
    csv: &str,
    metric: Metric,
    diff: Option<(Algorithm, Algorithm)>,
) -> Result<Vec<Panel>, String> {
    let (labels, captions): (Vec<String>, Vec<String>) = match diff {
        Some((a, b)) => (vec![format!("{a}-{b}")], vec![format!("{a} - {b}")]),
        None => plan
            .algorithms
            .iter()
            .map(|a| (a.id().to_string(), a.id().to_string()))
            .unzip(),
    };
    let mut reader = ::csv::Reader::from_reader(csv.as_bytes());
    let header = reader.headers().map_err(|e| e.to_string())?.clone();
    let column = |name: &str| {
        header
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| format!("the sweep's CSV has no column `{name}`"))
    };
    let (label_at, value_at) = (column("algorithm")?, column(metric.name())?);
    let mut values = vec![vec![None; plan.cells()]; labels.len()];
    for (k, record) in reader.records().enumerate() {
        let record = record.map_err(|e| e.to_string())?;
        let bad = || format!("the sweep's CSV, line {}: not a row of this sweep", k + 2);
        let cell: usize = record[0].parse().map_err(|_| bad())?;
        let Some(panel) = labels.iter().position(|l| *l == record[label_at]) else {
            continue;
        };
        let value = &record[value_at];
        let slot = values[panel].get_mut(cell).ok_or_else(bad)?;
        *slot = match value {
            "" => None,
            v if metric.is_categorical() => Some(class_value(v).ok_or_else(bad)?),
            v => Some(f64::from(v.parse::<f32>().map_err(|_| bad())?)),
        };
    }
    Ok(captions
        .into_iter()
        .zip(values)
        .map(|(caption, values)| Panel { caption, values })
        .collect())
}

/// The edges of the cells around `values` (midpoints; geometric ones on a log axis),
/// in plot coordinates (the natural log of the value on a log axis).
fn edges(values: &[f64], log: bool) -> Vec<f64> {
    let v: Vec<f64> = values
        .iter()
        .map(|&v| if log { v.pln() } else { v })
        .collect();
    if v.len() == 1 || v[0] == v[v.len() - 1] {
        // One value, or the same value repeated (`5..5:3`): cells of width 1 around it.
        let n = v.len() as f64;
        return (0..=v.len()).map(|i| v[0] - n / 2.0 + i as f64).collect();
    }
    let mut out = vec![v[0] - (v[1] - v[0]) / 2.0];
    out.extend(v.windows(2).map(|w| (w[0] + w[1]) / 2.0));
    out.push(v[v.len() - 1] + (v[v.len() - 1] - v[v.len() - 2]) / 2.0);
    out
}

/// The heatmaps of a sweep's CSV (its rows as [`super::write_csv`] writes them) as the
/// bytes of a PNG (to be written as every file is: [`crate::files::write_output`]).
pub fn png(
    plan: &Plan,
    csv: &str,
    metric: Metric,
    diff: Option<(Algorithm, Algorithm)>,
) -> Result<Vec<u8>, String> {
    static FONT_READY: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let ready = *FONT_READY.get_or_init(|| {
        plotters::style::register_font(FONT, FontStyle::Normal, epaint_default_fonts::UBUNTU_LIGHT)
            .is_ok()
    });
    if !ready {
        return Err("the heatmap's font could not be loaded".into());
    }
    let panels = panels(plan, csv, metric, diff)?;
    let columns = panels.len().clamp(1, 3) as u32;
    let rows = panels.len().div_ceil(3).max(1) as u32;
    let size = (PANEL.0 * columns + BAR_WIDTH, PANEL.1 * rows + TITLE_HEIGHT);
    let mut rgb = vec![0u8; size.0 as usize * size.1 as usize * 3];
    draw(plan, &panels, metric, diff.is_some(), &mut rgb, size)
        .map_err(|e| format!("cannot draw the heatmaps: {e}"))?;
    let mut png = std::io::Cursor::new(Vec::new());
    image::write_buffer_with_format(
        &mut png,
        &rgb,
        size.0,
        size.1,
        image::ColorType::Rgb8,
        image::ImageFormat::Png,
    )
    .map_err(|e| format!("cannot encode the heatmaps as PNG: {e}"))?;
    Ok(png.into_inner())
}

fn draw(
    plan: &Plan,
    panels: &[Panel],
    metric: Metric,
    diff: bool,
    rgb: &mut [u8],
    size: (u32, u32),
) -> Result<(), Box<dyn std::error::Error>> {
    let root = BitMapBackend::with_buffer(rgb, size).into_drawing_area();
    root.fill(&WHITE)?;
    let title = format!(
        "{}: {}{} ({} run{} per cell)",
        if plan.scenario.name.is_empty() {
            "sweep"
        } else {
            &plan.scenario.name
        },
        metric.name(),
        if diff { " difference" } else { "" },
        plan.spec.runs,
        if plan.spec.runs == 1 { "" } else { "s" },
    );
    let (top, body) = root.split_vertically(TITLE_HEIGHT);
    top.titled(&title, (FONT, 22))?;
    let (grid, bar) = body.split_horizontally(size.0 - BAR_WIDTH);
    let columns = panels.len().clamp(1, 3);
    let rows = panels.len().div_ceil(3).max(1);
    let values = panels
        .iter()
        .flat_map(|p| p.values.iter().flatten().copied());
    let (lo, hi) = colour_range(values, metric, diff);
    let colour = |v: Option<f64>| match v {
        Some(v) => {
            let [r, g, b] = cell_colour(metric, v, lo, hi);
            RGBColor(r, g, b)
        }
        None => EMPTY,
    };
    let x_log = plan.spec.x.log;
    let y_log = plan.spec.y.as_ref().is_some_and(|y| y.log);
    let xe = edges(&plan.xs, x_log);
    let ye = if plan.ys.is_empty() {
        vec![0.0, 1.0]
    } else {
        edges(&plan.ys, y_log)
    };
    let x_label = move |v: &f64| tick_label(if x_log { v.pexp() } else { *v });
    let y_label = move |v: &f64| tick_label(if y_log { v.pexp() } else { *v });
    for (area, panel) in grid.split_evenly((rows, columns)).iter().zip(panels) {
        let mut chart = ChartBuilder::on(area)
            .caption(&panel.caption, (FONT, 18))
            .margin(10)
            .x_label_area_size(46)
            .y_label_area_size(if plan.ys.is_empty() { 10 } else { 64 })
            .build_cartesian_2d(xe[0]..xe[xe.len() - 1], ye[0]..ye[ye.len() - 1])?;
        let mut mesh = chart.configure_mesh();
        mesh.disable_mesh()
            .x_desc(plan.x_path.as_str())
            .x_label_formatter(&x_label)
            .y_label_formatter(&y_label)
            .label_style((FONT, 13))
            .axis_desc_style((FONT, 15));
        if let Some(y) = &plan.y_path {
            mesh.y_desc(y.as_str());
        } else {
            mesh.y_labels(0);
        }
        mesh.draw()?;
        chart.draw_series(panel.values.iter().enumerate().map(|(cell, v)| {
            let (ix, iy) = plan.index(cell);
            Rectangle::new(
                [(xe[ix], ye[iy]), (xe[ix + 1], ye[iy + 1])],
                colour(*v).filled(),
            )
        }))?;
    }
    if metric.is_categorical() {
        classes_legend(&bar, panels, &colour)?;
        root.present()?;
        return Ok(());
    }
    // The scale's labels on its right, the metric's name beside them.
    let mut legend = ChartBuilder::on(&bar.margin(54, 56, 8, 6))
        .set_label_area_size(LabelAreaPosition::Right, 84)
        .build_cartesian_2d(0.0..1.0, lo..hi)?;
    legend
        .configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_desc(metric.name())
        .y_label_formatter(&|v: &f64| tick_label(*v))
        .label_style((FONT, 13))
        .axis_desc_style((FONT, 15))
        .draw()?;
    let steps = 100;
    legend.draw_series((0..steps).map(|i| {
        let a = lo + (hi - lo) * i as f64 / steps as f64;
        let b = lo + (hi - lo) * (i + 1) as f64 / steps as f64;
        Rectangle::new([(0.0, a), (1.0, b)], colour(Some((a + b) / 2.0)).filled())
    }))?;
    root.present()?;
    Ok(())
}

/// A class map's legend: a swatch and the name of each class the maps show (and of
/// the cells where nothing missed), in the classes' order.
fn classes_legend<DB: DrawingBackend>(
    bar: &DrawingArea<DB, plotters::coord::Shift>,
    panels: &[Panel],
    colour: &dyn Fn(Option<f64>) -> RGBColor,
) -> Result<(), Box<dyn std::error::Error>>
where
    DB::ErrorType: 'static,
{
    let shown = legend_classes(
        panels
            .iter()
            .flat_map(|p| p.values.iter().flatten().copied()),
    );
    let area = bar.margin(54, 8, 8, 6);
    area.draw(&Text::new("failure class", (0, 0), (FONT, 15)))?;
    for (k, v) in shown.iter().enumerate() {
        let y = 28 + 24 * k as i32;
        area.draw(&Rectangle::new(
            [(0, y), (18, y + 16)],
            colour(Some(*v)).filled(),
        ))?;
        let name = class_of(*v).map_or("no miss", |c| c.id());
        area.draw(&Text::new(name, (26, y + 1), (FONT, 14)))?;
    }
    Ok(())
}
