//! Laws that exist only at run time (a user's script), through the same registry as
//! the built-ins: each gets an [`Algorithm`] (its id is interned once; its place held
//! while a scenario, world or window holds the law: [`Hold`]), a colour,
//! parameters that describe themselves, and a compare lane, readouts and debug shapes
//! like a built-in's. Their implementations travel with the parameter values in
//! [`super::Tuning`], so a world built from a scenario flies them.
//!
//! A runtime law keeps its per-missile state in a [`RuntimeState`]: plain, ordered
//! values, so snapshots, hashing and branching work on it unchanged.

use super::algorithm::Algorithm;
use super::law::{Launch, LawError, LawInfo, Signal};
use crate::core::field::{Described, Field, Kind, Value};
use crate::core::{Body, DebugShape, Readout, Seen};
use crate::steering::Mover;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock, Weak};

/// Most other missiles a runtime law sees ([`RuntimeLaw::steer_among`]): the nearest.
pub const MOST_OTHERS: usize = 16;

/// A law added at run time.
pub trait RuntimeLaw: std::fmt::Debug + Send + Sync {
    /// Its id, summary, colour, parameters and fuse (strings interned: [`intern`],
    /// the parameter list leaked once per distinct list: [`leak_fields`]).
    fn info(&self) -> LawInfo;

    /// Its parameters' default values, in the order of its fields.
    fn defaults(&self) -> Vec<Value>;

    /// Starts a missile (its state starts empty); `Ok(None)`: no solution, not fired.
    fn launch(
        &self,
        params: &[Value],
        launch: &Launch,
        state: &mut RuntimeState,
    ) -> Result<Option<Body>, LawError>;

    /// One tick, with the same contract as [`super::Law::steer`]. An error ends only
    /// this missile.
    fn steer(
        &self,
        params: &[Value],
        state: &mut RuntimeState,
        body: &mut Body,
        seen: &Seen,
    ) -> Result<Option<Signal>, LawError>;

    /// Whether it looks at the other missiles in flight ([`RuntimeLaw::steer_among`]):
    /// only then does the world gather them each tick.
    fn sees_others(&self) -> bool {
        false
    }

    /// One tick seeing the other missiles in flight (`others`: at most
    /// [`MOST_OTHERS`], nearest first, as they were at the start of the tick); by default
    /// they are not looked at ([`RuntimeLaw::steer`]).
    fn steer_among(
        &self,
        params: &[Value],
        state: &mut RuntimeState,
        body: &mut Body,
        seen: &Seen,
        _others: &[Mover],
    ) -> Result<Option<Signal>, LawError> {
        self.steer(params, state, body, seen)
    }

    /// Its internals for the inspector: by default what it showed on its last tick.
    fn readouts(&self, state: &RuntimeState) -> Vec<Readout> {
        state.shown.readouts()
    }

    /// Its debug shapes: by default what it showed on its last tick.
    fn debug_shapes(&self, state: &RuntimeState, out: &mut Vec<DebugShape>) {
        out.extend(state.shown.shapes.iter().cloned());
    }

    /// What tells two versions of this law apart (a script's source), for "unsaved".
    fn fingerprint(&self) -> u64 {
        0
    }

    /// The law itself, for callers that know its type (a recorded missile's track).
    fn as_any(&self) -> Option<&dyn std::any::Any> {
        None
    }
}

/// Colours for laws added at run time that give none (scripts, recorded missiles), by
/// their place in their list: distinct from each other and from the built-ins' on the
/// dark view.
pub fn palette(index: usize) -> [u8; 3] {
    const PALETTE: [[u8; 3]; 8] = [
        [255, 110, 190],
        [190, 240, 80],
        [255, 160, 120],
        [160, 140, 255],
        [120, 255, 210],
        [255, 235, 130],
        [210, 120, 255],
        [150, 210, 150],
    ];
    PALETTE[index % PALETTE.len()]
}

/// One value of a runtime law's state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum StateValue {
    Number(f64),
    Bool(bool),
    Vector([f64; 2]),
    Text(String),
}

