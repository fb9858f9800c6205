//! `nissecc-bench`: checks and measures nissecc's profiling strategies on
//! the jotai-subset kernels (see `nissecc::bench`).

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let options = nissecc::bench::options::Options::parse();
    match nissecc::bench::run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("nissecc-bench: error: {message}");
            ExitCode::from(1)
        }
    }
}
