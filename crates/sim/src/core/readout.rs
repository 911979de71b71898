//! Readouts: one line each of a law's internals for the inspector (a number, an angle,
//! a vector, a flag or text, with its unit).

use glam::Vec2;

/// One line of an algorithm's internals for the inspector.
#[derive(Clone, Debug, PartialEq)]
pub struct Readout {
    pub label: &'static str,
    pub value: ReadoutValue,
    pub unit: &'static str,
}

/// The value of a [`Readout`].
#[derive(Clone, Debug, PartialEq)]
pub enum ReadoutValue {
    Number(f32),
    /// An angle in radians (shown in degrees too).
    Angle(f32),
    Vector(Vec2),
    Flag(bool),
    Text(String),
}

impl Readout {
    pub fn number(label: &'static str, value: f32, unit: &'static str) -> Self {
        Self {
            label,
            value: ReadoutValue::Number(value),
            unit,
        }
    }
    pub fn angle(label: &'static str, radians: f32) -> Self {
        Self {
            label,
            value: ReadoutValue::Angle(radians),
            unit: "rad",
        }
    }
    pub fn vector(label: &'static str, value: Vec2, unit: &'static str) -> Self {
        Self {
            label,
            value: ReadoutValue::Vector(value),
            unit,
        }
    }
    pub fn flag(label: &'static str, value: bool) -> Self {
        Self {
            label,
            value: ReadoutValue::Flag(value),
            unit: "",
        }
    }
    pub fn text(label: &'static str, value: String) -> Self {
        Self {
            label,
            value: ReadoutValue::Text(value),
            unit: "",
        }
    }
}
