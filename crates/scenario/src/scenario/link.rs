//! A scenario as a link: the part of a URL after `#`. A shipped scenario, unchanged, is
//! its name (`#default`); any other is `#s=` and its text, with the scripts it names,
//! deflated and written in base64url (RFC 4648 section 5, no padding), so a whole case
//! fits in one address to paste into a chat. Decoding is bounded: a link never inflates
//! past [`MAX_TEXT_BYTES`], and every way a link can be broken (cut short, changed,
//! not base64, not a scenario) is an error saying so, never a panic.

use super::model::Scenario;
use super::presets::SHIPPED;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
use base64::engine::DecodePaddingMode;
use base64::Engine;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What starts a fragment that carries a scenario's text.
pub const PREFIX: &str = "s=";
/// The most a link's contents may inflate to (4 MiB): far beyond any real scenario,
/// and a bound on what a hostile link can make the page allocate.
pub const MAX_TEXT_BYTES: usize = 4 * 1024 * 1024;

/// base64url without padding; a padded link (some chat tools add `=`) reads too.
const BASE64URL: GeneralPurpose = GeneralPurpose::new(
    &base64::alphabet::URL_SAFE,
    GeneralPurposeConfig::new()
        .with_encode_padding(false)
        .with_decode_padding_mode(DecodePaddingMode::Indifferent)
        // A link cut short mid-symbol: read what is whole, and let the inflater say the
        // data is cut short (the likeliest story), not that the last symbol is odd.
        .with_decode_allow_trailing_bits(true),
);

/// What a link carries: the scenario's text and the files it names (its scripts), by the
/// path the scenario gives them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Carried {
    pub scenario: String,
    #[serde(default)]
    pub files: BTreeMap<String, String>,
}

/// A decoded link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Linked {
    /// A shipped scenario, by name, with its text.
    Shipped(&'static str, &'static str),
    Carried(Carried),
}

/// The fragment (without `#`) of a scenario's link: the shipped name when `scenario` is
/// a shipped scenario exactly as shipped and carries no files, its text otherwise.
pub fn fragment(scenario: &Scenario, files: &BTreeMap<String, String>) -> String {
    if files.is_empty() {
        let shipped = SHIPPED
            .iter()
            .find(|(name, text)| super::parse(text, name).is_ok_and(|s| &s == scenario));
        if let Some((name, _)) = shipped {
            return (*name).to_string();
        }
    }
    encode(&Carried {
        scenario: super::to_text(scenario),
        files: files.clone(),
    })
}

/// The scripts `scenario` names, read from the folder `dir` of its file (none: the
/// paths as written), by the path the scenario gives them: what its link carries.
pub fn files_of(
    scenario: &Scenario,
    dir: Option<&Path>,
) -> Result<BTreeMap<String, String>, String> {
    let mut files = BTreeMap::new();
    for spec in &scenario.scripts {
        let path = dir.map_or_else(|| PathBuf::from(&spec.path), |d| d.join(&spec.path));
        let text = crate::files::read_text(&path).map_err(|e| e.to_string())?;
        files.insert(spec.path.clone(), text);
    }
    Ok(files)
}

/// `#s=` and the carried text, compressed.
pub fn encode(carried: &Carried) -> String {
    // Plain data always serialises.
    let ron = ron::to_string(carried).expect("a link's contents serialise");
    let deflated = miniz_oxide::deflate::compress_to_vec(ron.as_bytes(), 9);
    format!("{PREFIX}{}", BASE64URL.encode(deflated))
}

impl Linked {
    /// The scenario the link opens, read as a file named after it (`link` for a carried
    /// one, whose scripts are found under `base`).
    pub fn scenario(&self, base: Option<&Path>) -> Result<Scenario, super::ScenarioErrors> {
        match self {
            Linked::Shipped(name, text) => super::parse(text, name),
            Linked::Carried(carried) => super::parse_in(&carried.scenario, "link", base),
        }
    }
}

/// Reads a link's fragment (with or without its `#`).
pub fn decode(fragment: &str) -> Result<Linked, String> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    if let Some((name, text)) = SHIPPED.iter().find(|(name, _)| *name == fragment) {
        return Ok(Linked::Shipped(name, text));
    }
    let Some(data) = fragment.strip_prefix(PREFIX) else {
        let names: Vec<&str> = SHIPPED.iter().map(|(name, _)| *name).collect();
        return Err(format!(
            "the link names no shipped scenario and carries none: `#{}` (a link is \
             `#{PREFIX}...` or one of #{})",
            crate::core::text::quote(fragment),
            names.join(", #")
        ));
    };
    let data = data.trim_end();
    // Only base64url's symbols (and the padding some chat tools add) belong in a link;
    // anything else (a non-ASCII letter, a space) was added or changed on the way.
    if let Some((at, bad)) = data
        .chars()
        .enumerate()
        .find(|(_, c)| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '=')))
    {
        return Err(format!(
            "the link is damaged: {} at character {} after `#{PREFIX}` does not belong in \
             a link (only letters A to Z and a to z, digits, `-` and `_`)",
            crate::core::text::quoted_char(bad),
            at + 1
        ));
    }
    // A lone last symbol holds no whole byte: the link was cut there. (All ASCII now:
    // byte lengths are character counts.)
    let whole = if data.len() % 4 == 1 {
        &data[..data.len() - 1]
    } else {
        data
    };
    let deflated = BASE64URL.decode(whole).map_err(|_| {
        "the link is damaged: its letters do not decode (base64url with `=` only at the end)"
            .to_string()
    })?;
    let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(&deflated, MAX_TEXT_BYTES)
        .map_err(|e| match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => format!(
                "the link's scenario is larger than {} MiB",
                MAX_TEXT_BYTES / (1024 * 1024)
            ),
            miniz_oxide::inflate::TINFLStatus::FailedCannotMakeProgress => {
                "the link is cut short: part of it is missing (copy the whole address)".into()
            }
            _ => "the link is damaged: its compressed data does not read".into(),
        })?;
    let text = String::from_utf8(bytes)
        .map_err(|_| "the link is damaged: its contents are not UTF-8 text".to_string())?;
    let carried: Carried = ron::from_str(&text).map_err(|_| {
        "the link is damaged: its contents do not read as a scenario and its files".to_string()
    })?;
    Ok(Linked::Carried(carried))
}
