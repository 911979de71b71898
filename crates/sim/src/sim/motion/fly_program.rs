//! B2. Fly programs: scripted trajectories on the article's control-point grid. A
//! program is a list of command numbers: fly to a grid point, fly to where the hero is,
//! chase the hero, keep the heading, or jump. Steering between points uses the B1
//! turn-rate rule, so sluggish objects cut corners ("corner smoothing").

use super::model::{FlyState, MotionModel, MotionState, Moving, Surroundings};
use crate::core::field::{described, field, number, Kind};
use crate::core::turn_rule::{turn_toward, TurnDecision, TurnRateParams};
use crate::core::Portable;
use crate::sim::limits::{MAX_COORD, MAX_PROGRAM};
use glam::Vec2;
use serde::{Deserialize, Serialize};
use std::f32::consts::FRAC_PI_2;

/// Grid columns are 0..=14, rows 0..=11; point `20*r + c` sits at `(64c - 128, 64r - 128)`.
pub const COLUMNS: u16 = 15;
pub const ROWS: u16 = 12;
/// Spacing of the control-point grid.
pub const SPACING: f32 = 64.0;
/// World position of grid column 0 / row 0 (the death lines).
pub const ORIGIN: f32 = -128.0;

/// A command of a fly program, decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Fly toward a fixed grid point.
    Point(u16),
    /// 240: fly toward the hero's position taken when the command starts.
    HeroOnce,
    /// 241..249: chase the hero continuously for `n % 10` seconds.
    Chase(u16),
    /// 250..259: keep the heading for `n % 10` seconds.
    Straight(u16),
    /// 260..299: jump to command index `n - 260`.
    Jump(usize),
}

impl Command {
    /// Decodes a command number; `None` for numbers outside the article's ranges.
    pub fn decode(n: u16) -> Option<Self> {
        match n {
            0..=239 if n % 20 < COLUMNS => Some(Command::Point(n)),
            240 => Some(Command::HeroOnce),
            241..=249 => Some(Command::Chase(n % 10)),
            250..=259 => Some(Command::Straight(n % 10)),
            260..=299 => Some(Command::Jump(usize::from(n - 260))),
            _ => None,
        }
    }
}

/// The world position of grid point `n` (no shift).
pub fn grid_point(n: u16) -> Vec2 {
    let (c, r) = (n % 20, n / 20);
    Vec2::new(
        SPACING * f32::from(c) + ORIGIN,
        SPACING * f32::from(r) + ORIGIN,
    )
}

/// Whether a position is beyond a death line (column 0 / 14, row 0 / 11).
pub fn beyond_death_lines(pos: Vec2) -> bool {
    let max_x = ORIGIN + SPACING * f32::from(COLUMNS - 1);
    let max_y = ORIGIN + SPACING * f32::from(ROWS - 1);
    pos.x < ORIGIN || pos.x > max_x || pos.y < ORIGIN || pos.y > max_y
}

/// A fly program as a scenario gives it.
///
/// Each field's meaning, range and unit: its description in `described!` below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlyProgramSpec {
    pub program: Vec<u16>,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub shift: f32,
    /// Speeds and dead zone of the object (the B1 rule).
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub steering: TurnRateParams,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub hero: Option<String>,
}

/// What is wrong with a program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramError {
    /// Index of the offending command (none: the program as a whole).
    pub index: Option<usize>,
    pub message: String,
}

impl FlyProgramSpec {
    /// Checks every command against the article's ranges. The one place these rules live:
    /// the scenario validation and the panel's program editor both report its messages.
    pub fn validate(&self) -> Result<(), ProgramError> {
        let len = self.program.len();
        if len == 0 {
            return Err(ProgramError {
                index: None,
                message: "expected at least one command, found none".into(),
            });
        }
        for (index, &n) in self.program.iter().enumerate() {
            let message = match Command::decode(n) {
                None if n >= 300 => format!("expected a command from 0 to 299, found {n}"),
                None => format!(
                    "expected a grid point with a column from 0 to {}, found {n} (row {}, column {})",
                    COLUMNS - 1,
                    n / 20,
                    n % 20
                ),
                Some(Command::Jump(to)) if to >= len => format!(
                    "expected a jump to a command index from 0 to {} (260 to {}), found {n}, a jump to index {to}",
                    len - 1,
                    260 + len - 1
                ),
                Some(Command::Jump(to)) if matches!(Command::decode(self.program[to]), Some(Command::Jump(_))) => {
                    format!("expected a jump to a flying command, found {n}, a jump to index {to}, which is itself a jump")
                }
                Some(Command::Point(_)) => continue,
                Some(_) if index == 0 => {
                    format!("expected a grid point first (where the object appears), found {n}")
                }
                Some(_) => continue,
            };
            return Err(ProgramError {
                index: Some(index),
                message,
            });
        }
        Ok(())
    }

