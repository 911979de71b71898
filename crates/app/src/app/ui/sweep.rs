//! The Sweep window: axes chosen from menus of the scenario's numeric fields (and the
//! laws' parameters), their ranges and counts, runs, the metric; Run and Cancel with a
//! progress bar while the sandbox stays live; then one heatmap per algorithm on one
//! colour scale. Hovering a cell shows its numbers; clicking it opens that engagement
//! (its values, its worst run's seed) in the sandbox, ready to scrub.

use super::style;
use crate::app::session::sweep::SweepResult;
use crate::app::session::Session;
use crate::guidance::Algorithm;
use crate::headless::sweep::{
    axis_value, cell_colour, class_of, colour, colour_range, legend_classes, tick_label, worst,
    CellStats,
};
use crate::scenario::fields::Fields;
use crate::scenario::sweep::{AxisSpec, Metric, MAX_COUNT, MAX_RUNS};
use crate::sim::diagnosis::Class;
use egui_macroquad::egui::{self, Color32, RichText, Sense};

/// One heatmap's size in points (the window fits as many across as its width allows).
const MAP: egui::Vec2 = egui::vec2(250.0, 170.0);
/// Room for the axes' end values: left of the map (y) and under it (x).
const MARGIN: egui::Vec2 = egui::vec2(44.0, 16.0);

/// The side panel's entry: opens the window, and says how a running sweep is doing.
pub fn section(ui: &mut egui::Ui, session: &mut Session) {
    ui.horizontal(|ui| {
        if ui
            .button("Sweep…")
            .on_hover_text("map hit rate and more over one or two fields: the engagement envelope")
            .clicked()
        {
            session.sweeps.open = !session.sweeps.open;
        }
        if let Some((done, all)) = session.sweeps.progress() {
            ui.label(format!("sweeping: {done}/{all} cells"));
        }
    });
}

/// The window (each frame; also takes a finished sweep's result).
pub fn window(ctx: &egui::Context, session: &mut Session) {
    session.sweeps.poll();
    if session.sweeps.running() {
        ctx.request_repaint();
    }
    let mut open = session.sweeps.open;
    egui::Window::new("Sweep")
        .open(&mut open)
        .default_size([820.0, 640.0])
        .resizable(true)
        .vscroll(true)
        .show(ctx, |ui| contents(ui, session));
    // Closed by its ×, or by its contents (a cell opened in the view).
    session.sweeps.open &= open;
}

