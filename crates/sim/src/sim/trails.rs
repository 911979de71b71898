//! Trails: the recent positions of every missile and target, and of the agents of small
//! crowds (at most [`AGENT_TRAILS`]), aged out after a while,
//! recorded from a world tick by tick by whoever draws them (the window, the GIF
//! export); the world itself keeps no history.

use crate::core::prefetch::{prefetch, AHEAD};
use crate::guidance::Algorithm;
use crate::sim::{Source, World};
use glam::Vec2;
use std::collections::VecDeque;

/// Crowds of at most this many agents leave trails (a larger crowd's would be a smear
/// over the view, and cost a point per agent per tick).
pub const AGENT_TRAILS: usize = 64;

/// Whose trail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Owner {
    Missile(u32),
    Target(u32),
    /// A crowd's agent: the crowd's index and the agent's.
    Agent(u32, u32),
}

/// One trail: positions with the tick they were recorded on, oldest first.
#[derive(Clone, Debug, Default)]
pub struct Trail {
    points: VecDeque<(u64, Vec2)>,
    /// The oldest and the newest point's tick (when there are points), kept beside them:
    /// finding a span, or what to age out, reads none of the points (a window reads
    /// 10,000 trails a frame, and each trail's points are a cache miss apiece).
    ticks: (u64, u64),
    /// The missile's algorithm (none for targets), for its colour.
    pub algorithm: Option<Algorithm>,
    /// Who fired the missile (its launcher's own values shade the colour).
    pub source: Option<Source>,
}

impl Trail {
    /// What a drawer shows of the trail at tick `now`: the points of the last `span`
    /// ticks, thinned to at most about `max_segments` segments (the newest point always
    /// kept), as segments `(from, to, age)` in world coordinates, `age` running from 0
    /// at `now` to 1 at `now - span`. The window and the GIF draw the same trail.
    pub fn segments(
        &self,
        now: u64,
        span: f32,
        max_segments: usize,
    ) -> impl Iterator<Item = (Vec2, Vec2, f32)> + '_ {
        let points = &self.points;
        let (start, end) = self.shown(now, span);
        let stride = (end - start).div_ceil(max_segments.max(1)).max(1);
        // Every `stride`-th point from the first, and the newest.
        let newest = (end > start && !(end - 1 - start).is_multiple_of(stride)).then(|| end - 1);
        let kept = (start..end)
            .step_by(stride)
            .chain(newest)
            .map(move |k| points[k]);
        kept.clone()
            .zip(kept.skip(1))
            .map(move |((_, from), (tick, to))| (from, to, now.saturating_sub(tick) as f32 / span))
    }
}

impl Trail {
    /// Asks for the points [`Trail::segments`] reads first, the oldest shown and the
    /// newest, ahead of their use: a drawer walking 10,000 trails (each its own
    /// allocation) calls it for a trail a few before the one it draws.
    pub fn prefetch_segments(&self, now: u64, span: f32) {
        let (start, end) = self.shown(now, span);
        if let Some(first) = self.points.get(start) {
            prefetch(first);
        }
        if let Some(last) = end.checked_sub(1).and_then(|k| self.points.get(k)) {
            prefetch(last);
        }
    }

    /// The indices `start..end` of the points of the last `span` ticks at tick `now`.
    fn shown(&self, now: u64, span: f32) -> (usize, usize) {
        let oldest = now.saturating_sub(span as u64);
        let (start, end) = (self.first_at(oldest), self.first_at(now.saturating_add(1)));
        (start, end.max(start))
    }

    /// Asks for the points [`Trails::record`] reads and writes: the oldest (aged out)
    /// and the newest (the new point goes after it).
    fn prefetch_ends(&self) {
        if let Some(first) = self.points.front() {
            prefetch(first);
        }
        if let Some(last) = self.points.back() {
            prefetch(last);
        }
    }

    /// The index of the first point at tick `tick` or later. A trail is recorded once a
    /// tick: where its ticks run without a gap, the index is the distance from the first
    /// (a window draws 10,000 trails a frame); otherwise, a binary search.
    fn first_at(&self, tick: u64) -> usize {
        let (first, last) = self.ticks;
        // (An empty trail's ticks are stale, and never one apart from nothing.)
        match last - first + 1 == self.points.len() as u64 {
            true => (tick.clamp(first, last + 1) - first) as usize,
            false => self.points.partition_point(|(t, _)| *t < tick),
        }
    }

    /// A trail of these points (ticks rising), for its owner's law and launcher.
    #[cfg(test)]
    fn new(
        points: impl IntoIterator<Item = (u64, Vec2)>,
        algorithm: Option<Algorithm>,
        source: Option<Source>,
    ) -> Self {
        let mut trail = Self {
            algorithm,
            source,
            ..Self::default()
        };
        for (tick, pos) in points {
            trail.push(tick, pos);
        }
        trail
    }

