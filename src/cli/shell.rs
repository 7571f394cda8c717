//! `satdoku completions SHELL` and `satdoku manpage`: shell completions and a man page
//! generated from the same clap definitions as the parser, so they never drift from it.

use super::Cli;
use anyhow::Context;
use clap::{Args, CommandFactory};
use std::io::Write;
use std::path::PathBuf;

/// Options of `satdoku completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

/// Options of `satdoku manpage`.
#[derive(Args, Debug)]
pub struct ManpageArgs {
    /// Write satdoku.1 and one page per command (satdoku-solve.1, …) into this directory
    /// instead of satdoku.1 to stdout.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// Writes the completion script for a shell to stdout.
pub fn completions(args: &CompletionsArgs) -> anyhow::Result<u8> {
    let mut cmd = Cli::command();
    let mut out = std::io::stdout().lock();
    clap_complete::generate(args.shell, &mut cmd, "satdoku", &mut out);
    out.flush()?;
    Ok(super::exit::SUCCESS)
}

/// Writes the man page (roff) to stdout, or every page into a directory.
pub fn manpage(args: &ManpageArgs) -> anyhow::Result<u8> {
    let cmd = Cli::command();
    let Some(dir) = &args.dir else {
        let mut out = std::io::stdout().lock();
        clap_mangen::Man::new(cmd).render(&mut out)?;
        out.flush()?;
        return Ok(super::exit::SUCCESS);
    };
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut pages = vec![("satdoku".to_string(), cmd.clone())];
    for sub in cmd.get_subcommands() {
        let name = format!("satdoku-{}", sub.get_name());
        let page = sub
            .clone()
            .display_name(name.clone())
            .bin_name(format!("satdoku {}", sub.get_name()));
        pages.push((name, page));
    }
    for (name, page) in pages {
        let path = dir.join(format!("{name}.1"));
        let mut buf = Vec::new();
        clap_mangen::Man::new(page).render(&mut buf)?;
        std::fs::write(&path, buf).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(super::exit::SUCCESS)
}
