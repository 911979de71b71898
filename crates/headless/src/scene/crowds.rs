//! Crowds: each agent a small triangle pointing the way it faces, its radius across at
//! least a few pixels ([`Mark::Heads`]: one mark per crowd), in the agents' colour; and
//! the selected agent's steering: its neighbourhood and neighbours, each part of its
//! blend as a named arrow and the force it steers by, and what it senses with (its
//! detection box, feelers and wander circle) ([`crate::sim::crowd::Crowd::explain`]);
//! each crowd's goal (its point, path or flow field), and the selected agent's look
//! ahead and the point its goal steers it to.

use super::labels::Label;
use super::shapes::arrow;
use super::{At, Mark, Scene, Selection, Symbol};
use crate::core::Shape;
use crate::palette;
use crate::sim::crowd::Senses;
use crate::sim::goal::Steer;
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
        if let Some(goal) = &crowd.params.goal {
            scenery(scene, &goal.scenery(crowd.lo, crowd.hi));
        }
    }
}

/// A goal's scenery (a crowd's, or a target's motion's: the flag it runs for), in the
/// goal's colour, and its legend entry if there is any.
pub(super) fn scenery(scene: &mut Scene, shapes: &[Shape]) {
    for shape in shapes {
        goal_shape(scene, shape);
    }
    if !shapes.is_empty() {
        scene.symbol(Symbol::CrowdGoal);
    }
}

/// One shape of a goal (a crowd's, or a target's flag), in the goal's colour: a point as a dot, a line, an
/// arrow (fainter: a flow field has hundreds), a circle's outline.
fn goal_shape(scene: &mut Scene, shape: &Shape) {
    let color = palette::GOAL;
    match *shape {
        Shape::Point(p) => scene.circle(At::world(p), 0.0, 4.0, true, 1.0, color),
        Shape::Line(a, b) => scene.world_line(a, b, 1.0, color),
        Shape::Arrow { from, vector } => {
            let faint = palette::with_alpha(color, palette::FLOW_ALPHA);
            scene.marks.extend(arrow(from, vector, faint));
        }
        Shape::Circle { center, radius } => {
            scene.circle(At::world(center), radius, 0.0, false, 1.0, color);
        }
        Shape::Wedge { .. } => {}
    }
}

/// The selected agent's goal: a ring where it will be when it looks ahead, and a line to
/// a dot on the point its goal steers it to.
fn goal_of(scene: &mut Scene, me: Vec2, goal: &Steer) {
    let color = palette::GOAL;
    if let Some(future) = goal.predicted {
        scene.circle(At::world(future), 0.0, 5.0, false, 1.5, color);
    }
    if let Some(point) = goal.sought {
        scene.world_line(me, point, 1.0, color);
        scene.circle(At::world(point), 0.0, 3.5, true, 1.0, color);
    }
    if goal.predicted.is_some() || goal.sought.is_some() {
        scene.symbol(Symbol::AgentGoal);
    }
}

/// The selected agent's steering: a ring round it, its neighbourhood's circle and a line
/// to each neighbour, an arrow per part of its blend that pushes (named at its tip) and
/// the force it steers by, to one scale: the longest reaches the neighbourhood's edge
/// (the inspector gives their sizes); and its senses: the detection box, the feelers,
/// and (if it wanders) the wander circle with the point it steers to.
pub(super) fn selected(scene: &mut Scene, world: &World, selected: Option<Selection>) {
    let Some(Selection::Agent { crowd, agent }) = selected else {
        return;
    };
    let Some(c) = world.crowds().get(crowd) else {
        return;
    };
    let Some(why) = c.explain(agent, world.dt()) else {
        return;
    };
    let me = c.agents[agent].pos;
    senses(scene, me, &why.senses, c.params.wander > 0.0);
    if let Some(goal) = &why.goal {
        goal_of(scene, me, goal);
    }
    let dim = palette::with_alpha(palette::DIM_TEXT, 0.8);
    scene.circle(
        At::world(me),
        c.params.neighbour_radius,
        0.0,
        false,
        1.0,
        dim,
    );
    for j in &why.neighbours {
        scene.world_line(me, c.agents[*j].pos, 1.0, dim);
    }
    let longest = (why.parts.iter().map(|(_, f)| f.length())).fold(why.total.length(), f32::max);
    let scale = c.params.neighbour_radius / longest.max(f32::MIN_POSITIVE);
    for (part, force) in why.parts.iter().filter(|(_, f)| *f != Vec2::ZERO) {
        scene
            .marks
            .extend(arrow(me, *force * scale, palette::STEERING_PART));
        scene.labels.push(Label {
            anchor: At::world(me + *force * scale),
            clear: 4.0,
            size: 14.0,
            text: part.name().to_string(),
            color: palette::STEERING_PART,
            priority: 1,
            counted: false,
        });
    }
    scene
        .marks
        .extend(arrow(me, why.total * scale, palette::SELECTED));
    let radius = c.agents[agent].radius;
    scene.circle(
        At::world(me),
        radius * 2.0,
        6.0,
        false,
        1.5,
        palette::SELECTED,
    );
    scene.symbol(Symbol::AgentSteering);
}

