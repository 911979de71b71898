//! A sweep cut into shards across machines (`docs/sweeps.md`): which shard this process
//! runs (`--shard K/N`, or the scheduler's own variables: a Slurm job array, a
//! Kubernetes Indexed Job), the line each shard's CSV starts with (the plan it belongs
//! to), and the merge of the shards' CSVs back into the whole sweep's, byte for byte.

use super::Plan;
use crate::guidance::Algorithm;
use std::collections::BTreeMap;
use std::ops::Range;

/// Shard `k` of `n` (1-based), and what said so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shard {
    pub k: usize,
    pub n: usize,
    /// `--shard`, or the scheduler's variables it came from.
    pub from: String,
}

/// The shard the scheduler's variables name, if any: a Slurm job array
/// (`SLURM_ARRAY_TASK_ID` among `SLURM_ARRAY_TASK_COUNT` tasks from
/// `SLURM_ARRAY_TASK_MIN` by `SLURM_ARRAY_TASK_STEP`), else a Kubernetes Indexed Job
/// (`JOB_COMPLETION_INDEX`, 0-based, among `JOB_COMPLETIONS`, which the job's manifest
/// sets to its `completions`). `var` reads a variable.
pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Result<Option<Shard>, String> {
    let number =
        |name: &str| -> Result<Option<u64>, String> {
            match var(name) {
                None => Ok(None),
                Some(text) => text.trim().parse().map(Some).map_err(|_| {
                    format!("{name}: expected a whole number from 0 up, found `{text}`")
                }),
            }
        };
    if let Some(id) = number("SLURM_ARRAY_TASK_ID")? {
        let count = number("SLURM_ARRAY_TASK_COUNT")?
            .ok_or("SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not")?;
        let min = number("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
        let step = number("SLURM_ARRAY_TASK_STEP")?.unwrap_or(1).max(1);
        let k = id
            .checked_sub(min)
            .filter(|d| d % step == 0)
            .map(|d| d / step + 1)
            .filter(|k| (1..=count).contains(k))
            .ok_or_else(|| {
                format!(
                    "SLURM_ARRAY_TASK_ID {id} is not one of the {count} tasks from {min} by {step}"
                )
            })?;
        return Ok(Some(Shard {
            k: k as usize,
            n: count as usize,
            from: "SLURM_ARRAY_TASK_ID".into(),
        }));
    }
    if let Some(index) = number("JOB_COMPLETION_INDEX")? {
        let count = number("JOB_COMPLETIONS")?.ok_or(
            "JOB_COMPLETION_INDEX is set but JOB_COMPLETIONS is not: set it in the job's \
             manifest to its completions (docs/sweeps.md)",
        )?;
        if index >= count {
            return Err(format!(
                "JOB_COMPLETION_INDEX {index} is not below JOB_COMPLETIONS {count}"
            ));
        }
        return Ok(Some(Shard {
            k: index as usize + 1,
            n: count as usize,
            from: "JOB_COMPLETION_INDEX".into(),
        }));
    }
    Ok(None)
}

/// What identifies a sweep's plan: a hash of the scenario (its scripts' code
/// included), the sweep (axes, runs, seed, jitter, algorithms, metric, seconds) and the
/// difference mapped. Shards of one plan merge; shards of two never do.
pub fn plan_id(plan: &Plan, diff: Option<(Algorithm, Algorithm)>) -> u64 {
    let runtime = &plan.scenario.algorithms.runtime;
    let code: Vec<(String, u64)> = runtime
        .algorithms()
        .filter_map(|a| Some((a.id().to_string(), runtime.law(a)?.0.fingerprint())))
        .collect();
    let diff = diff.map(|(a, b)| (a.id().to_string(), b.id().to_string()));
    crate::sim::hash::hash_of(&(&plan.scenario, &plan.spec, code, diff))
}

/// Rows a cell has in the CSV: one per algorithm, and the difference's.
pub fn rows_per_cell(plan: &Plan, diff: Option<(Algorithm, Algorithm)>) -> usize {
    plan.algorithms.len() + usize::from(diff.is_some())
}

/// The line a shard's CSV starts with (newline included).
pub fn shard_line(plan: &Plan, diff: Option<(Algorithm, Algorithm)>, k: usize, n: usize) -> String {
    let cells = plan.shard(k, n);
    format!(
        "{PREFIX}{k}/{n}, plan {:016x}: cells {}..{} of {}, {} rows a cell\n",
        plan_id(plan, diff),
        cells.start,
        cells.end,
        plan.cells(),
        rows_per_cell(plan, diff)
    )
}

const PREFIX: &str = "# steerlab sweep shard ";

/// What a shard's first line says.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Header {
    k: usize,
    n: usize,
    plan: u64,
    cells: Range<usize>,
    of: usize,
    rows: usize,
}

