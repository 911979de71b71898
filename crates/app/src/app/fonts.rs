//! A font for the names users type in scripts the built-in fonts lack. egui's fonts and
//! macroquad's cover Latin, Greek and Cyrillic; a target named in Chinese, Japanese or
//! Korean would show as boxes. On the desktop the window looks for a font of the system
//! that covers them (`STEERLAB_FONT` names one; else the usual places of Noto CJK, Droid
//! Sans Fallback, WenQuanYi, PingFang, Microsoft YaHei, Arial Unicode) and draws with it
//! what the built-in fonts cannot. The page has no system fonts to read: there, such
//! names show as boxes (the README says so).

use egui_macroquad::egui::{self, FontData, FontDefinitions, FontFamily};
use std::cell::RefCell;
use std::path::PathBuf;

/// Where systems keep fonts that cover CJK, most common first.
pub const CANDIDATES: &[&str] = &[
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/usr/share/fonts/droid/DroidSansFallbackFull.ttf",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/wenquanyi/wqy-microhei/wqy-microhei.ttc",
    "/System/Library/Fonts/PingFang.ttc",
    "/System/Library/Fonts/Supplemental/Arial Unicode.ttf",
    "C:\\Windows\\Fonts\\msyh.ttc",
    "C:\\Windows\\Fonts\\arialuni.ttf",
];

/// The fallback font's path: `STEERLAB_FONT` if set, else the first candidate there.
pub fn find(env: Option<PathBuf>, candidates: &[&str]) -> Option<PathBuf> {
    env.or_else(|| candidates.iter().map(PathBuf::from).find(|p| p.is_file()))
}

/// egui's fonts with `bytes` added last to every family, so egui draws with it only
/// what its own fonts lack.
pub fn with_fallback(bytes: Vec<u8>) -> FontDefinitions {
    let mut fonts = FontDefinitions::default();
    fonts.font_data.insert(
        "fallback".into(),
        std::sync::Arc::new(FontData::from_owned(bytes)),
    );
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        fonts
            .families
            .entry(family)
            .or_default()
            .push("fallback".into());
    }
    fonts
}

thread_local! {
    /// The fallback for the world view's labels (macroquad draws them).
    static SCENE: RefCell<Option<macroquad::text::Font>> = const { RefCell::new(None) };
}

/// The fallback font's bytes, read once: its path and bytes, or why there is none.
fn loaded() -> &'static Result<(PathBuf, Vec<u8>), String> {
    static FONT: std::sync::OnceLock<Result<(PathBuf, Vec<u8>), String>> =
        std::sync::OnceLock::new();
    FONT.get_or_init(|| {
        let path = find(
            std::env::var_os("STEERLAB_FONT").map(PathBuf::from),
            CANDIDATES,
        )
        .ok_or("no font for CJK names found (set STEERLAB_FONT to one)")?;
        let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok((path, bytes))
    })
}

/// Gives egui the system's fallback font, if there is one; why not, if not.
pub fn install_panel(ctx: &egui::Context) -> Result<(), String> {
    let (_, bytes) = loaded().as_ref().map_err(Clone::clone)?;
    ctx.set_fonts(with_fallback(bytes.clone()));
    Ok(())
}

/// Gives the world view's labels the system's fallback font (needs the window).
pub fn install_scene() -> Result<(), String> {
    let (path, bytes) = loaded().as_ref().map_err(Clone::clone)?;
    let font = macroquad::text::load_ttf_font_from_bytes(bytes)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    SCENE.with(|f| *f.borrow_mut() = Some(font));
    Ok(())
}

/// Whether the world view's built-in font has `c` (Latin and its extensions).
fn built_in(c: char) -> bool {
    u32::from(c) < 0x250
}

/// The fallback font for the world view, when `text` needs it and one was installed.
pub fn scene_font(text: &str) -> Option<macroquad::text::Font> {
    if text.chars().all(built_in) {
        return None;
    }
    SCENE.with(|f| f.borrow().clone())
}

/// `text` cut into runs the built-in font draws (`false`) and runs the fallback draws
/// (`true`).
pub fn runs(text: &str) -> Vec<(&str, bool)> {
    let mut out = Vec::new();
    let (mut start, mut current) = (0, None);
    for (i, c) in text.char_indices() {
        let fallback = !built_in(c);
        match current {
            Some(was) if was != fallback => {
                out.push((&text[start..i], was));
                start = i;
                current = Some(fallback);
            }
            None => current = Some(fallback),
            _ => {}
        }
    }
    if let Some(was) = current {
        out.push((&text[start..], was));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_named_font_wins_then_the_first_candidate_that_exists() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.ttf"), dir.path().join("b.ttf"));
        std::fs::write(&b, b"x").unwrap();
        let (a_s, b_s) = (
            a.to_str().unwrap().to_owned(),
            b.to_str().unwrap().to_owned(),
        );
        let (a_s, b_s) = (a_s.as_str(), b_s.as_str());
        assert_eq!(find(None, &[a_s, b_s]), Some(b.clone()));
        assert_eq!(find(Some(a.clone()), &[b_s]), Some(a));
        assert_eq!(find(None, &[a_s]), None);
    }

    #[test]
    fn the_fallback_comes_after_egui_s_own_fonts_in_every_family() {
        let fonts = with_fallback(vec![0; 4]);
        for family in [FontFamily::Proportional, FontFamily::Monospace] {
            let names = &fonts.families[&family];
            assert_eq!(names.last().map(String::as_str), Some("fallback"));
            assert!(names.len() > 1, "egui's own fonts stay first");
        }
        assert!(fonts.font_data.contains_key("fallback"));
    }

    #[test]
    fn text_is_cut_where_it_changes_font() {
        assert_eq!(
            runs("目標 (6 hits)"),
            [("目標", true), (" (6 hits)", false)]
        );
        assert_eq!(runs("a目b"), [("a", false), ("目", true), ("b", false)]);
        assert_eq!(runs("plain é"), [("plain é", false)]);
        assert!(runs("").is_empty());
    }

    #[test]
    fn plain_latin_text_keeps_the_built_in_font() {
        // Nothing installed in a test: every text draws with the built-in font; Latin
        // text never asks for the fallback.
        assert!(scene_font("target (3 hits) é").is_none());
        assert!(scene_font("目標").is_none());
    }
}
