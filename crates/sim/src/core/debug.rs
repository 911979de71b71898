//! Debug shapes: what an algorithm wants the viewer to see (aim points, intercepts,
//! dead-zone wedges, turn circles), as data tagged with a role. The app picks colours.

use glam::Vec2;
use serde::{Deserialize, Serialize};

/// What a debug shape means; the app maps roles to colours and overlay toggles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Role {
    /// Where the missile is currently aiming.
    AimPoint,
    /// The predicted intercept point the algorithm chose.
    InterceptPoint,
    /// The other intercept candidate (for the quadratic, the root not chosen).
    AlternateIntercept,
    /// The dead zone of the turn-rate rule.
    DeadZone,
    /// The circle the missile flies at its maximum turn rate.
    TurnCircle,
    /// The commanded acceleration.
    Acceleration,
    /// The acceleration the airframe flew (beside the commanded one).
    AchievedAcceleration,
    /// The velocity the algorithm wants, against the one it has.
    DesiredVelocity,
    /// The smoothed step direction (scaled by its length).
    SmoothedDirection,
    /// A blast radius around a detonation point.
    BlastRadius,
    /// The trajectory a shell flies (a ballistic arc).
    Arc,
    /// The other trajectory it could have flown (the arc not chosen).
    AlternateArc,
    /// A seeker's field of view out to its lock range.
    SeekerCone,
    /// Where the seeker shows the target to the law (late, held, noisy).
    SeenTarget,
}

/// A shape in world coordinates.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Shape {
    Point(Vec2),
    Line(Vec2, Vec2),
    /// An arrow from a point along a vector (world units).
    Arrow {
        from: Vec2,
        vector: Vec2,
    },
    Circle {
        center: Vec2,
        radius: f32,
    },
    /// A wedge from `apex` around `direction` (radians) of half-angle `half_angle`.
    Wedge {
        apex: Vec2,
        direction: f32,
        half_angle: f32,
        length: f32,
    },
}

/// A shape with its meaning.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DebugShape {
    pub role: Role,
    pub shape: Shape,
}

impl DebugShape {
    pub fn new(role: Role, shape: Shape) -> Self {
        Self { role, shape }
    }
}
