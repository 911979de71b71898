//! One frame of the window: advance the session by the frame's time, the panel (egui,
//! which reads the shortcuts), then the world view (mouse, camera, panes, status bar),
//! then egui on top.

use super::input::{self, Pointer};
use super::render::{self, colors};
use super::session::Session;
use super::ui;
use crate::scenario::camera::{Camera, Pane};
use macroquad::color::Color;
use macroquad::prelude::{screen_height, screen_width};

/// Pixels the panel scrolls per notch of a mouse wheel. egui-macroquad hands egui about
/// 1/90 of a line per notch on desktop (0.3 px), so the notches are added here.
const WHEEL_STEP: f32 = 48.0;

/// What lives across frames.
pub struct Frame {
    pub session: Session,
    panel: ui::PanelState,
    pointer: Pointer,
    camera: Camera,
    /// The pane layout the camera was fitted for.
    fitted_for: Option<(usize, u32, u32)>,
    /// Each pane's picture, kept for the next frame.
    kept: Vec<render::Kept>,
}

impl Frame {
    pub fn new(session: Session) -> Self {
        let mut panel = ui::PanelState::new(&session);
        panel.panels_cleared = render::panels_cleared();
        Self {
            panel,
            session,
            pointer: Pointer::default(),
            camera: Camera {
                center: glam::Vec2::ZERO,
                zoom: 1.0,
            },
            fitted_for: None,
            kept: Vec::new(),
        }
    }

    /// Shows the view alone, for an article's embed (the web build's `?embed`).
    pub fn set_embed(&mut self, embed: bool) {
        self.panel.embed = embed;
    }

    /// The link Copy link made this frame, for the page to share.
    #[cfg(target_arch = "wasm32")]
    pub fn take_link_request(&mut self) -> Option<String> {
        self.panel.link_request.take()
    }

    /// Runs one frame of `elapsed` seconds.
    pub fn run(&mut self, elapsed: f32) {
        // The panes tile the view and the panels cover the rest: one clear in the panes'
        // colour is all the background there is (every full-screen fill costs on a
        // software renderer).
        render::clear_screen(colors::scene::PANE);
        // Advance first, so the panel and the view show the same tick; what the user does
        // this frame is queued and applies from the next tick on.
        self.session.advance(elapsed);
        let (area, requests, over_ui) = self.panel_pass();
        self.view_pass(area, requests, over_ui, elapsed);
        if let Some(path) = self.panel.exports.png_request.take() {
            // The view as drawn, before the panels go on top.
            let inputs = self.session.inputs();
            match super::screenshot::save_screenshot(&path, &inputs, Some(area)) {
                Ok(()) => self.session.messages.status = Some(format!("wrote {}", path.display())),
                Err(e) => self.session.messages.error = Some(e),
            }
        }
        egui_macroquad::draw();
    }

    /// The egui pass: the panel, the timeline, the windows and the shortcuts. Returns
    /// the area left for the world view, what the panel asks of it, and whether the
    /// pointer is over the panel.
    fn panel_pass(&mut self) -> (Pane, ui::shortcuts::WindowRequests, bool) {
        let mut output = None;
        let mut over_ui = false;
        let (_, wheel) = macroquad::input::mouse_wheel();
        let (panel, session) = (&mut self.panel, &mut self.session);
        egui_macroquad::ui(|ctx| {
            if cfg!(not(target_arch = "wasm32")) && wheel != 0.0 {
                ctx.input_mut(|i| i.smooth_scroll_delta.y += wheel * WHEEL_STEP);
            }
            output = Some(ui::show(ctx, panel, session));
            over_ui = ctx.wants_pointer_input() || ctx.is_pointer_over_area();
        });
        // Keys were read by egui; F1 is not among the keys egui-macroquad passes on.
        if macroquad::input::is_key_pressed(macroquad::input::KeyCode::F1) {
            self.session.view.help_open = !self.session.view.help_open;
        }
        // Characters reach the panel through egui; macroquad's own queue of them is
        // never read, so it is emptied here (it would grow with every key typed).
        while macroquad::input::get_char_pressed().is_some() {}
        let requests = output.as_ref().map(|o| o.requests).unwrap_or_default();
        // The world view gets what the panels leave (egui points = pixels: no high-dpi).
        let area = output.map_or(
            Pane {
                x: 0.0,
                y: 0.0,
                w: screen_width(),
                h: screen_height(),
            },
            |o| Pane {
                x: o.free.left(),
                y: o.free.top(),
                w: o.free.width().max(1.0),
                h: o.free.height().max(1.0),
            },
        );
        (area, requests, over_ui)
    }

    /// The world view: fit the camera when the layout changed or was asked to, let it
    /// follow the action, the mouse, the panes, the status bar.
    fn view_pass(
        &mut self,
        area: Pane,
        requests: ui::shortcuts::WindowRequests,
        over_ui: bool,
        elapsed: f32,
    ) {
        let session = &mut self.session;
        let views = input::panes(session, area);
        let first = views[0].pane;
        let key = (views.len(), first.w as u32, first.h as u32);
        let fit = requests.fit || std::mem::take(&mut session.view.fit_requested);
        let reframe = std::mem::take(&mut session.view.reframe);
        if fit || reframe || self.fitted_for != Some(key) {
            // A scenario just opened is framed as it asks; a change of layout or F fits.
            let refit = fit || (self.fitted_for.is_some() && !reframe);
            self.camera = session.opening_camera(first, refit);
            self.fitted_for = Some(key);
        }
        if let Some(goal) = session.follow_camera(self.camera, first) {
            // Eases to where it should be, a time constant of 1/6 s at any frame rate.
            self.camera = self.camera.ease_toward(goal, 1.0 - (-6.0 * elapsed).exp());
        }
        input::handle_mouse(
            session,
            &mut self.pointer,
            &views,
            &mut self.camera,
            over_ui,
        );
        self.kept.resize_with(views.len(), render::Kept::default);
        let inputs: Vec<render::Inputs> = (views.iter())
            .map(|v| {
                render::pane_inputs(session, &v.lanes, v.pane, self.camera, v.label.as_deref())
            })
            .collect();
        if self.panel.panels_cleared {
            // The panels' background (egui draws them without a fill). When every pane
            // is copied whole, the copies cover the view: the whole screen is cleared to
            // the panels' colour at once (a clear of part of it is a quad to shade).
            let [r, g, b, a] = ui::style::panel_fill().to_array();
            let fill = Color::from_rgba(r, g, b, a);
            match inputs.iter().zip(&self.kept).all(|(i, k)| k.copies(i)) {
                true => render::clear_screen(fill),
                false => render::clear_outside(area, fill),
            }
        }
        for (inputs, kept) in inputs.into_iter().zip(&mut self.kept) {
            render::draw_pane(session, inputs, kept);
        }
        render::draw_hud(session, area);
    }
}
