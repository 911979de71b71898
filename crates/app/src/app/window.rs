//! How the window is set up: what the command line asks of it, and macroquad's
//! configuration (shared by the desktop and the browser).

use super::session::Layout;
use std::path::PathBuf;

/// How the window is started from the command line.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Start in compare mode.
    pub compare: bool,
    pub layout: Option<Layout>,
    /// Quit after this many frames (with `shot` or `stats`).
    pub frames: Option<u32>,
    /// Write a screenshot here after the last frame.
    pub shot: Option<PathBuf>,
    /// Print frame-time percentiles after the last frame.
    pub stats: bool,
    /// The window's size in pixels (none: 1400 x 900).
    pub size: Option<(u32, u32)>,
    /// Multisampling: samples per pixel (1: off, the default).
    pub msaa: u8,
    /// Show the view as an article's embed does.
    pub embed: bool,
    /// Listen for games (the live link) from the start.
    pub listen: Option<std::net::SocketAddr>,
}

pub(crate) fn window_conf(size: Option<(u32, u32)>, msaa: u8) -> macroquad::conf::Conf {
    let (width, height) = size.unwrap_or((1400, 900));
    macroquad::conf::Conf {
        miniquad_conf: macroquad::miniquad::conf::Conf {
            window_title: "steerlab".to_string(),
            window_width: width as i32,
            window_height: height as i32,
            // In the browser, a canvas of the screen's pixels (a device pixel ratio of 2
            // drew at CSS size, blurred); macroquad and egui keep working in points. The
            // desktop's windows here report a ratio of 1 either way.
            high_dpi: cfg!(target_arch = "wasm32"),
            // Multisampling is off unless asked for: under a software OpenGL (Mesa's
            // llvmpipe, a VM, a remote desktop) 4x MSAA made every frame 2.7x slower
            // (27 ms against 10 ms at 1400x900), for smoother edges.
            sample_count: msaa.into(),
            window_resizable: true,
            ..Default::default()
        },
        // Room for the batched trail meshes.
        draw_call_vertex_capacity: 65_536,
        draw_call_index_capacity: 98_304,
        ..Default::default()
    }
}
