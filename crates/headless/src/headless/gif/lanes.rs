//! The worlds a GIF shows, stepped on their fixed tick: the scenario as it is (overlay),
//! or one world per compared algorithm (split), each built and restricted the way the
//! window's compare lanes and `headless::compare` build theirs. Beside each world, what
//! a picture of it needs from its past: the trails and the recent blasts and hits.

use crate::guidance::Algorithm;
use crate::scenario::Scenario;
use crate::scene::Blast;
use crate::sim::trails::Trails;
use crate::sim::World;

/// How the runs are laid out in the picture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GifLayout {
    /// The scenario as it is: every algorithm in one world.
    #[default]
    Overlay,
    /// One world per compared algorithm, side by side.
    Split,
}

/// One world of the GIF and its recent past.
pub struct Lane {
    /// The algorithm it flies alone (split), or none (every algorithm the scenario fires).
    pub algorithm: Option<Algorithm>,
    pub world: World,
    pub trails: Trails,
    pub blasts: Vec<Blast>,
}

/// The worlds for a layout: one for overlay; one per compared algorithm for split (the
/// scenario as it is when it compares none).
pub fn lanes(scenario: &Scenario, layout: GifLayout) -> Result<Vec<Lane>, String> {
    let algorithms: Vec<Option<Algorithm>> = match layout {
        GifLayout::Overlay => vec![None],
        GifLayout::Split => {
            let compared = scenario.compared();
            if compared.is_empty() {
                vec![None]
            } else {
                compared.into_iter().map(Some).collect()
            }
        }
    };
    algorithms
        .into_iter()
        .map(|algorithm| {
            let world = match algorithm {
                Some(a) => scenario.restricted_to(a).build(),
                None => scenario.build(),
            }
            .map_err(|e| format!("cannot build the scenario: {e}"))?;
            Ok(Lane {
                algorithm,
                world,
                trails: Trails::default(),
                blasts: Vec::new(),
            })
        })
        .collect()
}

impl Lane {
    /// Steps the world up to `tick`, recording trails (`keep` ticks of them) and the
    /// blasts and hits of every tick on the way.
    pub fn advance_to(&mut self, tick: u64, keep: u64) {
        while self.world.tick() < tick {
            self.world.step();
            self.trails.record(&self.world, keep);
            Blast::record(&mut self.blasts, &self.world);
        }
    }
}

/// Every algorithm whose missiles may fly in these lanes (launchers' and turrets'), for
/// the palette.
pub fn algorithms(lanes: &[Lane]) -> Vec<Algorithm> {
    let mut out: Vec<Algorithm> = Vec::new();
    for lane in lanes {
        let world = &lane.world;
        let fired = world
            .launchers()
            .iter()
            .flat_map(|l| l.algorithms().iter().copied());
        let turrets = world.turrets().iter().map(|t| t.spec.algorithm);
        out.extend(fired.chain(turrets));
    }
    out.sort();
    out.dedup();
    out
}