fn contents(ui: &mut egui::Ui, session: &mut Session) {
    let fields = session.sweeps.fields(&session.doc.scenario);
    let names: Vec<String> = fields.names().map(String::from).collect();
    let sweeps = &mut session.sweeps;
    let Some(mut spec) = sweeps.spec.take() else {
        ui.label("This scenario has no launcher: there is nothing to sweep.");
        return;
    };
    let running = sweeps.running();
    let (mut run, mut cancel) = (false, false);
    egui::Grid::new("sweep-axes").num_columns(6).show(ui, |ui| {
        axis_row(ui, "x", &mut spec.x, &names, &fields);
        ui.end_row();
        ui.checkbox(&mut sweeps.two_axes, "y");
        if sweeps.two_axes {
            let y = spec.y.get_or_insert_with(|| {
                let path = names.first().cloned().unwrap_or_default();
                let (lo, hi) = fields.suggested_range(&path);
                AxisSpec {
                    path,
                    lo,
                    hi,
                    count: 10,
                    log: false,
                }
            });
            axis_row(ui, "", y, &names, &fields);
        } else {
            ui.label(RichText::new("one axis: a strip").color(style::HELP));
        }
        ui.end_row();
    });
    ui.horizontal(|ui| {
        ui.label("runs per cell");
        ui.add(egui::DragValue::new(&mut spec.runs).range(1..=MAX_RUNS));
        ui.label("seed");
        ui.add(egui::DragValue::new(&mut spec.seed));
        let mut limited = spec.seconds.is_some();
        if ui.checkbox(&mut limited, "at most").changed() {
            spec.seconds = limited.then_some(10.0);
        }
        if let Some(seconds) = spec.seconds.as_mut() {
            ui.add(
                egui::DragValue::new(seconds)
                    .range(0.1..=3600.0)
                    .suffix(" s"),
            );
        }
    });
    ui.horizontal(|ui| {
        ui.label("metric");
        egui::ComboBox::from_id_salt("sweep-metric")
            .selected_text(spec.metric.name())
            .show_ui(ui, |ui| {
                for metric in Metric::all() {
                    ui.selectable_value(&mut spec.metric, *metric, metric.name());
                }
            });
        if running {
            cancel = ui.button("Cancel").clicked();
        } else {
            run = ui
                .button("Run")
                .on_hover_text("sweep the scenario as it is now")
                .clicked();
        }
    });
    let metric = spec.metric;
    sweeps.spec = Some(spec);
    if cancel {
        sweeps.cancel();
    }
    if run {
        sweeps.start(&session.doc.scenario);
    }
    if let Some((done, all)) = sweeps.progress() {
        ui.add(
            egui::ProgressBar::new(done as f32 / all.max(1) as f32)
                .text(format!("{done}/{all} cells")),
        );
    }
    if let Some(error) = &sweeps.error {
        ui.label(RichText::new(error).color(style::ERROR));
    }
    if let Some(status) = &sweeps.status {
        ui.label(RichText::new(status).color(style::HELP));
    }
    let Some(result) = &sweeps.result else { return };
    let mut open = None;
    if let Some(w) = worst(&result.stats) {
        let text = format!(
            "Open the worst case ({}, cell {}, run {})",
            w.algorithm, w.cell, w.worst_run
        );
        if ui
            .button(text)
            .on_hover_text("the run of the whole sweep that missed by the most")
            .clicked()
        {
            open = Some((w.cell, w.algorithm));
        }
    }
    // The numbers of the cell under the pointer (as the maps below found it last frame).
    let hovered_id = egui::Id::new("sweep-hovered");
    let hovered = ui.ctx().data(|d| d.get_temp::<Cell>(hovered_id)).flatten();
    let stats = hovered.and_then(|(cell, a)| result.plan.find(&result.stats, cell, a));
    cell_numbers(ui, result, stats);
    ui.separator();
    let (clicked, hovered) = maps(ui, result, metric);
    ui.ctx().data_mut(|d| d.insert_temp(hovered_id, hovered));
    open = open.or(clicked);
    if let Some((cell, algorithm)) = open {
        session.open_sweep_cell(cell, algorithm);
        // The engagement opens in the view: the window gets out of its way (Sweep…
        // brings it back with the maps).
        session.sweeps.open = false;
    }
}

/// One axis: its field from the menu, its range, its count, log spacing.
fn axis_row(
    ui: &mut egui::Ui,
    label: &str,
    axis: &mut AxisSpec,
    names: &[String],
    fields: &Fields,
) {
    if !label.is_empty() {
        ui.label(label);
    }
    let before = axis.path.clone();
    egui::ComboBox::from_id_salt(format!("sweep-axis-{label}"))
        .selected_text(&axis.path)
        .width(230.0)
        .height(400.0)
        .show_ui(ui, |ui| {
            for name in names {
                ui.selectable_value(&mut axis.path, name.clone(), name);
            }
        });
    if axis.path != before {
        (axis.lo, axis.hi) = fields.suggested_range(&axis.path);
    }
    let speed = ((axis.hi - axis.lo).abs() / 100.0).max(0.001);
    ui.add(
        egui::DragValue::new(&mut axis.lo)
            .speed(speed)
            .prefix("from "),
    );
    ui.add(
        egui::DragValue::new(&mut axis.hi)
            .speed(speed)
            .prefix("to "),
    );
    ui.add(
        egui::DragValue::new(&mut axis.count)
            .range(1..=MAX_COUNT)
            .suffix(" values"),
    );
    ui.checkbox(&mut axis.log, "log");
}

