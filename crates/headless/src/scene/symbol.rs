//! What the legend explains: every kind of thing the scene draws, with its meaning. The
//! view's legend lists the symbols drawn in a frame; the help lists them all, each with
//! its sample ([`super::sample`]).

/// Something drawn that the legend explains.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symbol {
    Target,
    Launcher,
    Turret,
    Missile,
    Flare,
    Trail,
    Velocity,
    /// A debug shape of the role at this place of [`crate::core::Role::ALL`].
    Shape(u8),
    Blast,
    Ghost,
    PendingTarget,
    LeavingTarget,
    FlyGrid,
    DeathLine,
    Ground,
    Danger,
    Terrain,
    Obstacle,
    Agent,
    AgentSteering,
    AgentSenses,
    CrowdGoal,
    AgentGoal,
}

impl Symbol {
    /// Every symbol the scene may draw, in the legend's order (the help lists them all).
    pub fn all() -> Vec<Symbol> {
        let shapes = (0..crate::core::Role::ALL.len()).map(|k| Symbol::Shape(k as u8));
        let mut all = vec![
            Symbol::Target,
            Symbol::Launcher,
            Symbol::Turret,
            Symbol::Missile,
            Symbol::Flare,
            Symbol::Trail,
            Symbol::Velocity,
        ];
        all.extend(shapes);
        all.extend([
            Symbol::Blast,
            Symbol::Ghost,
            Symbol::PendingTarget,
            Symbol::LeavingTarget,
            Symbol::FlyGrid,
            Symbol::DeathLine,
            Symbol::Ground,
            Symbol::Danger,
            Symbol::Terrain,
            Symbol::Obstacle,
            Symbol::Agent,
            Symbol::AgentSteering,
            Symbol::AgentSenses,
            Symbol::CrowdGoal,
            Symbol::AgentGoal,
        ]);
        all
    }

    /// What it means, in the legend.
    pub fn meaning(self) -> &'static str {
        match self {
            Symbol::Target => "target: its hit radius (yellow ring: selected)",
            Symbol::Launcher => "launcher (yellow frame: the one Launch fires, or selected)",
            Symbol::Turret => "turret: its barrel points at the target it locked",
            Symbol::Missile => "missile, pointing along its heading (a heat-seeker: a tail)",
            Symbol::Flare => "flare: a burning decoy a seeker may take for its target",
            Symbol::FlyGrid => "fly-program grid points (the inner frame: the article's screen)",
            Symbol::DeathLine => "death line: a fly-program target crossing it leaves",
            Symbol::Ground => "ground: falling asteroids are lost there",
            Symbol::Danger => "danger height: a turret picks the closest target below it",
            Symbol::Terrain => "terrain: a missile touching it ends there (hit terrain)",
            Symbol::Obstacle => "obstacle: crowds steer round it, missiles fly through",
            Symbol::Agent => {
                "crowd agent: a vehicle flocking (Reynolds' boids), pointing the way it faces"
            }
            Symbol::AgentSteering => {
                "selected agent's steering: each part of its blend (named) and the force it steers by (yellow), the longest reaching its neighbourhood's circle; lines to its neighbours"
            }
            Symbol::AgentSenses => {
                "selected agent's senses: its detection box ahead (longer the faster it goes), its three feelers, its wander circle with the point it steers to, and the collision it steers off (rings where both will be at their closest)"
            }
            Symbol::CrowdGoal => {
                "goal: the point a crowd seeks, flees or arrives at, or a target's flag (dot; ring: its radius), a path (spine, edges), a flow field (arrows)"
            }
            Symbol::AgentGoal => {
                "selected agent's goal: where it will be when it looks ahead (ring) and the point its goal steers it to (dot)"
            }
            Symbol::Trail => {
                "trail: where a missile flew, a target or a small crowd's agent went (fades with age)"
            }
            Symbol::Velocity => "velocity",
            Symbol::Blast => "blast: a detonation (its radius) or a hit",
            Symbol::Ghost => "ghost: the old future before the last branch",
            Symbol::PendingTarget => "placed target: appears on the next tick",
            Symbol::LeavingTarget => "taken-back target: gone on the next tick",
            Symbol::Shape(k) => crate::core::Role::ALL[usize::from(k)].meaning(),
        }
    }
}
