//! The `steerlab` program. On the desktop, the command line ([`cli`]): the window by
//! default, and the headless commands. In the browser (wasm32), the window alone, set
//! up from the page's address ([`steerlab::app::web`]).

#[cfg(not(target_arch = "wasm32"))]
mod cli;

#[cfg(not(target_arch = "wasm32"))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {
    steerlab::app::web::main();
}