    /// Checks that the object appears within the death lines (a shift can push it out,
    /// and it would then be removed on its first tick).
    pub fn check_start(&self) -> Result<(), String> {
        let start = self.start();
        if beyond_death_lines(start) {
            let lo = ORIGIN;
            let hi = ORIGIN + SPACING * f32::from(COLUMNS - 1);
            Err(format!(
                "expected a shift that keeps the first point within the death lines (x from {lo} to {hi}), found {}, which starts the object at x = {}",
                self.shift, start.x
            ))
        } else {
            Ok(())
        }
    }

    /// Where the object appears: the first command's point plus the shift.
    pub fn start(&self) -> Vec2 {
        self.program
            .first()
            .map_or(Vec2::ZERO, |&n| grid_point(n) + Vec2::new(self.shift, 0.0))
    }
}

/// The centre of the visible screen (columns 2..12, rows 2..9).
pub fn screen_centre() -> Vec2 {
    (grid_point(42) + grid_point(192)) * 0.5
}

impl FlyState {
    pub fn new(_spec: &FlyProgramSpec) -> Self {
        Self {
            index: 0,
            fly_time: 0.0,
            target_time: -1.0,
            goal: Vec2::ZERO,
            // The article's angle 0 is straight down the screen.
            heading: FRAC_PI_2,
            last: TurnDecision::default(),
            hero: None,
        }
    }

    /// The command being flown.
    pub fn command(&self, spec: &FlyProgramSpec) -> Option<Command> {
        spec.program
            .get(self.index)
            .copied()
            .and_then(Command::decode)
    }

    /// One tick of the article's `Update(dt)`: returns the new position and velocity.
    pub fn step(&mut self, spec: &FlyProgramSpec, pos: Vec2, hero: Vec2, dt: f32) -> (Vec2, Vec2) {
        let (speed, turn_speed) = spec.steering.effective_speeds();
        self.fly_time += dt;
        if self.fly_time < self.target_time {
            match self.command(spec) {
                Some(Command::Chase(_)) => {
                    self.goal = hero;
                    self.steer(pos, turn_speed, spec, dt);
                }
                Some(Command::Point(_) | Command::HeroOnce) => {
                    self.steer(pos, turn_speed, spec, dt)
                }
                _ => {}
            }
        } else {
            self.next_command(spec, pos, hero, speed, dt);
        }
        let vel = Vec2::from_angle(self.heading) * speed;
        (pos + vel * dt, vel)
    }

    fn steer(&mut self, pos: Vec2, turn_speed: f32, spec: &FlyProgramSpec, dt: f32) {
        let to_goal = self.goal - pos;
        let bearing = to_goal.y.patan2(to_goal.x);
        let (heading, decision) = turn_toward(
            self.heading,
            bearing,
            turn_speed,
            spec.steering.dead_zone,
            dt,
        );
        self.heading = heading;
        self.last = decision;
    }

    fn next_command(&mut self, spec: &FlyProgramSpec, pos: Vec2, hero: Vec2, speed: f32, dt: f32) {
        self.fly_time = 0.0;
        self.index += 1;
        // After the last command the program wraps to command 0, as in the article's code.
        if self.index >= spec.program.len() {
            self.index = 0;
        }
        // Loop commands jump to n - 260 (the text; the article's code says n - 270).
        if let Some(Command::Jump(to)) = self.command(spec) {
            self.index = to;
        }
        let command = self.command(spec);
        self.goal = match command {
            Some(Command::Point(n)) => grid_point(n) + Vec2::new(spec.shift, 0.0),
            _ => hero,
        };
        self.target_time = match command {
            Some(Command::Point(_) | Command::HeroOnce) => {
                if speed > 0.0 {
                    (1.0 - 1.5 * dt) * (pos - self.goal).length() / speed
                } else {
                    f32::MAX
                }
            }
            Some(Command::Chase(secs) | Command::Straight(secs)) => f32::from(secs),
            // A jump to a jump is refused at load time; hold for a tick if it happens anyway.
            _ => 0.0,
        };
    }
}

