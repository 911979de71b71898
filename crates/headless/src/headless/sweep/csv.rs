//! A sweep's CSV: one row per cell and algorithm with every metric (and, with a diff,
//! one more row per cell: `A-B`, each metric of A minus B's). A diagnosed sweep (the
//! failure-class metric) adds the class most of the cell's misses have (`none` when
//! nothing missed) and each class's share of its missiles (`share-orbit`, …). Numbers are written in
//! their shortest form (to f32 precision), so the file is the same whatever the number of threads;
//! timings never go into it.

use super::stats::CellStats;
use super::Plan;
use crate::guidance::Algorithm;
use crate::scenario::sweep::Metric;
use crate::sim::diagnosis::Class;
use std::io::Write;

/// Writes the header and the rows of `stats` (as [`Plan::run`] returns them).
pub fn write_csv(
    plan: &Plan,
    stats: &[CellStats],
    diff: Option<(Algorithm, Algorithm)>,
    out: impl Write,
) -> std::io::Result<()> {
    let mut out = ::csv::Writer::from_writer(out);
    let mut header = vec!["cell".to_string(), plan.x_path.clone()];
    header.extend(plan.y_path.clone());
    header.extend(["algorithm", "runs", "missiles", "hits"].map(String::from));
    header.extend(Metric::every().iter().map(|m| m.name().to_string()));
    header.extend(["worst_run", "worst_seed"].map(String::from));
    let classes = plan.diagnoses();
    if classes {
        header.push(Metric::FailureClass.name().to_string());
        header.extend(Class::ALL.iter().map(|c| format!("share-{}", c.id())));
    }
    out.write_record(&header)?;
    // The metrics come from f32 flights: written to f32 precision, shortest form.
    let number = |v: Option<f64>| v.map_or(String::new(), |v| (v as f32).to_string());
    let axes = |cell: usize| {
        let (x, y) = plan.values(cell);
        let mut row = vec![cell.to_string(), x.to_string()];
        row.extend(y.map(|y| y.to_string()));
        row
    };
    for (i, s) in stats.iter().enumerate() {
        let mut row = axes(s.cell);
        row.push(s.algorithm.id().to_string());
        row.extend([s.runs, s.missiles, s.hits].map(|n| n.to_string()));
        row.extend(Metric::every().iter().map(|m| number(s.get(*m))));
        row.extend([s.worst_run.to_string(), s.worst_seed.to_string()]);
        if classes {
            let most = s
                .classes
                .as_ref()
                .filter(|_| s.missiles > 0)
                .map(|c| c.most());
            row.push(match most {
                Some(Some(class)) => class.id().to_string(),
                Some(None) => "none".to_string(),
                None => String::new(),
            });
            row.extend(Class::ALL.iter().map(|c| number(s.share(*c))));
        }
        out.write_record(&row)?;
        let last_of_cell = stats.get(i + 1).is_none_or(|next| next.cell != s.cell);
        if let (Some((a, b)), true) = (diff, last_of_cell) {
            let of = |algorithm| plan.find(stats, s.cell, algorithm);
            if let (Some(sa), Some(sb)) = (of(a), of(b)) {
                let mut row = axes(s.cell);
                row.push(format!("{a}-{b}"));
                row.extend(["", "", ""].map(String::from));
                row.extend(
                    Metric::every()
                        .iter()
                        .map(|m| number(difference(sa, sb, *m))),
                );
                row.extend(["", ""].map(String::from));
                if classes {
                    row.extend((0..=Class::ALL.len()).map(|_| String::new()));
                }
                out.write_record(&row)?;
            }
        }
    }
    out.flush()
}

/// A's metric minus B's, where both have one (classes have no difference).
pub fn difference(a: &CellStats, b: &CellStats, metric: Metric) -> Option<f64> {
    if metric.is_categorical() {
        return None;
    }
    Some(a.get(metric)? - b.get(metric)?)
}
