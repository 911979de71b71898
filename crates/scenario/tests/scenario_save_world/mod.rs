//! The strategies of a scenario's world for the save-and-load property test
//! (`scenario_save.rs`): obstacles of every kind and crowds with any goal.

use super::point;
use super::scenario_common::*;
use steerlab::core::field::Described;
use steerlab::sim::crowd_spec::CrowdSpec;
use steerlab::sim::goal::Goal;
use steerlab::sim::obstacles::{CircleObstacle, ObstacleSpec, PolygonObstacle, WallObstacle};

pub fn obstacle() -> impl Strategy<Value = ObstacleSpec> {
    let circle =
        (point(5000.0), 0.001f32..500.0, any::<bool>()).prop_map(|(center, radius, terrain)| {
            ObstacleSpec::Circle(CircleObstacle {
                center,
                radius,
                terrain,
            })
        });
    // A right triangle: convex whatever its legs (at least 1 unit each).
    let polygon = (point(5000.0), 1.0f32..300.0, 1.0f32..300.0, any::<bool>()).prop_map(
        |(corner, w, h, terrain)| {
            ObstacleSpec::Polygon(PolygonObstacle {
                points: vec![
                    corner,
                    corner + Vec2::new(w, 0.0),
                    corner + Vec2::new(0.0, h),
                ],
                terrain,
            })
        },
    );
    let wall = (
        point(5000.0),
        1.0f32..300.0,
        -300.0f32..300.0,
        any::<bool>(),
    )
        .prop_map(|(from, dx, dy, terrain)| {
            ObstacleSpec::Wall(WallObstacle {
                from,
                to: from + Vec2::new(dx, dy),
                terrain,
            })
        });
    prop_oneof![circle, polygon, wall]
}

pub fn crowd() -> impl Strategy<Value = CrowdSpec> {
    (
        (
            "[a-z]{0,6}",
            1u32..50,
            point(5000.0),
            point(5000.0),
            any::<u64>(),
            point(100.0),
        ),
        (
            0.001f32..500.0,
            0.001f32..1000.0,
            0.001f32..20.0,
            0.001f32..100.0,
            0u32..=16,
        ),
        (0.0f32..10.0, 0.0f32..10.0, 0.0f32..10.0, 0.0f32..10.0),
        (0.0f32..10.0, 0.0f32..60.0, 0.0f32..10.0, 0.0f32..1000.0),
        (0.0f32..1000.0, 0.0f32..1000.0, 0.0f32..1000.0),
        // A goal of any kind placed anywhere with any weight (naming no target).
        prop::option::of((0..Goal::KINDS.len(), point(5000.0), 0.0f32..10.0)),
    )
        .prop_map(
            |(
                (name, count, from, to, seed, start_vel),
                (max_speed, max_force, radius, neighbour_radius, neighbours),
                (separation, alignment, cohesion, wander),
                (collisions, collision_horizon, queueing, queue_distance),
                (wander_distance, wander_radius, wander_jitter),
                goal,
            )| CrowdSpec {
                name,
                count,
                from,
                to,
                start_vel,
                seed,
                max_speed,
                max_force,
                radius,
                neighbour_radius,
                neighbours,
                separation,
                alignment,
                cohesion,
                wander,
                wander_distance,
                wander_radius,
                wander_jitter,
                collisions,
                collision_horizon,
                queueing,
                queue_distance,
                goal: goal.map(|(kind, at, weight)| {
                    let mut goal = Goal::of_kind(kind, at);
                    assert!(goal.set("weight", Value::Number(weight)));
                    goal
                }),
            },
        )
}
