//! The `satdoku` command line. All the work is in [`cli::run`]; errors print once.

mod cli;

use std::process::ExitCode;

// varisat allocates its clause database, watch lists and trail anew for every puzzle, from
// every worker thread at once; mimalloc's thread-local heaps keep that off a shared lock.
// On Linux with glibc the crate's `override` feature (Cargo.toml) also puts malloc and C++'s
// operator new on mimalloc, so CaDiCaL's one allocation per clause costs less as well.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    match cli::run() {
        Ok(code) => code,
        // The reader of our output went away (`satdoku … | head`): nothing more to say.
        Err(e) if cli::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("satdoku: error: {e:#}");
            ExitCode::from(cli::exit::ERROR)
        }
    }
}
