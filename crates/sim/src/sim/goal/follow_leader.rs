//! Follow the leader: the crowd's first agent leads (it steers by the rest of the blend:
//! wander, the boids); every other arrives at the point `behind` units behind it, and
//! steps aside when in its way (Reynolds' leader following,
//! [`crate::steering::group::leader_following`]).

use super::model::{default_weight, Around, GoalModel, Steer, SLOWING, WEIGHT};
use crate::core::field::{described, number};
use crate::sim::limits::MAX_COORD;
use crate::steering::group::leader_following;
use crate::steering::Vehicle;
use glam::Vec2;
use serde::{Deserialize, Serialize};

crate::core::field_default!(default_behind: f32 = 30.0);
crate::core::field_default!(default_sight: f32 = 60.0);
crate::core::field_default!(default_slowing: f32 = 40.0);

/// Behind the crowd's first agent, out of its way.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FollowLeader {
    #[serde(
        default = "default_behind::value",
        skip_serializing_if = "default_behind::is"
    )]
    pub behind: f32,
    #[serde(
        default = "default_sight::value",
        skip_serializing_if = "default_sight::is"
    )]
    pub sight: f32,
    #[serde(
        default = "default_slowing::value",
        skip_serializing_if = "default_slowing::is"
    )]
    pub slowing: f32,
    #[serde(
        default = "default_weight::value",
        skip_serializing_if = "default_weight::is"
    )]
    pub weight: f32,
}

described!(FollowLeader {
    behind: number(0.0, MAX_COORD)
        .unit("units")
        .help("How far behind the leader (the crowd's first agent) the others head for."),
    sight: number(0.0, MAX_COORD)
        .unit("units")
        .help("An agent ahead of the leader within this distance (and half of it to the side) is in its way and steps aside."),
    slowing: SLOWING.help("Inside this distance of the point behind the leader an agent slows to stop on it."),
    weight: WEIGHT,
});

impl GoalModel for FollowLeader {
    const NAME: &'static str = "FollowLeader";
    const LABEL: &'static str = "follow the leader";

    fn starting_at(_pos: Vec2) -> Self {
        FollowLeader {
            behind: default_behind::value(),
            sight: default_sight::value(),
            slowing: default_slowing::value(),
            weight: default_weight::value(),
        }
    }

    fn weight(&self) -> f32 {
        self.weight
    }

    fn steer(&self, me: &Vehicle, around: &Around) -> Steer {
        let Some(leader) = around.agents.first().filter(|_| around.index > 0) else {
            return Steer::default();
        };
        let force = leader_following(me, leader, self.behind, self.sight, self.slowing);
        Steer::to(force, leader.pos - leader.forward * self.behind)
    }
}
