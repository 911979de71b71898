//! Fonts for the names users type. The world view's built-in font (macroquad's) has
//! Latin-1 only, egui's fonts Latin, Greek and Cyrillic. The view's labels fall back to
//! egui's Ubuntu font (Greek, Cyrillic, the rest of Latin) and, on the desktop, to a font
//! of the system for Chinese, Japanese and Korean (`STEERLAB_FONT` names one; else the
//! usual places of Noto CJK, Droid Sans Fallback, WenQuanYi, PingFang, Microsoft YaHei,
//! Arial Unicode), which the panel gets too. The page has no system fonts to read:
//! there, CJK names show as boxes (the README says so).

use ab_glyph::Font as _;
#[cfg(not(target_arch = "wasm32"))]
use egui_macroquad::egui;
use egui_macroquad::egui::{FontData, FontDefinitions, FontFamily};
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

/// The system's CJK font, read once: its path and bytes, or why there is none.
#[cfg(not(target_arch = "wasm32"))]
fn system() -> &'static Result<(PathBuf, Vec<u8>), String> {
    static FONT: std::sync::OnceLock<Result<(PathBuf, Vec<u8>), String>> =
        std::sync::OnceLock::new();
    FONT.get_or_init(|| {
        let env = std::env::var_os("STEERLAB_FONT").map(PathBuf::from);
        let path = find(env, CANDIDATES)
            .ok_or("no font for Chinese, Japanese or Korean found (STEERLAB_FONT names one)")?;
        let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok((path, bytes))
    })
}

/// Gives egui the system's CJK font, if there is one; why not, if not.
#[cfg(not(target_arch = "wasm32"))]
pub fn install_panel(ctx: &egui::Context) -> Result<(), String> {
    let (_, bytes) = system().as_ref().map_err(Clone::clone)?;
    ctx.set_fonts(with_fallback(bytes.clone()));
    Ok(())
}

/// A font of the world view's chain: macroquad's, and the outlines that say which
/// characters it has.
struct Fallback {
    font: macroquad::text::Font,
    glyphs: ab_glyph::FontArc,
}

thread_local! {
    /// The world view's fallback fonts, in order (needs the window to load). Never
    /// dropped: they live as long as the window, and dropping their textures after the
    /// window's OpenGL context is gone (at the program's exit) crashes.
    static SCENE: RefCell<std::mem::ManuallyDrop<Vec<Fallback>>> =
        const { RefCell::new(std::mem::ManuallyDrop::new(Vec::new())) };
}

fn load(bytes: Vec<u8>) -> Result<Fallback, String> {
    let font = macroquad::text::load_ttf_font_from_bytes(&bytes).map_err(|e| e.to_string())?;
    let glyphs = ab_glyph::FontArc::try_from_vec(bytes).map_err(|e| e.to_string())?;
    Ok(Fallback { font, glyphs })
}

/// Loads the world view's fallback fonts (needs the window): egui's Ubuntu, then the
/// system's CJK font on the desktop. What is missing, said once.
pub fn install_scene() -> Result<(), String> {
    let ubuntu = load(epaint_default_fonts::UBUNTU_LIGHT.to_vec())?;
    SCENE.with(|f| f.borrow_mut().push(ubuntu));
    #[cfg(not(target_arch = "wasm32"))]
    {
        let (path, bytes) = system().as_ref().map_err(Clone::clone)?;
        let cjk = load(bytes.clone()).map_err(|e| format!("{}: {e}", path.display()))?;
        SCENE.with(|f| f.borrow_mut().push(cjk));
    }
    Ok(())
}

/// Whether the world view's built-in font has `c` (Latin-1).
fn built_in(c: char) -> bool {
    u32::from(c) < 0x100
}

