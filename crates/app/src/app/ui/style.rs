//! The panel's look: text large enough to read and help text in a light grey on the
//! dark background (egui's default small text is about 8 px in a dim grey).

use egui_macroquad::egui::{self, Color32, FontFamily, FontId, TextStyle};

/// Colours with a meaning in the panel.
pub const WARN: Color32 = Color32::from_rgb(255, 196, 61);
pub const ERROR: Color32 = Color32::from_rgb(255, 120, 120);
pub const GOOD: Color32 = Color32::from_rgb(120, 220, 120);
pub const PAUSED: Color32 = Color32::from_rgb(255, 210, 90);
/// Help and description text: light enough on the dark panel (contrast about 8:1).
pub const HELP: Color32 = Color32::from_gray(185);

/// Text sizes in points.
pub const BODY: f32 = 14.5;
pub const SMALL: f32 = 13.0;

/// The panels' background colour (egui's dark theme's).
pub fn panel_fill() -> Color32 {
    egui::Visuals::dark().panel_fill
}

/// Applies the text sizes and colours; with `cleared`, the panels are drawn without a
/// fill (the window clears their background to [`panel_fill`] itself).
pub fn apply(ctx: &egui::Context, cleared: bool) {
    ctx.style_mut(|style| {
        style.visuals.panel_fill = match cleared {
            true => Color32::TRANSPARENT,
            false => panel_fill(),
        };
        style.text_styles = [
            (
                TextStyle::Heading,
                FontId::new(20.0, FontFamily::Proportional),
            ),
            (TextStyle::Body, FontId::new(BODY, FontFamily::Proportional)),
            (
                TextStyle::Button,
                FontId::new(BODY, FontFamily::Proportional),
            ),
            (
                TextStyle::Small,
                FontId::new(SMALL, FontFamily::Proportional),
            ),
            (
                TextStyle::Monospace,
                FontId::new(13.5, FontFamily::Monospace),
            ),
        ]
        .into();
        style.visuals.widgets.noninteractive.fg_stroke.color = Color32::from_gray(215);
    });
}

/// A line of help or description text.
pub fn help(text: impl Into<String>) -> egui::RichText {
    egui::RichText::new(text).size(SMALL).color(HELP)
}
