//! Crowds: each agent a small triangle pointing the way it faces, its radius across at
//! least a few pixels ([`Mark::Heads`]: one mark per crowd), in the agents' colour.

use super::{Mark, Scene, Symbol};
use crate::palette;
use crate::sim::World;
use glam::Vec2;

/// An agent is drawn at least this many pixels from its centre to its back corners.
pub const MIN_PX: f32 = 2.0;

/// Every agent of every crowd of `world`.
pub(super) fn crowds(scene: &mut Scene, world: &World) {
    for crowd in world.crowds() {
        let heads = crowd.agents.iter().map(|a| (a.pos, a.forward)).collect();
        scene.marks.push(Mark::Heads {
            heads,
            radius: crowd.params.radius,
            min_px: MIN_PX,
            color: palette::AGENT,
        });
        if !crowd.agents.is_empty() {
            scene.symbol(Symbol::Agent);
        }
    }
}

/// A sample agent for the legend, pointing right.
pub(super) fn sample(mid: Vec2) -> Vec<Mark> {
    vec![Mark::Heads {
        heads: vec![(mid, Vec2::X)],
        radius: 5.0,
        min_px: MIN_PX,
        color: palette::AGENT,
    }]
}

#[cfg(test)]
mod tests {
    use super::super::tests::{scene_of, view, world};
    use super::*;
    use crate::sim::trails::Trails;

    #[test]
    fn a_head_points_its_nose_along_its_direction_with_its_back_corners_either_side() {
        // Pointing down the screen (+y), 2 pixels: the nose 3 below, the back 2 above
        // and 2 to each side.
        let [nose, left, right] = super::super::head(Vec2::new(10.0, 10.0), Vec2::Y, 2.0);
        assert_eq!(nose, Vec2::new(10.0, 13.0));
        assert_eq!(left, Vec2::new(8.0, 8.0));
        assert_eq!(right, Vec2::new(12.0, 8.0));
    }

    #[test]
    fn a_crowd_is_one_mark_of_every_agent_where_it_is_facing_its_way() {
        let w = world(
            r#"(version: 1, crowds: [(count: 40, from: (10, 10), to: (90, 90), radius: 2.5)])"#,
        );
        let scene = scene_of(&w, &Trails::default(), &[], &view());
        let heads: Vec<&Mark> = (scene.marks.iter())
            .filter(|m| matches!(m, Mark::Heads { .. }))
            .collect();
        assert_eq!(heads.len(), 1);
        let Mark::Heads {
            heads,
            radius,
            min_px,
            color,
        } = heads[0]
        else {
            unreachable!()
        };
        let agents = &w.crowds()[0].agents;
        let expected: Vec<(Vec2, Vec2)> = agents.iter().map(|a| (a.pos, a.forward)).collect();
        assert_eq!(*heads, expected);
        assert_eq!((*radius, *min_px, *color), (2.5, MIN_PX, palette::AGENT));
        assert!(scene.symbols.contains(&Symbol::Agent));
        // No crowd: no mark, no symbol.
        let none = scene_of(&world("(version: 1)"), &Trails::default(), &[], &view());
        assert!(!none.marks.iter().any(|m| matches!(m, Mark::Heads { .. })));
        assert!(!none.symbols.contains(&Symbol::Agent));
    }
}