/// `text` cut into runs by the font that draws them: `None` the built-in font, `Some(k)`
/// the first fallback (of `has`, in order) with the character; a character none has
/// stays with the built-in font (a box).
pub fn runs_with<'t>(
    text: &'t str,
    has: &[&dyn Fn(char) -> bool],
) -> Vec<(&'t str, Option<usize>)> {
    let font_of = |c: char| {
        if built_in(c) {
            None
        } else {
            has.iter().position(|h| h(c))
        }
    };
    let mut out = Vec::new();
    let (mut start, mut current) = (0, None);
    for (i, c) in text.char_indices() {
        let font = font_of(c);
        match current {
            Some(was) if was != font => {
                out.push((&text[start..i], was));
                start = i;
                current = Some(font);
            }
            None => current = Some(font),
            _ => {}
        }
    }
    if let Some(was) = current {
        out.push((&text[start..], was));
    }
    out
}

/// Draws `text` with its baseline starting at `(x, y)`, each run in the font that has
/// its characters.
pub fn draw_text(text: &str, x: f32, y: f32, size: f32, color: macroquad::color::Color) {
    if text.chars().all(built_in) {
        macroquad::text::draw_text(text, x, y, size, color);
        return;
    }
    SCENE.with(|fonts| {
        let fonts = fonts.borrow();
        let has: Vec<Box<dyn Fn(char) -> bool + '_>> = fonts
            .iter()
            .map(|f| Box::new(move |c| f.glyphs.glyph_id(c).0 != 0) as Box<dyn Fn(char) -> bool>)
            .collect();
        let has: Vec<&dyn Fn(char) -> bool> = has.iter().map(|h| h.as_ref()).collect();
        let mut at = x;
        for (run, font) in runs_with(text, &has) {
            let params = macroquad::text::TextParams {
                font: font.map(|k| &fonts[k].font),
                font_size: size as u16,
                color,
                ..Default::default()
            };
            at += macroquad::text::draw_text_ex(run, at, y, params).width;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_named_font_wins_then_the_first_candidate_that_exists() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.ttf"), dir.path().join("b.ttf"));
        std::fs::write(&b, b"x").unwrap();
        let (a_s, b_s) = (a.display().to_string(), b.display().to_string());
        assert_eq!(find(None, &[&a_s, &b_s]), Some(b.clone()));
        assert_eq!(find(Some(a.clone()), &[&b_s]), Some(a));
        assert_eq!(find(None, &[&a_s]), None);
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
        // Two fallbacks: one with Greek, one with CJK.
        let greek = |c: char| ('\u{370}'..='\u{3ff}').contains(&c);
        let cjk = |c: char| u32::from(c) >= 0x2e80;
        let has: [&dyn Fn(char) -> bool; 2] = [&greek, &cjk];
        assert_eq!(
            runs_with("目標 (6 hits)", &has),
            [("目標", Some(1)), (" (6 hits)", None)]
        );
        assert_eq!(
            runs_with("aλ目b", &has),
            [("a", None), ("λ", Some(0)), ("目", Some(1)), ("b", None)]
        );
        // Latin-1 stays with the built-in font; a character no font has too.
        assert_eq!(runs_with("plain é ß", &has), [("plain é ß", None)]);
        assert_eq!(runs_with("Ж", &has), [("Ж", None)]);
        // The built-in font ends with Latin-1: ÿ (U+00FF) is its, Ā (U+0100) is not.
        let any = |_: char| true;
        let all: [&dyn Fn(char) -> bool; 1] = [&any];
        assert_eq!(runs_with("ÿĀ", &all), [("ÿ", None), ("Ā", Some(0))]);
        assert!(runs_with("", &has).is_empty());
    }

    #[test]
    fn egui_s_ubuntu_has_greek_and_cyrillic_and_no_cjk() {
        let ubuntu =
            ab_glyph::FontArc::try_from_vec(epaint_default_fonts::UBUNTU_LIGHT.to_vec()).unwrap();
        for c in ['λ', 'Ж', 'ł'] {
            assert_ne!(ubuntu.glyph_id(c).0, 0, "{c}");
        }
        assert_eq!(ubuntu.glyph_id('目').0, 0);
    }
}