/// The heatmaps, one per algorithm on one colour scale, and the colour bar; returns the
/// cell clicked and the cell under the pointer, each with its algorithm.
type Cell = Option<(usize, Algorithm)>;
fn maps(ui: &mut egui::Ui, result: &SweepResult, metric: Metric) -> (Cell, Cell) {
    let plan = &result.plan;
    if metric.is_categorical() && !plan.diagnoses() {
        ui.label(RichText::new(
            "This sweep was run with another metric: press Run to diagnose its missiles and map their failure classes.",
        ).color(style::WARN));
    }
    let values = result.stats.iter().filter_map(|s| s.get(metric));
    let (lo, hi) = colour_range(values, metric, false);
    let mut clicked = None;
    let mut hovered = None;
    let across = ((ui.available_width() / (MAP.x + MARGIN.x + 12.0)) as usize).max(1);
    for row in plan.algorithms.chunks(across) {
        ui.horizontal(|ui| {
            for algorithm in row {
                ui.vertical(|ui| {
                    let [r, g, b] = algorithm.color();
                    ui.label(
                        RichText::new(algorithm.id())
                            .color(Color32::from_rgb(r, g, b))
                            .strong(),
                    );
                    let (click, hover) = map(ui, result, *algorithm, metric, (lo, hi));
                    clicked = clicked.or(click.map(|cell| (cell, *algorithm)));
                    hovered = hovered.or(hover.map(|cell| (cell, *algorithm)));
                });
            }
        });
    }
    if metric.is_categorical() {
        classes_legend(ui, result);
    } else {
        colour_bar(ui, metric, lo, hi);
    }
    let y = plan
        .y_path
        .as_deref()
        .map_or(String::new(), |y| format!(", {y} up"));
    ui.label(RichText::new(format!("{} across{y}", plan.x_path)).color(style::HELP));
    (clicked, hovered)
}

/// One algorithm's heatmap; returns the cell clicked and the cell under the pointer.
fn map(
    ui: &mut egui::Ui,
    result: &SweepResult,
    algorithm: Algorithm,
    metric: Metric,
    (lo, hi): (f64, f64),
) -> (Option<usize>, Option<usize>) {
    let plan = &result.plan;
    let (nx, ny) = (plan.xs.len(), plan.ys.len().max(1));
    let (outer, _) = ui.allocate_exact_size(MAP + MARGIN, Sense::hover());
    let rect = egui::Rect::from_min_size(outer.min + egui::vec2(MARGIN.x, 0.0), MAP);
    let response = ui.interact(
        rect,
        ui.id().with(("sweep-map", algorithm.id())),
        Sense::click(),
    );
    let response = response.on_hover_cursor(egui::CursorIcon::PointingHand);
    axis_labels(ui, rect, plan);
    response.widget_info(|| {
        egui::WidgetInfo::labeled(
            egui::WidgetType::Other,
            true,
            format!("heatmap {algorithm}"),
        )
    });
    let texture = texture(ui.ctx(), result, algorithm, metric, (lo, hi));
    let painter = ui.painter_at(rect);
    let uv = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
    painter.image(texture.id(), rect, uv, Color32::WHITE);
    let (w, h) = (rect.width() / nx as f32, rect.height() / ny as f32);
    let under = |pos: egui::Pos2| cell_at(rect, nx, ny, pos);
    let hovered = response.hover_pos().and_then(under);
    if let Some(cell) = hovered {
        let (ix, iy) = plan.index(cell);
        let min = egui::pos2(
            rect.left() + ix as f32 * w,
            rect.bottom() - (iy + 1) as f32 * h,
        );
        let outline = egui::Stroke::new(2.0, Color32::WHITE);
        painter.rect_stroke(
            egui::Rect::from_min_size(min, egui::vec2(w, h)),
            0.0,
            outline,
            egui::StrokeKind::Inside,
        );
    }
    let clicked = if response.clicked() {
        response.interact_pointer_pos().and_then(under)
    } else {
        None
    };
    (clicked, hovered)
}