fn header(line: &str) -> Option<Header> {
    let rest = line.strip_prefix(PREFIX)?;
    let (k, rest) = rest.split_once('/')?;
    let (n, rest) = rest.split_once(", plan ")?;
    let (plan, rest) = rest.split_once(": cells ")?;
    let (start, rest) = rest.split_once("..")?;
    let (end, rest) = rest.split_once(" of ")?;
    let (of, rest) = rest.split_once(", ")?;
    let rows = rest.strip_suffix(" rows a cell")?;
    let header = Header {
        k: k.parse().ok()?,
        n: n.parse().ok()?,
        plan: u64::from_str_radix(plan, 16).ok()?,
        cells: start.parse().ok()?..end.parse().ok()?,
        of: of.parse().ok()?,
        rows: rows.parse().ok()?,
    };
    let fits = (1..=header.n).contains(&header.k)
        && header.cells.start <= header.cells.end
        && header.cells.end <= header.of;
    fits.then_some(header)
}

/// The whole sweep's CSV from its shards' (`(name, text)` each, in any order), and the
/// plan they belong to. Refused, naming the file and line: a file that is not a shard,
/// shards of other plans or another count, a shard given twice or missing, a cell
/// missing (a shard cut short) or with rows too many or too few.
pub fn merge(parts: &[(String, String)]) -> Result<(String, u64), String> {
    let mut first: Option<(&str, Header, &str)> = None;
    let mut cells: BTreeMap<usize, (&str, Vec<&str>)> = BTreeMap::new();
    let mut shards: BTreeMap<usize, &str> = BTreeMap::new();
    for (name, text) in parts {
        let mut lines = text.split_inclusive('\n');
        let top = lines.next().unwrap_or_default();
        let shard = header(top.trim_end_matches(['\r', '\n'])).ok_or_else(|| {
            format!(
                "{name}: line 1: expected `{PREFIX}K/N, plan …` (the line `steerlab sweep \
                 --shard` writes first), found `{}`",
                crate::core::text::quote(top.trim_end())
            )
        })?;
        let columns = lines.next().unwrap_or_default();
        match &first {
            None => first = Some((name, shard.clone(), columns)),
            Some((other, one, head)) => {
                if (one.plan, one.n, one.of, one.rows)
                    != (shard.plan, shard.n, shard.of, shard.rows)
                {
                    return Err(format!(
                        "{name}: line 1: shard {}/{} of plan {:016x}, but {other} is shard {}/{} \
                         of plan {:016x}: the shards of one sweep have the same scenario, \
                         flags and shard count",
                        shard.k, shard.n, shard.plan, one.k, one.n, one.plan
                    ));
                }
                if columns != *head {
                    return Err(format!("{name}: line 2: the columns differ from {other}'s"));
                }
            }
        }
        if let Some(other) = shards.insert(shard.k, name) {
            return Err(format!(
                "shard {}/{} is given twice: {other} and {name}",
                shard.k, shard.n
            ));
        }
        for (k, line) in lines.enumerate() {
            let at = k + 3;
            let cell: usize = line
                .split(',')
                .next()
                .and_then(|c| c.parse().ok())
                .filter(|c| shard.cells.contains(c))
                .ok_or_else(|| {
                    format!(
                        "{name}: line {at}: expected a row of a cell from {} to {} first, \
                         found `{}`",
                        shard.cells.start,
                        shard.cells.end.saturating_sub(1),
                        crate::core::text::quote(line.trim_end())
                    )
                })?;
            cells.entry(cell).or_insert((name, Vec::new())).1.push(line);
        }
    }
    let Some((_, one, columns)) = first else {
        return Err("--merge: expected the shards' CSV files".into());
    };
    let missing: Vec<String> = (1..=one.n)
        .filter(|k| !shards.contains_key(k))
        .map(|k| format!("{k}/{}", one.n))
        .collect();
    if !missing.is_empty() {
        return Err(format!("shards missing: {}", missing.join(", ")));
    }
    let mut out = String::from(columns);
    for cell in 0..one.of {
        match cells.get(&cell) {
            None => return Err(format!("cell {cell} is missing (its shard was cut short?)")),
            Some((name, rows)) if rows.len() != one.rows => {
                return Err(format!(
                    "{name}: cell {cell} has {} rows, expected {}",
                    rows.len(),
                    one.rows
                ))
            }
            Some((_, rows)) => rows.iter().for_each(|row| out.push_str(row)),
        }
    }
    Ok((out, one.plan))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(vars: &[(&str, &str)]) -> Result<Option<Shard>, String> {
        let vars: Vec<(String, String)> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        from_env(|name| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()))
    }

    fn kn(shard: Result<Option<Shard>, String>) -> (usize, usize) {
        let shard = shard.unwrap().unwrap();
        (shard.k, shard.n)
    }

    #[test]
    fn a_slurm_array_task_is_its_shard_counted_from_the_arrays_first_id() {
        // `--array=0-7`: ids 0 to 7 are shards 1 to 8.
        let slurm = |id: &str, min: &str| {
            env(&[
                ("SLURM_ARRAY_TASK_ID", id),
                ("SLURM_ARRAY_TASK_COUNT", "8"),
                ("SLURM_ARRAY_TASK_MIN", min),
            ])
        };
        assert_eq!(kn(slurm("0", "0")), (1, 8));
        assert_eq!(kn(slurm("7", "0")), (8, 8));
        // `--array=1-8`: the same shards.
        assert_eq!(kn(slurm("1", "1")), (1, 8));
        assert_eq!(kn(slurm("8", "1")), (8, 8));
        assert!(slurm("9", "1")
            .unwrap_err()
            .contains("not one of the 8 tasks"));
        assert!(slurm("0", "1").is_err());
        // `--array=10-40:10`: ids 10, 20, 30, 40 are shards 1 to 4.
        let stepped = |id: &str| {
            env(&[
                ("SLURM_ARRAY_TASK_ID", id),
                ("SLURM_ARRAY_TASK_COUNT", "4"),
                ("SLURM_ARRAY_TASK_MIN", "10"),
                ("SLURM_ARRAY_TASK_STEP", "10"),
            ])
        };
        assert_eq!(kn(stepped("30")), (3, 4));
        assert!(stepped("25").is_err());
        let shard = stepped("40").unwrap().unwrap();
        assert_eq!(shard.from, "SLURM_ARRAY_TASK_ID");
        assert!(env(&[("SLURM_ARRAY_TASK_ID", "2")])
            .unwrap_err()
            .contains("SLURM_ARRAY_TASK_COUNT is not"));
        assert!(env(&[
            ("SLURM_ARRAY_TASK_ID", "x"),
            ("SLURM_ARRAY_TASK_COUNT", "2")
        ])
        .unwrap_err()
        .contains("SLURM_ARRAY_TASK_ID: expected a whole number"));
    }

    #[test]
    fn a_kubernetes_indexed_job_is_its_shard_from_index_zero() {
        let k8s = |index: &str| env(&[("JOB_COMPLETION_INDEX", index), ("JOB_COMPLETIONS", "5")]);
        assert_eq!(kn(k8s("0")), (1, 5));
        assert_eq!(kn(k8s("4")), (5, 5));
        assert!(k8s("5")
            .unwrap_err()
            .contains("not below JOB_COMPLETIONS 5"));
        assert!(env(&[("JOB_COMPLETION_INDEX", "0")])
            .unwrap_err()
            .contains("JOB_COMPLETIONS is not"));
        // Slurm first, if both are set; neither: no shard.
        let both = env(&[
            ("JOB_COMPLETION_INDEX", "0"),
            ("JOB_COMPLETIONS", "5"),
            ("SLURM_ARRAY_TASK_ID", "3"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
        ]);
        assert_eq!(kn(both), (4, 4));
        assert_eq!(env(&[]), Ok(None));
    }

    /// A shard's CSV of `rows` rows a cell: cells `cells` of `of`, of plan `plan`.
    fn part(k: usize, n: usize, plan: u64, cells: Range<usize>, of: usize) -> String {
        let mut text = format!(
            "{PREFIX}{k}/{n}, plan {plan:016x}: cells {}..{} of {of}, 2 rows a cell\n",
            cells.start, cells.end
        );
        text.push_str("cell,x,algorithm\n");
        for c in cells {
            text.push_str(&format!("{c},{c}.5,a\n{c},{c}.5,b\n"));
        }
        text
    }

    fn named(parts: &[String]) -> Vec<(String, String)> {
        parts
            .iter()
            .enumerate()
            .map(|(i, t)| (format!("p{}.csv", i + 1), t.clone()))
            .collect()
    }

    #[test]
    fn shards_in_any_order_merge_into_the_columns_and_every_cells_rows() {
        let parts = [part(2, 2, 7, 3..5, 5), part(1, 2, 7, 0..3, 5)];
        let (csv, plan) = merge(&named(&parts)).unwrap();
        assert_eq!(plan, 7);
        let mut expected = String::from("cell,x,algorithm\n");
        for c in 0..5 {
            expected.push_str(&format!("{c},{c}.5,a\n{c},{c}.5,b\n"));
        }
        assert_eq!(csv, expected);
    }

    #[test]
    fn a_merge_names_what_is_missing_doubled_or_foreign() {
        let err = |parts: &[String]| merge(&named(parts)).unwrap_err();
        let one = part(1, 3, 7, 0..2, 6);
        let two = part(2, 3, 7, 2..4, 6);
        let three = part(3, 3, 7, 4..6, 6);
        assert_eq!(err(&[one.clone(), three.clone()]), "shards missing: 2/3");
        assert_eq!(
            err(&[one.clone(), two.clone(), one.clone(), three.clone()]),
            "shard 1/3 is given twice: p1.csv and p3.csv"
        );
        let foreign = part(2, 3, 8, 2..4, 6);
        assert!(err(&[one.clone(), foreign])
            .starts_with("p2.csv: line 1: shard 2/3 of plan 0000000000000008, but p1.csv is shard 1/3 of plan 0000000000000007"));
        // Cut short: the last cell lost a row, or lost both.
        let short = three.strip_suffix("5,5.5,b\n").unwrap().to_string();
        assert_eq!(
            err(&[one.clone(), two.clone(), short.clone()]),
            "p3.csv: cell 5 has 1 rows, expected 2"
        );
        let shorter = short.strip_suffix("5,5.5,a\n").unwrap().to_string();
        assert_eq!(
            err(&[one.clone(), two.clone(), shorter]),
            "cell 5 is missing (its shard was cut short?)"
        );
        // A row of a cell its shard does not hold, and a CSV that is no shard.
        let stray = format!("{two}5,5.5,a\n");
        assert!(err(&[one.clone(), stray, three.clone()]).starts_with(
            "p2.csv: line 7: expected a row of a cell from 2 to 3 first, found `5,5.5,a`"
        ));
        let whole = "cell,x,algorithm\n0,0.5,a\n".to_string();
        assert!(err(&[whole]).starts_with("p1.csv: line 1: expected `# steerlab sweep shard K/N"));
        let other_columns = two.replace("cell,x,algorithm", "cell,y,algorithm");
        assert_eq!(
            err(&[one, other_columns, three]),
            "p2.csv: line 2: the columns differ from p1.csv's"
        );
        assert_eq!(
            merge(&[]).unwrap_err(),
            "--merge: expected the shards' CSV files"
        );
    }

    #[test]
    fn a_shard_line_that_does_not_add_up_is_not_a_shard() {
        let ok =
            "# steerlab sweep shard 2/4, plan 00000000000000ff: cells 3..6 of 12, 3 rows a cell";
        assert_eq!(
            header(ok),
            Some(Header {
                k: 2,
                n: 4,
                plan: 255,
                cells: 3..6,
                of: 12,
                rows: 3
            })
        );
        for bad in [
            ok.replace("2/4", "5/4"),
            ok.replace("2/4", "0/4"),
            ok.replace("3..6", "6..3"),
            ok.replace("of 12", "of 5"),
            ok.replace("3 rows", "x rows"),
            ok.replace("plan 00000000000000ff", "plan zz"),
        ] {
            assert_eq!(header(&bad), None, "{bad}");
        }
    }
}