    /// The newest point: its tick and place.
    pub fn newest(&self) -> Option<(u64, Vec2)> {
        self.points.back().copied()
    }

    /// How many points it holds.
    fn len(&self) -> usize {
        self.points.len()
    }

    fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// Adds the newest point (its tick after every other's).
    fn push(&mut self, tick: u64, pos: Vec2) {
        if self.points.is_empty() {
            self.ticks.0 = tick;
        }
        self.ticks.1 = tick;
        self.points.push_back((tick, pos));
    }

    /// Drops the points before tick `oldest`.
    fn drop_before(&mut self, oldest: u64) {
        while !self.points.is_empty() && self.ticks.0 < oldest {
            self.points.pop_front();
            if let Some(&(tick, _)) = self.points.front() {
                self.ticks.0 = tick;
            }
        }
    }

    /// Drops the points after tick `tick`.
    fn drop_after(&mut self, tick: u64) {
        while !self.points.is_empty() && self.ticks.1 > tick {
            self.points.pop_back();
            if let Some(&(last, _)) = self.points.back() {
                self.ticks.1 = last;
            }
        }
    }
}

/// Where an owner is this tick, and a missile's law and launcher.
type Place = (Owner, Vec2, Option<(Algorithm, Source)>);

/// All trails of one world, in their owners' order (missiles by id, then targets, then
/// agents: [`Owner`]'s order, the order they are drawn in).
#[derive(Clone, Debug, Default)]
pub struct Trails {
    trails: Vec<(Owner, Trail)>,
    /// This tick's places, kept between ticks for their room.
    seen: Vec<Place>,
}

impl Trails {
    /// Records the world's current positions and drops points older than `keep` ticks.
    pub fn record(&mut self, world: &World, keep: u64) {
        let tick = world.tick();
        let missiles = world.missiles().iter().map(|m| {
            let law = (m.algorithm(), m.source);
            (Owner::Missile(m.id.0), m.body.pos, Some(law))
        });
        let targets = world
            .targets()
            .iter()
            .map(|t| (Owner::Target(t.id.0), t.pos, None));
        let small = world.crowds().iter().enumerate();
        let small = small.filter(|(_, c)| c.agents.len() <= AGENT_TRAILS);
        let agents = small.flat_map(|(k, c)| {
            let agents = c.agents.iter().enumerate();
            agents.map(move |(i, a)| (Owner::Agent(k as u32, i as u32), a.pos, None))
        });
        let mut seen = std::mem::take(&mut self.seen);
        seen.clear();
        seen.extend(missiles.chain(targets).chain(agents));
        // (In order already, missiles flying in id order and targets and agents kept in
        // theirs: the sort only checks it, and the merge below needs it.)
        seen.sort_by_key(|s| s.0);
        // Both in order: one walk finds each owner's trail, new owners are added after
        // and the whole put back in order (two sorted runs: one merge).
        let old = self.trails.len();
        let mut k = 0;
        for &(owner, pos, law) in &seen {
            while k < old && self.trails[k].0 < owner {
                k += 1;
            }
            // (Owners mostly fly on from tick to tick: the trail a few owners on is
            // about the one a few places on.)
            if let Some((_, ahead)) = self.trails.get(k + AHEAD) {
                ahead.prefetch_ends();
            }
            let at = match k < old && self.trails[k].0 == owner {
                true => k,
                false => {
                    self.trails.push((owner, Trail::default()));
                    self.trails.len() - 1
                }
            };
            let trail = &mut self.trails[at].1;
            trail.algorithm = law.map(|(a, _)| a);
            trail.source = law.map(|(_, s)| s);
            trail.push(tick, pos);
        }
        if self.trails.len() > old {
            self.trails.sort_by_key(|(owner, _)| *owner);
        }
        self.seen = seen;
        let oldest = tick.saturating_sub(keep);
        self.trails.retain_mut(|(_, trail)| {
            trail.drop_before(oldest);
            !trail.is_empty()
        });
    }

    /// Forgets everything recorded after `tick` (a branch rewrites the future).
    pub fn truncate_after(&mut self, tick: u64) {
        self.trails.retain_mut(|(_, trail)| {
            trail.drop_after(tick);
            !trail.is_empty()
        });
    }

    /// Every trail with its owner, in the owners' order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (Owner, &Trail)> {
        self.trails.iter().map(|(owner, trail)| (*owner, trail))
    }

    /// `owner`'s trail.
    pub fn get(&self, owner: Owner) -> Option<&Trail> {
        let at = self.trails.binary_search_by_key(&owner, |(o, _)| *o).ok()?;
        Some(&self.trails[at].1)
    }

    /// How many trails there are.
    pub fn count(&self) -> usize {
        self.trails.len()
    }

    /// Total points kept.
    pub fn len(&self) -> usize {
        self.trails.iter().map(|(_, t)| t.len()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.trails.is_empty()
    }
}

