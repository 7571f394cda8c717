//! The time budget of a search, engine-neutral: a deadline and a shared record of whether it
//! stopped a search. Each engine turns it into its own stop hook (varisat: a proof writer that
//! fails at the deadline; CaDiCaL: its terminate callback).

use crate::error::Error;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A time budget for the SAT solver: a deadline after which a running search stops.
///
/// Clones share one record of whether the budget stopped a search ([`Budget::is_spent`]).
#[derive(Clone, Debug, Default)]
pub struct Budget {
    limit: Option<(Instant, Duration)>,
    spent: Arc<AtomicBool>,
}

impl Budget {
    /// No limit (the default).
    pub fn unlimited() -> Budget {
        Budget::default()
    }

    /// A budget of `time` from now.
    pub fn of(time: Duration) -> Budget {
        Budget {
            limit: Some((Instant::now() + time, time)),
            spent: Arc::default(),
        }
    }

    /// `Budget::of(time)` when a time is given, else unlimited.
    pub fn from_option(time: Option<Duration>) -> Budget {
        time.map_or_else(Budget::unlimited, Budget::of)
    }

    /// Whether the budget ran out and stopped a search (the result is then unknown).
    pub fn is_spent(&self) -> bool {
        self.spent.load(Ordering::Relaxed)
    }

    /// The deadline, if there is one.
    pub(crate) fn deadline(&self) -> Option<Instant> {
        self.limit.map(|(d, _)| d)
    }

    /// Whether the deadline has passed; marks the budget spent when it has. Engines call it
    /// from their stop hooks, so it is cheap and never blocks.
    pub(crate) fn expired(&self) -> bool {
        match self.limit {
            Some((deadline, _)) if Instant::now() >= deadline => {
                self.spent.store(true, Ordering::Relaxed);
                true
            }
            _ => false,
        }
    }

    /// The error of a search stopped by this budget.
    pub(crate) fn error(&self) -> Error {
        let secs = self.limit.map_or(0.0, |(_, t)| t.as_secs_f64());
        Error::Limit(format!("stopped: the time budget of {secs} s ran out"))
    }

    /// Fails (and marks the budget spent) once the deadline has passed.
    pub(crate) fn check(&self) -> Result<(), Error> {
        if self.expired() {
            Err(self.error())
        } else {
            Ok(())
        }
    }
}