/// A runtime law's per-missile state: named values in a fixed (sorted) order, and what
/// it showed on its last tick.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RuntimeState {
    pub values: BTreeMap<String, StateValue>,
    #[serde(default)]
    pub shown: Shown,
}

/// What a runtime law showed on one tick: readouts (label, value) and debug shapes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Shown {
    pub readouts: Vec<(String, StateValue)>,
    pub shapes: Vec<DebugShape>,
}

/// Most distinct readout labels interned while steerlab runs: a script that invents a
/// new label every tick must not grow memory without bound.
const MAX_LABELS: usize = 10_000;

impl Shown {
    /// The readouts for the inspector.
    pub fn readouts(&self) -> Vec<Readout> {
        static LABELS: Mutex<usize> = Mutex::new(0);
        self.readouts
            .iter()
            .map(|(label, value)| {
                let label = {
                    let mut count = LABELS.lock().unwrap_or_else(|p| p.into_inner());
                    match intern_existing(label) {
                        Some(found) => found,
                        None if *count < MAX_LABELS => {
                            *count += 1;
                            intern(label)
                        }
                        None => "(more labels than steerlab keeps)",
                    }
                };
                match value {
                    StateValue::Number(v) => Readout::number(label, *v as f32, ""),
                    StateValue::Bool(v) => Readout::flag(label, *v),
                    StateValue::Vector([x, y]) => {
                        Readout::vector(label, glam::Vec2::new(*x as f32, *y as f32), "")
                    }
                    StateValue::Text(t) => Readout::text(label, t.clone()),
                }
            })
            .collect()
    }
}

/// A runtime missile's guidance: which law, and its state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RuntimeGuidance {
    pub law: Algorithm,
    pub state: RuntimeState,
}

/// One runtime law with its parameter values, holding its place in the registry.
#[derive(Clone, Debug)]
struct Entry {
    algorithm: Algorithm,
    law: Arc<dyn RuntimeLaw>,
    values: Vec<Value>,
    /// Kept, never read: holds the law's place in the registry while this set lives.
    _hold: Arc<Hold>,
}

/// The runtime laws of a scenario or world, with their parameter values.
#[derive(Clone, Debug, Default)]
pub struct Runtime {
    entries: Vec<Entry>,
    /// Where each law's entry is, by law: a recording holds one law per missile (900
    /// in a crowd), and every missile looks its law up every tick.
    index: Vec<(Algorithm, usize)>,
}

impl PartialEq for Runtime {
    fn eq(&self, other: &Self) -> bool {
        self.entries.len() == other.entries.len()
            && self.entries.iter().zip(&other.entries).all(|(a, b)| {
                a.algorithm == b.algorithm
                    && a.values == b.values
                    // The same law is equal to itself: checked first, since a
                    // recorded missile's fingerprint hashes its whole track and the
                    // window compares the open scenario with the saved one every frame.
                    && (Arc::ptr_eq(&a.law, &b.law)
                        || (a.law.info() == b.law.info()
                            && a.law.fingerprint() == b.law.fingerprint()))
            })
    }
}

/// Written as `[(id, [values])]`: the implementation is not state.
impl Serialize for Runtime {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = serializer.serialize_seq(Some(self.entries.len()))?;
        for e in &self.entries {
            seq.serialize_element(&(e.algorithm.id(), &e.values))?;
        }
        seq.end()
    }
}

