//! Small widgets the sections share.

use egui_macroquad::egui;

/// A one-line text field with a button at its right, together as wide as the panel.
pub fn field_and_button(
    ui: &mut egui::Ui,
    text: &mut String,
    button: &str,
) -> (egui::Response, egui::Response) {
    let row = egui::vec2(ui.available_width(), ui.spacing().interact_size.y);
    ui.allocate_ui_with_layout(
        row,
        egui::Layout::right_to_left(egui::Align::Center),
        |ui| {
            let clicked = ui.button(button);
            let field = ui.add(
                egui::TextEdit::singleline(text)
                    .hint_text("path")
                    .desired_width(ui.available_width()),
            );
            (clicked, field)
        },
    )
    .inner
}
