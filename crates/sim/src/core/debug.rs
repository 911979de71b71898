//! Debug shapes: what an algorithm wants the viewer to see (aim points, intercepts,
//! dead-zone wedges, turn circles), as data tagged with a role. The app picks colours.

use glam::Vec2;
use serde::{Deserialize, Serialize};

/// What a debug shape means; each is drawn by one overlay ([`super::overlay`]), and the
/// app picks its colour.
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
    /// A missile's feelers for the terrain it goes round (`missile.avoid`).
    Feeler,
}

/// How a role's shapes usually look, for a legend's sample of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Glyph {
    Point,
    Line,
    Arrow,
    Circle,
    Wedge,
}

/// Every role, with what it means and how it looks, in the legends' order.
const ROLES: [(Role, &str, Glyph); 15] = [
    (
        Role::AimPoint,
        "aim point: where the missile steers now",
        Glyph::Point,
    ),
    (
        Role::InterceptPoint,
        "predicted intercept (the chosen solution)",
        Glyph::Point,
    ),
    (
        Role::AlternateIntercept,
        "the other intercept root (not chosen)",
        Glyph::Point,
    ),
    (Role::Arc, "ballistic arc the shell flies", Glyph::Line),
    (
        Role::AlternateArc,
        "the other ballistic arc (not chosen)",
        Glyph::Line,
    ),
    (
        Role::BlastRadius,
        "blast radius around the aim point",
        Glyph::Circle,
    ),
    (
        Role::DeadZone,
        "dead zone: no turn while the goal is inside",
        Glyph::Wedge,
    ),
    (
        Role::TurnCircle,
        "turn circle at the maximum turn rate",
        Glyph::Circle,
    ),
    (Role::Acceleration, "commanded acceleration", Glyph::Arrow),
    (
        Role::AchievedAcceleration,
        "achieved acceleration (what the airframe flew)",
        Glyph::Arrow,
    ),
    (
        Role::DesiredVelocity,
        "desired velocity (what the law wants)",
        Glyph::Arrow,
    ),
    (
        Role::SmoothedDirection,
        "smoothed direction s (shorter while turning)",
        Glyph::Arrow,
    ),
    (
        Role::SeekerCone,
        "seeker: field of view out to the lock range",
        Glyph::Wedge,
    ),
    (
        Role::SeenTarget,
        "the target as the seeker shows it (late, held, noisy)",
        Glyph::Point,
    ),
    (
        Role::Feeler,
        "feelers: terrain they reach turns the missile, until it is near its target",
        Glyph::Line,
    ),
];

impl Role {
    /// Every role, in the legends' order.
    pub const ALL: [Role; 15] = {
        let mut out = [Role::AimPoint; 15];
        let mut k = 0;
        while k < ROLES.len() {
            out[k] = ROLES[k].0;
            k += 1;
        }
        out
    };

    fn entry(self) -> &'static (Role, &'static str, Glyph) {
        ROLES
            .iter()
            .find(|(r, _, _)| *r == self)
            .unwrap_or(&ROLES[0])
    }

    /// What its shapes mean, in one line (the legend and the help window).
    pub fn meaning(self) -> &'static str {
        self.entry().1
    }

    /// How its shapes usually look.
    pub fn glyph(self) -> Glyph {
        self.entry().2
    }

    /// Its place in [`Role::ALL`] (the legends' order).
    pub fn order(self) -> usize {
        Role::ALL.iter().position(|r| *r == self).unwrap_or(0)
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_role_has_its_own_meaning_and_look() {
        let listed = |role: Role| match role {
            // Stops compiling when a role is added: add it to `ROLES` too.
            Role::AimPoint
            | Role::InterceptPoint
            | Role::AlternateIntercept
            | Role::DeadZone
            | Role::TurnCircle
            | Role::Acceleration
            | Role::AchievedAcceleration
            | Role::DesiredVelocity
            | Role::SmoothedDirection
            | Role::BlastRadius
            | Role::Arc
            | Role::AlternateArc
            | Role::SeekerCone
            | Role::SeenTarget
            | Role::Feeler => Role::ALL.contains(&role),
        };
        let mut meanings = std::collections::BTreeSet::new();
        for (k, role) in Role::ALL.into_iter().enumerate() {
            assert!(listed(role));
            assert_eq!(role.entry().0, role);
            assert_eq!(role.order(), k);
            assert!(
                meanings.insert(role.meaning()),
                "{role:?} shares its meaning"
            );
        }
        assert_eq!(Role::TurnCircle.glyph(), Glyph::Circle);
        assert_eq!(Role::SeekerCone.glyph(), Glyph::Wedge);
        assert_eq!(Role::Arc.glyph(), Glyph::Line);
    }
}