/// The axes' end values around a map: x under it, y left of it.
fn axis_labels(ui: &egui::Ui, rect: egui::Rect, plan: &crate::headless::sweep::Plan) {
    let painter = ui.painter();
    let font = egui::FontId::proportional(style::SMALL - 2.0);
    let colour = style::HELP;
    let (x0, x1) = (plan.xs[0], plan.xs[plan.xs.len() - 1]);
    let below = rect.bottom() + 2.0;
    painter.text(
        egui::pos2(rect.left(), below),
        egui::Align2::LEFT_TOP,
        tick_label(x0),
        font.clone(),
        colour,
    );
    painter.text(
        egui::pos2(rect.right(), below),
        egui::Align2::RIGHT_TOP,
        tick_label(x1),
        font.clone(),
        colour,
    );
    if let (Some(y0), Some(y1)) = (plan.ys.first(), plan.ys.last()) {
        let left = rect.left() - 4.0;
        painter.text(
            egui::pos2(left, rect.bottom()),
            egui::Align2::RIGHT_BOTTOM,
            tick_label(*y0),
            font.clone(),
            colour,
        );
        painter.text(
            egui::pos2(left, rect.top()),
            egui::Align2::RIGHT_TOP,
            tick_label(*y1),
            font,
            colour,
        );
    }
}