#[cfg(test)]
mod segment_tests {
    use super::Trail;
    use glam::Vec2;

    fn trail() -> Trail {
        Trail::new((0..5u64).map(|t| (t, Vec2::new(t as f32, 0.0))), None, None)
    }

    #[test]
    fn segments_join_the_points_of_the_span_with_the_newer_points_age() {
        let all: Vec<_> = trail().segments(4, 10.0, 100).collect();
        let x = |v: Vec2| v.x;
        let got: Vec<(f32, f32, f32)> = all.iter().map(|&(a, b, age)| (x(a), x(b), age)).collect();
        assert_eq!(
            got,
            vec![
                (0.0, 1.0, 0.3),
                (1.0, 2.0, 0.2),
                (2.0, 3.0, 0.1),
                (3.0, 4.0, 0.0)
            ]
        );
        // Only the last 2 ticks, and nothing shown after `now`.
        let recent: Vec<_> = trail()
            .segments(3, 2.0, 100)
            .map(|s| (s.0.x, s.1.x))
            .collect();
        assert_eq!(recent, vec![(1.0, 2.0), (2.0, 3.0)]);
        // Thinned to every third point, the newest kept.
        let thin: Vec<_> = trail()
            .segments(4, 10.0, 2)
            .map(|s| (s.0.x, s.1.x))
            .collect();
        assert_eq!(thin, vec![(0.0, 3.0), (3.0, 4.0)]);
        assert_eq!(
            trail().segments(0, 10.0, 100).count(),
            0,
            "one point: no segment"
        );
    }
}

#[cfg(test)]
mod segment_index_tests {
    use super::Trail;
    use glam::Vec2;
    use proptest::prelude::*;

    /// What `segments` was defined as before it took shortcuts: binary searches for
    /// the span's ends, every index tested against the stride.
    fn by_definition(trail: &Trail, now: u64, span: f32, max: usize) -> Vec<(Vec2, Vec2, f32)> {
        let oldest = now.saturating_sub(span as u64);
        let points = &trail.points;
        let start = points.partition_point(|(t, _)| *t < oldest);
        let end = points.partition_point(|(t, _)| *t <= now).max(start);
        let stride = (end - start).div_ceil(max.max(1)).max(1);
        let kept: Vec<(u64, Vec2)> = (start..end)
            .filter(|k| (k - start).is_multiple_of(stride) || *k == end - 1)
            .map(|k| points[k])
            .collect();
        (kept.iter().zip(kept.iter().skip(1)))
            .map(|(&(_, from), &(tick, to))| (from, to, now.saturating_sub(tick) as f32 / span))
            .collect()
    }

    proptest! {
        #[test]
        fn segments_are_their_definition_with_or_without_gaps_in_the_ticks(
            first in 0u64..50,
            len in 0usize..80,
            gap in prop::option::of((0usize..80, 1u64..5)),
            now in 0u64..200,
            span in 0.5f32..150.0,
            max in 0usize..70,
            before in prop::option::of(0u64..140),
            after in prop::option::of(0u64..140),
        ) {
            // One point a tick from `first`, with a gap of a few ticks somewhere or none;
            // then perhaps aged out before one tick and cut after another.
            let points = (0..len as u64).map(|k| {
                let later = gap.filter(|(at, _)| k as usize >= *at).map_or(0, |(_, by)| by);
                (first + k + later, Vec2::new(k as f32, (k * k) as f32))
            });
            let mut trail = Trail::new(points, None, None);
            let mut want: Vec<(u64, Vec2)> = trail.points.iter().copied().collect();
            if let Some(before) = before {
                trail.drop_before(before);
                want.retain(|(t, _)| *t >= before);
            }
            if let Some(after) = after {
                trail.drop_after(after);
                want.retain(|(t, _)| *t <= after);
            }
            prop_assert_eq!(trail.points.iter().copied().collect::<Vec<_>>(), want);
            let got: Vec<_> = trail.segments(now, span, max).collect();
            prop_assert_eq!(got, by_definition(&trail, now, span, max));
        }
    }
}

#[cfg(test)]
mod agent_tests {
    use super::*;
    use crate::guidance::Tuning;
    use crate::sim::config::WorldConfig;
    use crate::sim::crowd_spec::CrowdSpec;