impl Runtime {
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Adds a law under `algorithm` (or replaces the one there, keeping the parameter
    /// values that still fit). See [`super::Tuning::register`].
    pub fn insert(&mut self, algorithm: Algorithm, law: Arc<dyn RuntimeLaw>, hold: Arc<Hold>) {
        let info = law.info();
        let defaults = law.defaults();
        let old = self.position(algorithm).ok();
        let values = match old.map(|i| &self.entries[i]) {
            Some(e) => info
                .params
                .iter()
                .zip(defaults)
                .map(|(field, default)| {
                    (e as &dyn Described)
                        .get(field.name)
                        .filter(|v| field.refusal(v).is_none())
                        .unwrap_or(default)
                })
                .collect(),
            None => defaults,
        };
        let entry = Entry {
            algorithm,
            law,
            values,
            _hold: hold,
        };
        match self.position(algorithm) {
            Ok(i) => self.entries[i] = entry,
            Err(at) => {
                self.index.insert(at, (algorithm, self.entries.len()));
                self.entries.push(entry);
            }
        }
    }

    /// The law's entry's place in `entries` (or where its index row would go).
    fn position(&self, algorithm: Algorithm) -> Result<usize, usize> {
        self.index
            .binary_search_by_key(&algorithm, |&(a, _)| a)
            .map(|row| self.index[row].1)
    }

    fn entry(&self, algorithm: Algorithm) -> Option<&Entry> {
        self.position(algorithm).ok().map(|i| &self.entries[i])
    }

    /// The law and its parameter values.
    pub fn law(&self, algorithm: Algorithm) -> Option<(&dyn RuntimeLaw, &[Value])> {
        self.entry(algorithm)
            .map(|e| (e.law.as_ref(), e.values.as_slice()))
    }

    /// Whether any of its laws looks at the other missiles in flight
    /// ([`RuntimeLaw::sees_others`]).
    pub fn sees_others(&self) -> bool {
        self.entries.iter().any(|e| e.law.sees_others())
    }

    /// Every runtime law, in the order they were added.
    pub fn algorithms(&self) -> impl Iterator<Item = Algorithm> + '_ {
        self.entries.iter().map(|e| e.algorithm)
    }

    /// A runtime law's parameter values, described by the law (to read).
    pub fn params(&self, algorithm: Algorithm) -> Option<&dyn Described> {
        self.entry(algorithm).map(|e| e as &dyn Described)
    }

    /// A runtime law's parameter values, described by the law (to change).
    pub fn params_mut(&mut self, algorithm: Algorithm) -> Option<&mut dyn Described> {
        let i = self.position(algorithm).ok()?;
        Some(&mut self.entries[i] as &mut dyn Described)
    }
}

/// A runtime law's values are described by the fields its law declares.
impl Described for Entry {
    fn fields(&self) -> &'static [Field] {
        self.law.info().params
    }

    fn get(&self, name: &str) -> Option<Value> {
        let k = self.fields().iter().position(|f| f.name == name)?;
        self.values.get(k).cloned()
    }

    fn set(&mut self, name: &str, value: Value) -> bool {
        let Some(k) = self.fields().iter().position(|f| f.name == name) else {
            return false;
        };
        let fits = matches!(
            (self.fields()[k].kind, &value),
            (Kind::Number { .. }, Value::Number(_))
                | (Kind::Whole { .. }, Value::Whole(_))
                | (Kind::Flag, Value::Flag(_))
                | (Kind::Choice(_), Value::Choice(_))
        );
        if fits {
            self.values[k] = value;
        }
        fits
    }
}

type Interned = Mutex<std::collections::BTreeSet<&'static str>>;

fn interned() -> &'static Interned {
    static TABLE: OnceLock<Interned> = OnceLock::new();
    TABLE.get_or_init(Default::default)
}

/// The interned copy of `text`, if there is one.
fn intern_existing(text: &str) -> Option<&'static str> {
    let table = interned().lock().unwrap_or_else(|p| p.into_inner());
    table.get(text).copied()
}

/// Interns a string for the life of the program: the same text gives the same `&str`,
/// so re-registering a law (a reloaded script) never grows memory for unchanged text.
pub fn intern(text: &str) -> &'static str {
    let mut table = interned().lock().unwrap_or_else(|p| p.into_inner());
    if let Some(found) = table.get(text) {
        return found;
    }
    let leaked: &'static str = Box::leak(text.to_string().into_boxed_str());
    table.insert(leaked);
    leaked
}

/// What every parameter set holding a runtime law keeps of its place in the registry:
/// while one is held, the place is that law's; once none is (every scenario, world and
/// window that had the law has let it go), the place can go to another law. So the
/// laws steerlab can hold are bounded per open scenario, not per process.
#[derive(Debug)]
pub struct Hold;

/// A place in the registry: the law's description, and whether anything still holds it.
pub(super) struct Slot {
    pub info: LawInfo,
    pub held: Weak<Hold>,
}