/// What a map's texture was made from: the sweep, the metric and the colour scale.
type TextureKey = (u64, &'static str, u64, u64);

/// A map as a texture, one pixel per cell (drawn without smoothing), made again only
/// when the sweep, the metric or the scale changes: a 256 x 256 sweep is one image,
/// not 65,536 rectangles a frame.
fn texture(
    ctx: &egui::Context,
    result: &SweepResult,
    algorithm: Algorithm,
    metric: Metric,
    (lo, hi): (f64, f64),
) -> egui::TextureHandle {
    let plan = &result.plan;
    let key: TextureKey = (result.id, metric.name(), lo.to_bits(), hi.to_bits());
    let id = egui::Id::new(("sweep-map", algorithm.id()));
    if let Some((made, texture)) = ctx.data(|d| d.get_temp::<(TextureKey, egui::TextureHandle)>(id))
    {
        if made == key {
            return texture;
        }
    }
    let (nx, ny) = (plan.xs.len(), plan.ys.len().max(1));
    let mut pixels = Vec::with_capacity(nx * ny);
    for row in 0..ny {
        // The image's first row is the map's top: the last y value.
        let iy = ny - 1 - row;
        for ix in 0..nx {
            let value = plan
                .find(&result.stats, iy * nx + ix, algorithm)
                .and_then(|s| s.get(metric));
            pixels.push(match value {
                Some(v) => {
                    let [r, g, b] = cell_colour(metric, v, lo, hi);
                    Color32::from_rgb(r, g, b)
                }
                None => Color32::from_gray(90),
            });
        }
    }
    let image = egui::ColorImage {
        size: [nx, ny],
        pixels,
    };
    let texture = ctx.load_texture(
        format!("sweep {algorithm}"),
        image,
        egui::TextureOptions::NEAREST,
    );
    ctx.data_mut(|d| d.insert_temp(id, (key, texture.clone())));
    texture
}

/// The cell under `pos` in a map drawn in `rect` (x across, y up).
pub fn cell_at(rect: egui::Rect, nx: usize, ny: usize, pos: egui::Pos2) -> Option<usize> {
    if !rect.contains(pos) {
        return None;
    }
    let ix = (((pos.x - rect.left()) / rect.width()) * nx as f32) as usize;
    let iy = (((rect.bottom() - pos.y) / rect.height()) * ny as f32) as usize;
    Some(iy.min(ny - 1) * nx + ix.min(nx - 1))
}

/// The numbers of the cell under the pointer, or dashes: the block keeps its height
/// either way, so the maps below it never move under the pointer.
fn cell_numbers(ui: &mut egui::Ui, result: &SweepResult, s: Option<&CellStats>) {
    let plan = &result.plan;
    let heading = match s {
        Some(s) => {
            let (x, y) = plan.values(s.cell);
            let y = match (&plan.y_path, y) {
                (Some(path), Some(y)) => format!(", {path} = {}", axis_value(y)),
                _ => String::new(),
            };
            format!("{} = {}{y}", plan.x_path, axis_value(x))
        }
        None if plan.diagnoses() => {
            "hover a cell to see its numbers; a click opens a run of its class".into()
        }
        None => "hover a cell to see its numbers; a click opens its worst run".into(),
    };
    ui.label(RichText::new(heading).strong());
    let opt = |v: Option<f64>, unit: &str| v.map_or("-".to_string(), |v| format!("{v:.3}{unit}"));
    const NAMES: [&str; 9] = [
        "algorithm",
        "hits",
        "time to hit",
        "closest",
        "path length",
        "peak turn rate",
        "vs optimum",
        "worst run",
        "failure classes",
    ];
    let values: [String; 9] = match s {
        Some(s) => [
            s.algorithm.id().to_string(),
            format!("{} of {} ({} runs)", s.hits, s.missiles, s.runs),
            format!(
                "{} mean, {} p50, {} p90",
                opt(s.time_to_hit, " s"),
                opt(s.time_to_hit_p50, " s"),
                opt(s.time_to_hit_p90, " s")
            ),
            format!("{} mean, {:.3} worst", opt(s.closest, ""), s.closest_worst),
            opt(s.path_length, ""),
            opt(s.peak_turn_rate, " rad/s"),
            opt(s.optimum_ratio, ""),
            format!("run {} (seed {})", s.worst_run, s.worst_seed),
            classes_line(s),
        ],
        None => std::array::from_fn(|_| "-".to_string()),
    };
    let rows = NAMES.into_iter().zip(values);
    egui::Grid::new("sweep-cell").num_columns(2).show(ui, |ui| {
        for (name, value) in rows {
            ui.label(name);
            ui.label(value);
            ui.end_row();
        }
    });
}

/// A class map's legend: each class the maps show (and "no miss"), in its colour.
fn classes_legend(ui: &mut egui::Ui, result: &SweepResult) {
    let shown = legend_classes(
        result
            .stats
            .iter()
            .filter_map(|s| s.get(Metric::FailureClass)),
    );
    ui.horizontal_wrapped(|ui| {
        ui.label("failure class (most of a cell's misses):");
        for v in shown {
            let [r, g, b] = cell_colour(Metric::FailureClass, v, 0.0, 1.0);
            let name = class_of(v).map_or("no miss", |c| c.id());
            ui.label(RichText::new(format!("■ {name}")).color(Color32::from_rgb(r, g, b)));
        }
    });
}

/// Each failure class' share of a cell's missiles, most first ("-": not diagnosed).
fn classes_line(s: &CellStats) -> String {
    let Some(classes) = &s.classes else {
        return "- (the failure-class metric diagnoses them)".into();
    };
    let mut shares: Vec<(u32, &str)> = (classes.counts.iter().zip(Class::ALL))
        .filter(|(n, _)| **n > 0)
        .map(|(n, c)| (*n, c.id()))
        .collect();
    shares.sort_by_key(|s| std::cmp::Reverse(s.0));
    if shares.is_empty() {
        return "none: nothing missed".into();
    }
    let of = |n: u32| 100.0 * f64::from(n) / f64::from(s.missiles.max(1));
    (shares.iter())
        .map(|(n, name)| format!("{name} {:.0}%", of(*n)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The colour scale with its ends and its middle.
fn colour_bar(ui: &mut egui::Ui, metric: Metric, lo: f64, hi: f64) {
    ui.horizontal(|ui| {
        ui.label(format!("{}: {lo:.3}", metric.name()));
        let (rect, _) = ui.allocate_exact_size(egui::vec2(240.0, 14.0), Sense::hover());
        let steps = 60;
        for i in 0..steps {
            let v = lo + (hi - lo) * (i as f64 + 0.5) / steps as f64;
            let [r, g, b] = colour(v, lo, hi);
            let x = rect.left() + rect.width() * i as f32 / steps as f32;
            let part = egui::Rect::from_min_size(
                egui::pos2(x, rect.top()),
                egui::vec2(rect.width() / steps as f32 + 0.5, rect.height()),
            );
            ui.painter()
                .rect_filled(part, 0.0, Color32::from_rgb(r, g, b));
        }
        ui.label(format!("{hi:.3}"));
    });
}