described!(FlyProgramSpec {
    program: field(Kind::Program)
        .help("The commands; the first must be a grid point (where the enemy appears)."),
    shift: number(-MAX_COORD, MAX_COORD)
        .unit("units")
        .help("Added to the x of every grid point."),
    hero: field(Kind::TargetName)
        .label("hero (the target it chases)")
        .help("The target that plays the hero for commands 240 to 249; none: the centre of the visible screen."),
    ; parts: steering
});

impl MotionModel for FlyProgramSpec {
    const NAME: &'static str = "FlyProgram";
    const LABEL: &'static str = "fly program";

    /// The article's program; a fly program starts on its own first grid point.
    fn starting_at(_pos: Vec2) -> Self {
        FlyProgramSpec {
            program: vec![25, 143, 91, 168, 233],
            shift: 0.0,
            steering: Default::default(),
            hero: None,
        }
    }

    fn start(&self) -> Vec2 {
        FlyProgramSpec::start(self)
    }

    fn initial_state(&self) -> MotionState {
        MotionState::Fly(FlyState::new(self))
    }

    /// One tick of the program; it leaves the scene when it crosses a death line.
    fn advance(
        &self,
        state: &mut MotionState,
        now: &mut Moving,
        _age: f64,
        dt: f32,
        around: &Surroundings,
    ) -> bool {
        let MotionState::Fly(fly) = state else {
            return true;
        };
        let (pos, vel) = fly.step(self, now.pos, around.hero, dt);
        now.pos = pos;
        now.vel = vel;
        !beyond_death_lines(pos)
    }

    /// The program's commands (one home for their rules: [`FlyProgramSpec::validate`]),
    /// its length, and where it starts.
    fn unusable(&self) -> Vec<(String, String)> {
        if self.program.len() > MAX_PROGRAM {
            return vec![(
                "program".into(),
                format!(
                    "expected at most {MAX_PROGRAM} commands, found {}",
                    self.program.len()
                ),
            )];
        }
        let mut out = Vec::new();
        if let Err(e) = self.validate() {
            let path = match e.index {
                Some(i) => format!("program[{i}]"),
                None => "program".into(),
            };
            out.push((path, e.message));
        }
        if let Err(message) = self.check_start() {
            out.push(("shift".into(), message));
        }
        out
    }