    #[test]
    fn the_agents_of_a_small_crowd_leave_trails_and_a_large_crowds_do_not() {
        let mut world = World::new(WorldConfig::default(), Tuning::default());
        for count in [3, AGENT_TRAILS, AGENT_TRAILS + 1] {
            let text = format!("(count: {count}, from: (100, 100), to: (500, 500))");
            world.add_crowd(&ron::from_str::<CrowdSpec>(&text).unwrap());
        }
        let mut trails = Trails::default();
        for _ in 0..5 {
            world.step();
            trails.record(&world, 3);
        }
        // The first two crowds, each agent: its last four places (ticks 2 to 5).
        let owners: Vec<Owner> = trails.iter().map(|(owner, _)| owner).collect();
        let want: Vec<Owner> = (0..3)
            .map(|i| Owner::Agent(0, i))
            .chain((0..AGENT_TRAILS as u32).map(|i| Owner::Agent(1, i)))
            .collect();
        assert_eq!(owners, want);
        let agent = world.crowds()[1].agents[7].pos;
        let trail = trails.get(Owner::Agent(1, 7)).unwrap();
        assert_eq!(trail.newest().as_ref(), Some(&(5, agent)));
        assert_eq!(trail.points.len(), 4);
        assert_eq!((trail.algorithm, trail.source), (None, None));
    }
}

#[cfg(test)]
mod order_tests {
    use super::*;

    #[test]
    fn trails_are_kept_in_their_owners_order_as_missiles_come_and_go() {
        use crate::guidance::{Algorithm, Tuning};
        use crate::sim::launcher::{LauncherSpec, MissileSpec};
        use crate::sim::motion::{Motion, Static};
        use crate::sim::{TargetSpec, WorldConfig};
        let mut world = World::new(WorldConfig::default(), Tuning::default());
        for (name, y) in [("a", 500.0), ("b", 100.0)] {
            let target = TargetSpec {
                name: name.into(),
                radius: 5.0,
                destructible: false,
                motion: Motion::Static(Static {
                    pos: Vec2::new(900.0, y),
                }),
                flares: None,
            };
            world.add_target(&target).unwrap();
        }
        let law = |id| Algorithm::from_id(id).unwrap();
        world
            .add_launcher(LauncherSpec {
                name: String::new(),
                pos: Vec2::new(100.0, 500.0),
                target: "a".into(),
                algorithms: vec![law("pro-nav"), law("smoothed")],
                launch_velocity: Vec2::ZERO,
                first_at: Some(0.0),
                every: Some(0.1),
                salvo: 1,
                spread: 0.0,
                missile: MissileSpec {
                    lifetime: 0.3,
                    ..Default::default()
                },
                params: Default::default(),
            })
            .unwrap();
        let mut trails = Trails::default();
        let mut ever = std::collections::BTreeSet::new();
        for _ in 0..60 {
            world.step();
            trails.record(&world, 10);
            let owners: Vec<Owner> = trails.iter().map(|(o, _)| o).collect();
            let mut sorted = owners.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(owners, sorted, "in order, each owner once");
            for m in world.missiles() {
                let trail = trails.get(Owner::Missile(m.id.0)).unwrap();
                assert_eq!(trail.newest().as_ref(), Some(&(world.tick(), m.body.pos)));
                assert_eq!(trail.algorithm, Some(m.algorithm()));
                ever.insert(m.id.0);
            }
            for t in world.targets() {
                let trail = trails.get(Owner::Target(t.id.0)).unwrap();
                assert_eq!(trail.newest().as_ref(), Some(&(world.tick(), t.pos)));
            }
        }
        // Missiles came and went (a lifetime of 0.3 s, one fired every 0.1 s), and the
        // ended ones' trails went once their last point was 10 ticks old.
        assert!(ever.len() > 10, "{}", ever.len());
        let kept = trails
            .iter()
            .filter(|(o, _)| matches!(o, Owner::Missile(_)))
            .count();
        assert!(kept < ever.len(), "{kept} of {}", ever.len());
        assert_eq!(trails.count(), trails.iter().len());
        assert_eq!(
            trails.get(Owner::Missile(u32::MAX)).map(|t| t.points.len()),
            None
        );
        // Every point counted: at tick 60, each target's last 11 (ticks 50 to 60), and
        // each missile's since it started or for the last 11 ticks.
        let points: usize = trails.iter().map(|(_, t)| t.points.len()).sum();
        assert!(points > 2 * 11, "{points}");
        assert_eq!(trails.len(), points);
        // A branch from tick 55 forgets what came after: every trail ends by then, and
        // the missiles that started later are gone.
        trails.truncate_after(55);
        assert!(trails.iter().all(|(_, t)| t.newest().unwrap().0 <= 55));
        assert_eq!(trails.get(Owner::Target(0)).unwrap().points.len(), 6);
        assert!(trails
            .iter()
            .all(|(_, t)| t.points.front().unwrap().0 <= 55));
        assert!(!trails.is_empty());
        trails.truncate_after(0);
        assert!(trails.is_empty());
        assert_eq!(trails.len(), 0);
    }
}
