//! Launchers (a square each, framed when Launch fires from it, small in a crowd) and
//! turrets (a disc with its barrel toward what it locked on, and its danger height).

use super::{labels, At, Mark, Scene, Selection, Symbol, View};
use crate::palette;
use crate::sim::World;
use glam::Vec2;

/// The corners of a square `half` pixels from its centre each way.
fn square(at: At, half: f32) -> Vec<At> {
    [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
        .into_iter()
        .map(|(x, y)| at.offset(Vec2::new(x, y) * half))
        .collect()
}

/// Launchers past this many are drawn as small squares (a recording's missiles each
/// have one, where their track starts: hundreds of full squares hide the view).
pub const CROWD_LAUNCHERS: usize = 100;

pub(super) fn launchers(scene: &mut Scene, world: &World, view: &View, labels: bool) {
    let half = if world.launchers().len() > CROWD_LAUNCHERS {
        2.5
    } else {
        7.0
    };
    for (i, launcher) in world.launchers().iter().enumerate() {
        let at = At::world(launcher.spec.pos);
        scene.marks.push(Mark::Polygon {
            points: square(at, half),
            color: palette::LAUNCHER,
        });
        scene.symbol(Symbol::Launcher);
        let chosen = view.launcher == Some(i) || view.selected == Some(Selection::Launcher(i));
        if chosen {
            let ring = square(at, 11.0);
            for k in 0..4 {
                scene.line(ring[k], ring[(k + 1) % 4], 2.0, palette::SELECTED);
            }
        }
        if labels && !launcher.spec.name.is_empty() {
            scene.labels.push(labels::Label {
                anchor: at,
                clear: 10.0,
                size: 16.0,
                text: launcher.spec.name.clone(),
                color: palette::DIM_TEXT,
                priority: if chosen { 0 } else { 2 },
                counted: true,
            });
        }
    }
    for turret in world.turrets() {
        let at = At::world(turret.spec.pos);
        scene.circle(at, 0.0, 10.0, true, 1.0, palette::LAUNCHER);
        let up = Vec2::new(0.0, -1.0);
        let aim = turret
            .locked
            .and_then(|id| world.target(id))
            .map_or(up, |t| (t.pos - turret.spec.pos).normalize_or(up));
        scene.line(at, at.offset(aim * 20.0), 4.0, palette::LAUNCHER);
        let danger = world.ground() - turret.spec.danger_height;
        scene.world_line(
            Vec2::new(0.0, danger),
            Vec2::new(world.config.width, danger),
            1.0,
            palette::DANGER,
        );
        scene.symbols.extend([Symbol::Turret, Symbol::Danger]);
    }
}
