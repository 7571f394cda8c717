//! Writing files: `dimacs -o FILE` and the certificates of `check --proof DIR`.
//!
//! A regular file is written through a temporary file in the same folder and renamed into
//! place, so a reader never sees half a file. A symlink is followed: the file it points to is
//! replaced and the link stays. A device, pipe or socket (`-o /dev/null`, `-o /dev/stdout`)
//! cannot be replaced and is written to directly by `-o`; certificate files, which are read
//! back, must be regular files (or symlinks to them). Temporary files are removed on an error
//! and on SIGINT, SIGTERM or SIGHUP (the process then exits 130).

use anyhow::{bail, Context};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, Once};

/// Temporary files being written, removed by the signal handler.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Exit code after SIGINT, SIGTERM or SIGHUP (128 + SIGINT, as shells report Ctrl-C).
pub const INTERRUPTED: i32 = 130;

fn pending() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    PENDING.lock().unwrap_or_else(|e| e.into_inner())
}

/// Installs, once, the handler that removes pending temporary files and exits.
fn install_handler() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // ctrlc runs this on its own thread, so taking the lock is safe. If a handler cannot
        // be installed, an interrupted write may leave its temporary file: say nothing.
        let _ = ctrlc::set_handler(|| {
            for path in pending().drain(..) {
                let _ = fs::remove_file(path);
            }
            std::process::exit(INTERRUPTED);
        });
    });
}

/// A temporary file: removed when dropped or on a signal, unless renamed into place.
pub struct Temp {
    path: PathBuf,
}

impl Temp {
    /// Creates (or truncates) `path` for writing.
    pub fn create(path: PathBuf) -> io::Result<(Temp, fs::File)> {
        install_handler();
        let file = fs::File::create(&path)?;
        pending().push(path.clone());
        Ok((Temp { path }, file))
    }

    /// Renames the file to `to`.
    pub fn persist(self, to: &Path) -> io::Result<()> {
        fs::rename(&self.path, to)?;
        pending().retain(|p| p != &self.path);
        std::mem::forget(self);
        Ok(())
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
        pending().retain(|p| p != &self.path);
    }
}

/// The file that writing `path` by a rename replaces: `path` itself, or for a symlink the file
/// it points to (the link stays). Refuses what a rename must not replace: a folder, a device,
/// a pipe or socket, a symlink to a missing file.
pub fn rename_target(path: &Path) -> anyhow::Result<PathBuf> {
    let shown = || path.display().to_string();
    let meta = match fs::metadata(path) {
        Ok(m) => Some(m),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e).with_context(|| format!("cannot write {}", shown())),
    };
    if meta.as_ref().is_some_and(|m| !m.is_file()) {
        bail!("cannot write {}: not a regular file", shown());
    }
    let is_link = fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    match (is_link, meta) {
        (true, Some(_)) => {
            fs::canonicalize(path).with_context(|| format!("cannot follow the symlink {}", shown()))
        }
        (true, None) => bail!(
            "cannot write {}: a symlink to a missing file (give the target itself)",
            shown()
        ),
        (false, _) => Ok(path.to_path_buf()),
    }
}

/// Writes `path` as the module documentation says: atomically for a regular file (or a
/// symlink to one), directly for a device, pipe or socket.
pub fn write_file(
    path: &Path,
    write: impl FnOnce(&mut fs::File) -> io::Result<()>,
) -> anyhow::Result<()> {
    let shown = || path.display().to_string();
    let meta = match fs::metadata(path) {
        Ok(m) => Some(m),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e).with_context(|| format!("cannot write {}", shown())),
    };
    match &meta {
        Some(m) if m.is_dir() => bail!("cannot write {}: it is a folder", shown()),
        Some(m) if !m.is_file() => {
            let mut f = fs::OpenOptions::new()
                .write(true)
                .open(path)
                .with_context(|| format!("cannot write {}", shown()))?;
            return write(&mut f)
                .and_then(|()| f.flush())
                .with_context(|| format!("writing {}", shown()));
        }
        _ => {}
    }
    let target = rename_target(path)?;
    let dir = target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = target
        .file_name()
        .with_context(|| format!("{}: not a file name", shown()))?;
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let result = (|| -> io::Result<()> {
        let (temp, mut f) = Temp::create(tmp)?;
        if let Some(m) = &meta {
            // The replaced file keeps its permissions.
            f.set_permissions(m.permissions())?;
        }
        write(&mut f)?;
        f.flush()?;
        f.sync_all()?;
        temp.persist(&target)
    })();
    result.with_context(|| format!("writing {}", shown()))
}
