//! Writing a struct as a struct variant of an enum: a registry enum of newtype variants
//! (`Circle(Circle)`) is written exactly as an enum of struct variants would be
//! (`Circle(center: ..., radius: ...)`), so files and state hashes do not depend on how
//! the enum is put together in the code.

use serde::ser::{
    Error, Impossible, Serialize, SerializeStruct, SerializeStructVariant, Serializer,
};

/// Serializes `value`, which serializes as a struct, as the struct variant `variant` (at
/// `index`) of the enum `name`.
pub fn as_struct_variant<S: Serializer, T: Serialize + ?Sized>(
    serializer: S,
    name: &'static str,
    index: u32,
    variant: &'static str,
    value: &T,
) -> Result<S::Ok, S::Error> {
    value.serialize(VariantOf {
        inner: serializer,
        name,
        index,
        variant,
    })
}

struct VariantOf<S> {
    inner: S,
    name: &'static str,
    index: u32,
    variant: &'static str,
}

/// The fields of the struct, forwarded to the struct variant.
pub struct Fields<V>(V);

impl<V: SerializeStructVariant> SerializeStruct for Fields<V> {
    type Ok = V::Ok;
    type Error = V::Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), V::Error> {
        self.0.serialize_field(key, value)
    }

    fn skip_field(&mut self, key: &'static str) -> Result<(), V::Error> {
        self.0.skip_field(key)
    }

    fn end(self) -> Result<V::Ok, V::Error> {
        self.0.end()
    }
}

fn not_a_struct<E: Error>() -> E {
    E::custom("only a struct can be written as a struct variant")
}

macro_rules! refuse {
    ($( $method:ident ( $( $arg:ident : $ty:ty ),* ) -> $ret:ty; )*) => {
        $(
            fn $method(self, $( $arg: $ty ),*) -> Result<$ret, S::Error> {
                $( let _ = $arg; )*
                Err(not_a_struct())
            }
        )*
    };
}

impl<S: Serializer> Serializer for VariantOf<S> {
    type Ok = S::Ok;
    type Error = S::Error;
    type SerializeSeq = Impossible<S::Ok, S::Error>;
    type SerializeTuple = Impossible<S::Ok, S::Error>;
    type SerializeTupleStruct = Impossible<S::Ok, S::Error>;
    type SerializeTupleVariant = Impossible<S::Ok, S::Error>;
    type SerializeMap = Impossible<S::Ok, S::Error>;
    type SerializeStruct = Fields<S::SerializeStructVariant>;
    type SerializeStructVariant = Impossible<S::Ok, S::Error>;

    fn serialize_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStruct, S::Error> {
        self.inner
            .serialize_struct_variant(self.name, self.index, self.variant, len)
            .map(Fields)
    }

    refuse! {
        serialize_bool(v: bool) -> S::Ok;
        serialize_i8(v: i8) -> S::Ok;
        serialize_i16(v: i16) -> S::Ok;
        serialize_i32(v: i32) -> S::Ok;
        serialize_i64(v: i64) -> S::Ok;
        serialize_u8(v: u8) -> S::Ok;
        serialize_u16(v: u16) -> S::Ok;
        serialize_u32(v: u32) -> S::Ok;
        serialize_u64(v: u64) -> S::Ok;
        serialize_f32(v: f32) -> S::Ok;
        serialize_f64(v: f64) -> S::Ok;
        serialize_char(v: char) -> S::Ok;
        serialize_str(v: &str) -> S::Ok;
        serialize_bytes(v: &[u8]) -> S::Ok;
        serialize_none() -> S::Ok;
        serialize_unit() -> S::Ok;
        serialize_unit_struct(name: &'static str) -> S::Ok;
        serialize_unit_variant(name: &'static str, index: u32, variant: &'static str) -> S::Ok;
        serialize_seq(len: Option<usize>) -> Self::SerializeSeq;
        serialize_tuple(len: usize) -> Self::SerializeTuple;
        serialize_tuple_struct(name: &'static str, len: usize) -> Self::SerializeTupleStruct;
        serialize_tuple_variant(name: &'static str, index: u32, variant: &'static str, len: usize) -> Self::SerializeTupleVariant;
        serialize_map(len: Option<usize>) -> Self::SerializeMap;
        serialize_struct_variant(name: &'static str, index: u32, variant: &'static str, len: usize) -> Self::SerializeStructVariant;
    }

    fn serialize_some<T: Serialize + ?Sized>(self, _value: &T) -> Result<S::Ok, S::Error> {
        Err(not_a_struct())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _value: &T,
    ) -> Result<S::Ok, S::Error> {
        Err(not_a_struct())
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<S::Ok, S::Error> {
        Err(not_a_struct())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;

    #[derive(Serialize)]
    enum Direct {
        Circle {
            r: f32,
            #[serde(skip_serializing_if = "Option::is_none")]
            note: Option<u8>,
        },
    }

    #[derive(Serialize)]
    struct Circle {
        r: f32,
        #[serde(skip_serializing_if = "Option::is_none")]
        note: Option<u8>,
    }

    struct Wrapped(Circle);

    impl Serialize for Wrapped {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            as_struct_variant(s, "Direct", 0, "Circle", &self.0)
        }
    }

    #[test]
    fn a_wrapped_struct_is_written_byte_for_byte_as_a_struct_variant() {
        for note in [None, Some(3)] {
            let direct = ron::to_string(&Direct::Circle { r: 1.5, note }).unwrap();
            let wrapped = ron::to_string(&Wrapped(Circle { r: 1.5, note })).unwrap();
            assert_eq!(direct, wrapped);
        }
    }
}
