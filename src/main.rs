//! The `satdoku` command line. All the work is in [`cli::run`]; errors print once.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    match cli::run() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("satdoku: error: {e:#}");
            ExitCode::from(cli::exit::ERROR)
        }
    }
}