    fn follows(&self) -> Option<&str> {
        self.hero.as_deref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(program: &[u16], radial: f32, angular: f32) -> FlyProgramSpec {
        FlyProgramSpec {
            program: program.to_vec(),
            shift: 0.0,
            steering: TurnRateParams {
                radial_speed: radial,
                angular_speed: angular,
                ..Default::default()
            },
            hero: None,
        }
    }

    #[test]
    fn grid_numbers_map_to_the_article_positions() {
        assert_eq!(grid_point(42), Vec2::new(0.0, 0.0));
        assert_eq!(grid_point(192), Vec2::new(640.0, 448.0));
        assert_eq!(grid_point(25), Vec2::new(192.0, -64.0));
        assert_eq!(grid_point(233), Vec2::new(704.0, 576.0));
        assert!(!beyond_death_lines(grid_point(233)));
        assert!(beyond_death_lines(grid_point(233) + Vec2::new(0.0, 0.5)));
    }

    #[test]
    fn commands_decode_by_range_and_bad_ones_are_refused_with_their_index() {
        assert_eq!(Command::decode(143), Some(Command::Point(143)));
        assert_eq!(Command::decode(15), None, "column 15 does not exist");
        assert_eq!(Command::decode(240), Some(Command::HeroOnce));
        assert_eq!(Command::decode(244), Some(Command::Chase(4)));
        assert_eq!(Command::decode(257), Some(Command::Straight(7)));
        assert_eq!(Command::decode(263), Some(Command::Jump(3)));
        assert_eq!(Command::decode(300), None);
        let err = spec(&[25, 143, 300], 100.0, 3.0).validate().unwrap_err();
        assert_eq!(err.index, Some(2));
        assert!(
            spec(&[25, 143, 265], 100.0, 3.0).validate().is_err(),
            "jump past the end"
        );
        assert!(
            spec(&[250, 143], 100.0, 3.0).validate().is_err(),
            "must start on a point"
        );
        assert!(spec(&[25, 143, 91, 168, 233], 100.0, 3.0)
            .validate()
            .is_ok());
    }

    /// Flies a program until it dies; returns the path and the ticks flown.
    fn fly(spec: &FlyProgramSpec, max_ticks: usize) -> (Vec<Vec2>, Option<usize>) {
        let dt = 1.0 / 60.0;
        let mut state = FlyState::new(spec);
        let mut pos = spec.start();
        let mut path = vec![pos];
        for tick in 0..max_ticks {
            pos = state.step(spec, pos, screen_centre(), dt).0;
            path.push(pos);
            if beyond_death_lines(pos) {
                return (path, Some(tick));
            }
        }
        (path, None)
    }

    fn nearest(path: &[Vec2], point: Vec2) -> f32 {
        path.iter()
            .map(|p| p.distance(point))
            .fold(f32::INFINITY, f32::min)
    }

    const ARTICLE: [u16; 5] = [25, 143, 91, 168, 233];

    #[test]
    fn article_program_visits_its_points_and_dies_at_the_bottom_death_line() {
        // A sluggish enemy (turn radius 100) overshoots 233, which sits on the bottom
        // death line, and is removed there.
        let sluggish = spec(&ARTICLE, 150.0, 1.5);
        let (path, died) = fly(&sluggish, 60 * 60);
        assert!(died.is_some(), "never died");
        let last = *path.last().unwrap();
        assert!(
            last.y > 576.0 && (last.x - 704.0).abs() < 40.0,
            "should leave at 233, left at {last}"
        );
        assert_eq!(path[0], grid_point(25));
        assert!(nearest(&path, grid_point(143)) < 5.0);
    }

    #[test]
    fn agile_enemy_stops_short_of_233_and_wraps_to_command_0() {
        // The time allotted, (1 - 1.5 dt) * distance / vR, ends just before 233; an agile
        // enemy turns back to command 0 (25) inside the screen instead of crossing the
        // line. Faithful to the article's code (its picture shows the enemy leaving).
        let agile = spec(&ARTICLE, 150.0, 8.0);
        let dt = 1.0 / 60.0;
        let mut state = FlyState::new(&agile);
        let mut pos = agile.start();
        let mut wrapped = false;
        for _ in 0..60 * 30 {
            pos = state.step(&agile, pos, screen_centre(), dt).0;
            assert!(
                !beyond_death_lines(pos),
                "agile enemy crossed a death line at {pos}"
            );
            wrapped |= state.index == 0;
        }
        assert!(wrapped);
    }

    #[test]
    fn sluggish_enemies_cut_corners_agile_ones_do_not() {
        let agile = spec(&ARTICLE, 150.0, 8.0);
        let sluggish = spec(&ARTICLE, 150.0, 1.5);
        let (agile_path, _) = fly(&agile, 60 * 12);
        let (sluggish_path, _) = fly(&sluggish, 60 * 12);
        for point in [91, 168] {
            let agile_miss = nearest(&agile_path, grid_point(point));
            let sluggish_miss = nearest(&sluggish_path, grid_point(point));
            assert!(agile_miss < 40.0, "agile missed {point} by {agile_miss}");
            assert!(
                sluggish_miss > 1.5 * agile_miss,
                "sluggish came within {sluggish_miss} of {point}"
            );
        }
    }

    #[test]
    fn loop_commands_jump_to_n_minus_260() {
        // 42 -> 50 -> 52 -> 261: "261" means go to command index 1, so the object
        // shuttles between 50 and 52 and never flies command 0 again.
        let program = spec(&[42, 50, 52, 261], 200.0, 10.0);
        let dt = 1.0 / 60.0;
        let mut state = FlyState::new(&program);
        let mut pos = program.start();
        let mut visited = Vec::new();
        for _ in 0..60 * 20 {
            pos = state.step(&program, pos, screen_centre(), dt).0;
            if visited.last() != Some(&state.index) {
                visited.push(state.index);
            }
        }
        assert!(visited.len() >= 6, "{visited:?}");
        for (i, index) in visited.iter().enumerate() {
            assert_eq!(*index, if i % 2 == 0 { 1 } else { 2 }, "{visited:?}");
        }
    }

    #[test]
    fn shift_moves_every_fixed_point() {
        let mut shifted = spec(&[25, 143], 100.0, 3.0);
        shifted.shift = 64.0;
        assert_eq!(shifted.start(), grid_point(26));
    }

    #[test]
    fn hero_commands_fly_to_the_hero() {
        let program = spec(&[42, 240, 245], 100.0, 5.0);
        let dt = 1.0 / 60.0;
        let mut state = FlyState::new(&program);
        let hero = Vec2::new(300.0, 300.0);
        let mut pos = program.start();
        for _ in 0..60 {
            pos = state.step(&program, pos, hero, dt).0;
        }
        assert_eq!(state.goal, hero);
        assert!(pos.distance(hero) < program.start().distance(hero));
    }
}