/// An agent's senses ([`Senses`]) from where it is (`me`): the detection box's outline,
/// a line to each feeler's tip, if `wandering`, the wander circle and a dot on the point
/// it steers to, and the collision it foresees (a ring where it and one where the other
/// will be at their closest, joined, and a line to the first).
fn senses(scene: &mut Scene, me: Vec2, senses: &Senses, wandering: bool) {
    let color = palette::SENSES;
    let corners = senses.detection_box;
    for (k, corner) in corners.iter().enumerate() {
        scene.world_line(*corner, corners[(k + 1) % corners.len()], 1.0, color);
    }
    for tip in senses.feelers {
        scene.world_line(me, tip, 1.0, color);
    }
    if wandering {
        let (centre, radius, point) = senses.wander;
        scene.circle(At::world(centre), radius, 0.0, false, 1.0, color);
        scene.circle(At::world(point), 0.0, 2.5, true, 1.0, color);
    }
    if let Some(collision) = senses.collision {
        // Where it and the other will be at their closest: a ring each, joined.
        scene.world_line(me, collision.me, 1.0, color);
        for at in [collision.me, collision.them] {
            scene.circle(At::world(at), 0.0, 4.0, false, 1.0, color);
        }
        scene.world_line(collision.me, collision.them, 1.0, color);
    }
    scene.symbol(Symbol::AgentSenses);
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

#[cfg(test)]
mod selected_tests {
    use super::super::tests::{scene_of, view, world};
    use super::*;
    use crate::sim::trails::Trails;

    /// Two agents at rest 10 units apart (separation and cohesion push, nothing else).
    const PAIR: &str = r#"(version: 1, world: (width: 1000, height: 1000),
        crowds: [(count: 2, from: (500, 500), to: (510, 500), wander: 0)])"#;

    #[test]
    fn the_selected_agent_shows_its_neighbourhood_neighbours_named_parts_and_total() {
        let w = world(PAIR);
        let c = &w.crowds()[0];
        let me = c.agents[0].pos;
        let why = c.explain(0, w.dt()).unwrap();
        let mut v = view();
        let plain = scene_of(&w, &Trails::default(), &[], &v);
        v.selected = Some(Selection::Agent { crowd: 0, agent: 0 });
        let scene = scene_of(&w, &Trails::default(), &[], &v);
        // Nothing of it unless selected.
        assert!(!plain.symbols.contains(&Symbol::AgentSteering));
        assert!(scene.symbols.contains(&Symbol::AgentSteering));
        // Its neighbourhood (30 units) and a line to its one neighbour.
        let dim = palette::with_alpha(palette::DIM_TEXT, 0.8);
        assert!(scene.marks.contains(&Mark::Circle {
            center: At::world(me),
            radius: 30.0,
            min_px: 0.0,
            fill: false,
            width: 1.0,
            color: dim
        }));
        let to = c.agents[why.neighbours[0]].pos;
        assert!(scene.marks.contains(&Mark::Line {
            a: At::world(me),
            b: At::world(to),
            width: 1.0,
            color: dim
        }));
        // The longest arrow reaches the neighbourhood's edge; the total in yellow.
        let longest = why
            .parts
            .iter()
            .map(|(_, f)| f.length())
            .fold(why.total.length(), f32::max);
        let tip = me + why.total * (30.0 / longest);
        assert!(scene.marks.iter().any(|m| matches!(m,
            Mark::Line { a, b, color, .. }
                if *a == At::world(me) && (b.world - tip).length() < 1e-3 && *color == palette::SELECTED)));
        // Each part that pushes is an arrow to the same scale, named at its tip; those
        // that do not are not drawn.
        let named: Vec<(&str, Vec2)> = scene
            .marks
            .iter()
            .filter_map(|m| match m {
                Mark::Text {
                    text, color, at, ..
                } if *color == palette::STEERING_PART => Some((text.as_str(), at.world)),
                _ => None,
            })
            .collect();
        for (part, force) in why.parts.iter().filter(|(_, f)| *f != Vec2::ZERO) {
            let tip = me + *force * (30.0 / longest);
            assert!(
                scene.marks.iter().any(|m| matches!(m,
                Mark::Line { a, b, color, .. }
                    if *a == At::world(me) && (b.world - tip).length() < 1e-3
                        && *color == palette::STEERING_PART)),
                "{}",
                part.name()
            );
            let at = named.iter().find(|(n, _)| *n == part.name()).unwrap().1;
            assert!(
                (at - tip).length() < 1e-3,
                "{} named at {at}, not {tip}",
                part.name()
            );
        }
        // A ring twice the agent's radius (3) round it, at least 6 pixels.
        assert!(scene.marks.contains(&Mark::Circle {
            center: At::world(me),
            radius: 6.0,
            min_px: 6.0,
            fill: false,
            width: 1.5,
            color: palette::SELECTED
        }));
        let named: Vec<&str> = named.iter().map(|(n, _)| *n).collect();
        let pushing: Vec<&str> = why
            .parts
            .iter()
            .filter(|(_, f)| *f != Vec2::ZERO)
            .map(|(p, _)| p.name())
            .collect();
        assert_eq!(pushing, ["separation", "cohesion"]);
        for name in &pushing {
            assert!(named.contains(name), "{name} not named: {named:?}");
        }
        assert_eq!(named.len(), pushing.len());
        // An agent or a crowd that is not there draws nothing.
        for missing in [(0, 2), (1, 0)] {
            v.selected = Some(Selection::Agent {
                crowd: missing.0,
                agent: missing.1,
            });
            let none = scene_of(&w, &Trails::default(), &[], &v);
            assert!(!none.symbols.contains(&Symbol::AgentSteering));
        }
    }

    /// The lines drawn in the senses' colour.
    fn sensed(scene: &Scene) -> Vec<(Vec2, Vec2)> {
        (scene.marks.iter())
            .filter_map(|m| match m {
                Mark::Line { a, b, color, .. } if *color == palette::SENSES => {
                    Some((a.world, b.world))
                }
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_selected_agent_shows_its_detection_box_feelers_and_wander_circle() {
        let w = world(PAIR);
        let c = &w.crowds()[0];
        let senses = c.explain(0, w.dt()).unwrap().senses;
        let me = c.agents[0].pos;
        let mut v = view();
        assert!(sensed(&scene_of(&w, &Trails::default(), &[], &v)).is_empty());
        v.selected = Some(Selection::Agent { crowd: 0, agent: 0 });
        let scene = scene_of(&w, &Trails::default(), &[], &v);
        // The box's four sides round its corners, then a line to each feeler's tip.
        let b = senses.detection_box;
        let mut want: Vec<(Vec2, Vec2)> = (0..4).map(|k| (b[k], b[(k + 1) % 4])).collect();
        want.extend(senses.feelers.map(|tip| (me, tip)));
        assert_eq!(sensed(&scene), want);
        assert!(scene.symbols.contains(&Symbol::AgentSenses));
        // This pair does not wander: no wander circle. One that does shows it, and a dot
        // where it steers to.
        let circles = |scene: &Scene| {
            (scene.marks.iter())
                .filter_map(|m| match m {
                    Mark::Circle {
                        center,
                        radius,
                        min_px,
                        fill,
                        color,
                        ..
                    } if *color == palette::SENSES => Some((center.world, *radius, *min_px, *fill)),
                    _ => None,
                })
                .collect::<Vec<_>>()
        };
        assert!(circles(&scene).is_empty());
        let w = world(&PAIR.replace("wander: 0", "wander: 1"));
        let scene = scene_of(&w, &Trails::default(), &[], &v);
        let (centre, radius, point) = w.crowds()[0].explain(0, w.dt()).unwrap().senses.wander;
        assert_eq!(
            circles(&scene),
            [(centre, radius, 0.0, false), (point, 0.0, 2.5, true)]
        );
    }

    #[test]
    fn a_small_crowds_agents_trail_in_their_colour() {
        // Lines drawn in the agents' colour (any alpha) and whether a trail is told.
        let agent_lines = |count: usize| {
            let text = format!(
                "(version: 1, world: (width: 1000, height: 1000),
                  crowds: [(count: {count}, from: (100, 100), to: (900, 900))])"
            );
            let mut w = world(&text);
            let mut trails = Trails::default();
            for _ in 0..30 {
                w.step();
                trails.record(&w, 600);
            }
            let scene = scene_of(&w, &trails, &[], &view());
            let [r, g, b, _] = palette::AGENT;
            let alphas: Vec<f32> = (scene.marks.iter())
                .filter_map(|m| match m {
                    Mark::Line { color, .. } if color[..3] == [r, g, b] => Some(color[3]),
                    _ => None,
                })
                .collect();
            (alphas, scene.symbols.contains(&Symbol::Trail))
        };
        let (alphas, told) = agent_lines(5);
        assert!(alphas.len() >= 5 && told, "{alphas:?}");
        // Faded as a target's trail is: the newest part at 0.8 x 0.5.
        let newest = alphas.iter().copied().fold(0.0, f32::max);
        assert_eq!(
            newest,
            palette::trail_alpha(0.0) * palette::TARGET_TRAIL_ALPHA
        );
        // A crowd past the trails' limit leaves none.
        let (none, told) = agent_lines(crate::sim::trails::AGENT_TRAILS + 1);
        assert!(none.is_empty() && !told);
    }

    #[test]
    fn the_selected_agent_shows_the_collision_it_steers_off() {
        // Two agents on a line seeking a point on it between them: head on, after a tick
        // from rest (looking 30 s ahead, so the slow start already sees it); the first seed that spawns them
        // either side of it.
        let text = r#"(version: 1, world: (width: 1000, height: 1000),
            crowds: [(count: 2, from: (480, 500), to: (520, 500), wander: 0, separation: 0,
                      alignment: 0, cohesion: 0, neighbour_radius: 100, collisions: 1, seed: S,
                      collision_horizon: 30, goal: Some(Seek(at: (500, 500))))])"#;
        let text = (0..20)
            .map(|seed| text.replace("seed: S", &format!("seed: {seed}")))
            .find(|text| {
                let w = world(text);
                let c = &w.crowds()[0];
                (c.agents[0].pos.x - 500.0) * (c.agents[1].pos.x - 500.0) < 0.0
            })
            .expect("a seed spawning them either side");
        let mut w = world(&text);
        w.step();
        let c = &w.crowds()[0];
        let collision = c.explain(0, w.dt()).unwrap().senses.collision;
        let collision = collision.expect("head on: a collision foreseen");
        let mut v = view();
        v.selected = Some(Selection::Agent { crowd: 0, agent: 0 });
        let scene = scene_of(&w, &Trails::default(), &[], &v);
        let me = c.agents[0].pos;
        // A line to where it will be, then one between where both will be...
        let lines = sensed(&scene);
        let tail = &lines[lines.len() - 2..];
        assert_eq!(tail, [(me, collision.me), (collision.me, collision.them)]);
        // ...with a ring at each.
        let rings: Vec<Vec2> = (scene.marks.iter())
            .filter_map(|m| match m {
                Mark::Circle {
                    center,
                    min_px,
                    color,
                    ..
                } if *color == palette::SENSES && *min_px == 4.0 => Some(center.world),
                _ => None,
            })
            .collect();
        assert_eq!(rings, [collision.me, collision.them]);
        // Without collision avoidance, none foreseen, none drawn.
        let mut w = world(&text.replace("collisions: 1", "collisions: 0"));
        w.step();
        assert_eq!(
            w.crowds()[0].explain(0, w.dt()).unwrap().senses.collision,
            None
        );
        let lines = sensed(&scene_of(&w, &Trails::default(), &[], &v));
        assert_eq!(
            lines.len(),
            7,
            "the box's four sides and three feelers only"
        );
    }
}

#[cfg(test)]
#[path = "crowd_goal_tests.rs"]
mod goal_tests;
