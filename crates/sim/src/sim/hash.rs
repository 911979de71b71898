//! State hashing: FNV-1a over the serialised state, so any difference in any field of
//! the world (down to the last bit of a float) changes the hash.

use serde::Serialize;

/// A `fmt::Write` sink that folds everything written into a 64-bit FNV-1a hash.
struct Fnv(u64);

impl std::fmt::Write for Fnv {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        for byte in s.bytes() {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01B3);
        }
        Ok(())
    }
}

/// Hash of a value's RON serialisation. Floats are written in their shortest
/// round-trip form, so two values hash equal exactly when their bits agree
/// (NaN payloads aside, and the world never keeps a NaN).
pub fn hash_of<T: Serialize>(value: &T) -> u64 {
    let mut sink = Fnv(0xCBF2_9CE4_8422_2325);
    // Serialising plain data into a hashing sink cannot fail.
    ron::ser::to_writer(&mut sink, value).expect("state serialises");
    sink.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_bit_of_a_float_changes_the_hash() {
        let a = (1.0f32, 2u32);
        let b = (f32::from_bits(1.0f32.to_bits() + 1), 2u32);
        assert_eq!(hash_of(&a), hash_of(&a.clone()));
        assert_ne!(hash_of(&a), hash_of(&b));
        assert_ne!(hash_of(&0.0f32), hash_of(&-0.0f32));
    }
}