impl Slot {
    pub fn is_held(&self) -> bool {
        self.held.strong_count() > 0
    }
}

/// Where a law with `info` goes among `slots`: the place its id holds while held (its
/// description updated), else a place nothing holds, else a new one, up to `cap`;
/// with the hold that keeps it.
pub(super) fn place(
    slots: &mut Vec<Slot>,
    info: LawInfo,
    cap: usize,
) -> Result<(usize, Arc<Hold>), String> {
    let held = slots
        .iter()
        .position(|s| s.info.id == info.id)
        .and_then(|k| slots[k].held.upgrade().map(|hold| (k, hold)));
    if let Some((k, hold)) = held {
        slots[k].info = info;
        return Ok((k, hold));
    }
    let hold = Arc::new(Hold);
    let slot = Slot {
        info,
        held: Arc::downgrade(&hold),
    };
    match slots.iter().position(|s| !s.is_held()) {
        Some(k) => {
            slots[k] = slot;
            Ok((k, hold))
        }
        None if slots.len() >= cap => Err(format!(
            "at most {cap} laws added at run time can be open at once"
        )),
        None => {
            slots.push(slot);
            Ok((slots.len() - 1, hold))
        }
    }
}

/// The registry's view of the runtime laws: their descriptions by index past the
/// built-ins (a law registered again under its id while held updates its entry; a
/// place nothing holds is reused).
pub(super) fn runtime_slots() -> &'static Mutex<Vec<Slot>> {
    static SLOTS: OnceLock<Mutex<Vec<Slot>>> = OnceLock::new();
    SLOTS.get_or_init(Default::default)
}

/// A list of choice names for the life of the program, leaked once per distinct list (a
/// script reloaded on every save does not grow memory for unchanged choices).
pub fn leak_names(names: Vec<&'static str>) -> &'static [&'static str] {
    static TABLE: OnceLock<Mutex<Vec<&'static [&'static str]>>> = OnceLock::new();
    let mut table = TABLE
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(found) = table.iter().find(|t| **t == names.as_slice()) {
        return found;
    }
    let leaked: &'static [&'static str] = Box::leak(names.into_boxed_slice());
    table.push(leaked);
    leaked
}

/// A parameter list for the life of the program, leaked once per distinct list.
pub fn leak_fields(fields: Vec<Field>) -> &'static [Field] {
    static TABLE: OnceLock<Mutex<Vec<&'static [Field]>>> = OnceLock::new();
    let mut table = TABLE
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(found) = table.iter().find(|t| **t == fields.as_slice()) {
        return found;
    }
    let leaked: &'static [Field] = Box::leak(fields.into_boxed_slice());
    table.push(leaked);
    leaked
}

/// Operations the laws added at run time (scripts) may run in one tick of one world, all
/// their missiles together: a tick of scripts costs at most about a tenth of a second,
/// so a window stays responsive whatever the scripts do. A call that would go past it
/// fails (its missile ends with a law error naming the script and this budget), and so
/// does every scripted call after it in the same tick.
pub const TICK_OPERATIONS: u64 = 500_000;

thread_local! {
    /// Operations left in the tick this thread is stepping ([`begin_tick`]). Each
    /// world's tick runs on one thread from start to end, and every call's count is
    /// deterministic, so which call runs out is the same on every run.
    static TICK_LEFT: std::cell::Cell<u64> = const { std::cell::Cell::new(TICK_OPERATIONS) };
}

/// Starts a tick of a world: its scripts have [`TICK_OPERATIONS`] between them.
pub fn begin_tick() {
    TICK_LEFT.set(TICK_OPERATIONS);
}

/// Operations the scripts may still run in this tick.
pub fn tick_operations_left() -> u64 {
    TICK_LEFT.get()
}

/// Counts `operations` a script ran against this tick's budget.
pub fn spend_tick_operations(operations: u64) {
    TICK_LEFT.set(TICK_LEFT.get().saturating_sub(operations));
}

#[cfg(test)]
#[path = "runtime_tests.rs"]
mod tests;
