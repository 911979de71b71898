//! The overlays of the view, declared once: each one's id (what scenario files and the
//! panel call it), its label in the panel, whether it starts on, what it shows (the help
//! window and the README list it), and the debug shapes it draws, by role. Everything
//! that names an overlay reads this table: the View section's checkboxes, the in-view
//! legend, the help window, a scenario's `view.overlays`, the README (a test compares).
//!
//! A law that draws a new kind of shape adds a [`Role`] (its meaning and look in
//! [`super::debug`]) and puts it in one overlay here; nothing else needs to change (the
//! window picks a colour for it, and draws and explains it from this table).

use super::debug::Role;

/// One overlay of the view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overlay {
    /// Its name in files and on the command line (`dead-zone`).
    pub id: &'static str,
    /// Its checkbox in the panel.
    pub label: &'static str,
    /// Whether a window opens with it on.
    pub on: bool,
    /// What it shows, in one line.
    pub help: &'static str,
    /// The debug shapes it draws (none: the window draws it from the world itself).
    pub roles: &'static [Role],
}

pub const TRAILS: Overlay = Overlay {
    id: "trails",
    label: "trails",
    on: true,
    help: "where each missile flew, fading with age (the panel sets how long)",
    roles: &[],
};
pub const VELOCITY: Overlay = Overlay {
    id: "velocity",
    label: "velocity",
    on: false,
    help: "each missile's velocity as an arrow",
    roles: &[],
};
pub const AIM: Overlay = Overlay {
    id: "aim",
    label: "aim points",
    on: true,
    help: "where each law steers now: aim points, desired velocities, smoothed directions, and the feelers of a missile going round terrain",
    roles: &[
        Role::AimPoint,
        Role::DesiredVelocity,
        Role::SmoothedDirection,
        Role::Feeler,
    ],
};
pub const INTERCEPT: Overlay = Overlay {
    id: "intercept",
    label: "intercepts (both roots)",
    on: true,
    help: "the intercept points and arcs the exact solvers chose, the ones they did not, and blast radii",
    roles: &[
        Role::InterceptPoint,
        Role::AlternateIntercept,
        Role::BlastRadius,
        Role::Arc,
        Role::AlternateArc,
    ],
};
pub const DEAD_ZONE: Overlay = Overlay {
    id: "dead-zone",
    label: "dead zone",
    on: true,
    help: "the turn-rate rule's dead zone: no turn while the goal is inside the wedge",
    roles: &[Role::DeadZone],
};
pub const TURN_CIRCLE: Overlay = Overlay {
    id: "turn-circle",
    label: "turn circle",
    on: false,
    help: "the circle a turn-rate missile flies at its largest turn rate",
    roles: &[Role::TurnCircle],
};
pub const ACCELERATION: Overlay = Overlay {
    id: "acceleration",
    label: "acceleration",
    on: true,
    help: "the acceleration each law commands and, with an airframe, what it achieved",
    roles: &[Role::Acceleration, Role::AchievedAcceleration],
};
pub const SEEKER: Overlay = Overlay {
    id: "seeker",
    label: "seeker",
    on: true,
    help: "each seeker's field of view out to its lock range, and where it shows the target",
    roles: &[Role::SeekerCone, Role::SeenTarget],
};
pub const GRID: Overlay = Overlay {
    id: "grid",
    label: "fly-program grid",
    on: true,
    help: "the fly program's 15 x 20 grid of points, numbered (with fly-program targets)",
    roles: &[],
};
pub const LABELS: Overlay = Overlay {
    id: "labels",
    label: "labels",
    on: true,
    help: "names of targets and launchers (at most 100 in a view, the selected first)",
    roles: &[],
};
pub const LEGEND: Overlay = Overlay {
    id: "legend",
    label: "legend",
    on: true,
    help: "what each symbol drawn means, in the view's corner",
    roles: &[],
};

/// Every overlay, in the panel's order.
pub const OVERLAYS: [Overlay; 11] = [
    TRAILS,
    VELOCITY,
    AIM,
    INTERCEPT,
    DEAD_ZONE,
    TURN_CIRCLE,
    ACCELERATION,
    SEEKER,
    GRID,
    LABELS,
    LEGEND,
];

/// The overlay called `id`.
pub fn by_id(id: &str) -> Option<&'static Overlay> {
    OVERLAYS.iter().find(|o| o.id == id)
}

/// The overlay that draws shapes of `role` (each role is in exactly one).
pub fn of(role: Role) -> &'static Overlay {
    OVERLAYS
        .iter()
        .find(|o| o.roles.contains(&role))
        .unwrap_or(&AIM)
}

/// Its place in [`OVERLAYS`].
pub fn index(overlay: &Overlay) -> usize {
    OVERLAYS
        .iter()
        .position(|o| o.id == overlay.id)
        .unwrap_or(0)
}

/// Which overlays are drawn: one switch per overlay of the registry
/// ([`OVERLAYS`]), in its order.
#[derive(Clone, Debug, PartialEq)]
pub struct Overlays([bool; OVERLAYS.len()]);

impl Overlays {
    /// Whether `overlay` is on.
    pub fn is_on(&self, overlay: &Overlay) -> bool {
        self.0[index(overlay)]
    }

    /// Whether the overlay that draws shapes of `role` is on.
    pub fn shows(&self, role: Role) -> bool {
        self.is_on(of(role))
    }

    /// The switch of the overlay called `id`.
    pub fn get_mut(&mut self, id: &str) -> Option<&mut bool> {
        let overlay = by_id(id)?;
        Some(&mut self.0[index(overlay)])
    }

    /// Exactly the overlays named on.
    pub fn only(names: &[String]) -> Self {
        Self(OVERLAYS.map(|o| names.iter().any(|n| n == o.id)))
    }
}

impl Default for Overlays {
    /// The registry's defaults.
    fn default() -> Self {
        Self(OVERLAYS.map(|o| o.on))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_switches_start_as_the_table_says_and_follow_their_overlay() {
        let mut on = Overlays::default();
        // Trails and aim points start on, velocity and turn circles off (the table).
        assert!(on.is_on(&TRAILS) && on.is_on(&AIM));
        assert!(!on.is_on(&VELOCITY) && !on.is_on(&TURN_CIRCLE));
        // A role shows when its overlay is on: the aim point with aim points.
        assert!(on.shows(Role::AimPoint));
        *on.get_mut("aim").unwrap() = false;
        assert!(!on.shows(Role::AimPoint) && !on.is_on(&AIM));
        assert!(on.is_on(&TRAILS), "the others keep theirs");
        assert_eq!(on.get_mut("nothing"), None);
        let only = Overlays::only(&["velocity".into()]);
        assert!(only.is_on(&VELOCITY) && !only.is_on(&TRAILS));
    }

    #[test]
    fn every_role_is_in_exactly_one_overlay_and_ids_are_unique() {
        for role in Role::ALL {
            let holders: Vec<&str> = OVERLAYS
                .iter()
                .filter(|o| o.roles.contains(&role))
                .map(|o| o.id)
                .collect();
            assert_eq!(holders.len(), 1, "{role:?} in {holders:?}");
            assert_eq!(of(role).id, holders[0]);
        }
        for (k, o) in OVERLAYS.iter().enumerate() {
            assert_eq!(by_id(o.id), Some(o));
            assert_eq!(index(o), k);
            assert!(!o.help.is_empty() && !o.label.is_empty());
        }
        assert_eq!(by_id("trials"), None);
    }
}
