//! Where a build's time went, for `--timings`: the wall time of each stage of
//! the pipeline, in the order the build runs them, and the time each directive
//! took on the thread that ran it, slowest first, by `file:line`.
//!
//! Stages that run beside another (the site's own pages and the print page
//! are made while the essay pages are) count only the time the build waited
//! for them past it, so that the stages still add up to the build's time.
//!
//! Recording is off unless asked for ([`Timings::enable`]); what is recorded
//! only ever reaches a report for a person, never the site.

use std::fmt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How many of the slowest directives a report lists.
pub const SLOWEST: usize = 10;

/// A build's stages and directives, timed.
#[derive(Debug, Default)]
pub struct Timings {
    enabled: AtomicBool,
    /// Each stage's total, in the order it first ran.
    stages: Mutex<Vec<(&'static str, Duration)>>,
    directives: Mutex<Vec<DirectiveTime>>,
}

/// One directive's time: where it stands and what it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirectiveTime {
    /// The essay's path, with `/` between its parts.
    pub file: String,
    /// The line of its opening fence, from 1.
    pub line: usize,
    /// `figure coin-row`, `check tartan`.
    pub what: String,
    pub elapsed: Duration,
}

impl Timings {
    /// Starts recording (until then, nothing is timed).
    pub fn enable(&self) {
        self.enabled.store(true, Ordering::Relaxed);
    }

    /// Whether anything is being recorded.
    pub fn enabled(&self) -> bool {
        self.enabled.load(Ordering::Relaxed)
    }

    /// Forgets what was recorded (a new build starts).
    pub fn clear(&self) {
        if let Ok(mut stages) = self.stages.lock() {
            stages.clear();
        }
        self.clear_directives();
    }

    /// Forgets the directives' times (the directives are run again).
    pub fn clear_directives(&self) {
        if let Ok(mut directives) = self.directives.lock() {
            directives.clear();
        }
    }

    /// Runs `work` as (part of) the stage `name`, adding its wall time to the stage's.
    pub fn stage<T>(&self, name: &'static str, work: impl FnOnce() -> T) -> T {
        if !self.enabled() {
            return work();
        }
        let started = Instant::now();
        let out = work();
        self.add_stage(name, started.elapsed());
        out
    }

    /// Adds `elapsed` to the stage `name`.
    pub fn add_stage(&self, name: &'static str, elapsed: Duration) {
        let Ok(mut stages) = self.stages.lock() else {
            return;
        };
        match stages.iter_mut().find(|(n, _)| *n == name) {
            Some((_, total)) => *total += elapsed,
            None => stages.push((name, elapsed)),
        }
    }

    /// Records one directive's time.
    pub fn add_directive(&self, time: DirectiveTime) {
        if let Ok(mut directives) = self.directives.lock() {
            directives.push(time);
        }
    }

    /// Each stage and its total, in the order the stages first ran.
    pub fn stages(&self) -> Vec<(&'static str, Duration)> {
        self.stages.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// How many directives were timed.
    pub fn directive_count(&self) -> usize {
        self.directives.lock().map_or(0, |d| d.len())
    }

    /// The `n` slowest directives, slowest first (ties by file, then line).
    pub fn slowest(&self, n: usize) -> Vec<DirectiveTime> {
        let mut all = self
            .directives
            .lock()
            .map(|d| d.clone())
            .unwrap_or_default();
        sort_slowest_first(&mut all);
        all.truncate(n);
        all
    }

    /// The report `--timings` prints.
    pub fn report(&self) -> Report {
        Report {
            stages: self.stages(),
            slowest: self.slowest(SLOWEST),
            directives: self.directive_count(),
        }
    }
}

/// Slowest first; equal times by file, then line, so that the order is stable.
fn sort_slowest_first(times: &mut [DirectiveTime]) {
    times.sort_by(|a, b| {
        b.elapsed
            .cmp(&a.elapsed)
            .then_with(|| a.file.cmp(&b.file))
            .then_with(|| a.line.cmp(&b.line))
    });
}

/// What `--timings` prints: every stage, then the slowest directives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub stages: Vec<(&'static str, Duration)>,
    pub slowest: Vec<DirectiveTime>,
    /// How many directives ran (or were found kept) in all.
    pub directives: usize,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self.stages.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
        writeln!(f, "timings: stages, in the order they ran (wall time)")?;
        for (name, elapsed) in &self.stages {
            writeln!(f, "  {name:<width$}  {}", seconds(*elapsed))?;
        }
        let total: Duration = self.stages.iter().map(|(_, d)| *d).sum();
        writeln!(f, "  {:<width$}  {}", "total", seconds(total))?;
        let which = if self.slowest.len() < self.directives {
            format!("the {} slowest of {}", self.slowest.len(), self.directives)
        } else {
            format!("all {}, slowest first", self.directives)
        };
        writeln!(
            f,
            "timings: directives, {which} (each on its own thread; threads overlap)"
        )?;
        for d in &self.slowest {
            writeln!(
                f,
                "  {}  {}:{}  {}",
                seconds(d.elapsed),
                d.file,
                d.line,
                d.what
            )?;
        }
        Ok(())
    }
}

/// A duration in seconds, to the millisecond, right-aligned.
fn seconds(d: Duration) -> String {
    format!("{:>8.3} s", d.as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(file: &str, line: usize, ms: u64) -> DirectiveTime {
        DirectiveTime {
            file: file.into(),
            line,
            what: "check tartan".into(),
            elapsed: Duration::from_millis(ms),
        }
    }

    #[test]
    fn nothing_is_recorded_until_enabled() {
        let t = Timings::default();
        assert_eq!(t.stage("inputs", || 7), 7);
        assert!(t.stages().is_empty());
        t.enable();
        t.stage("inputs", || ());
        t.stage("pages", || ());
        t.stage("inputs", || ());
        let names: Vec<_> = t.stages().into_iter().map(|(n, _)| n).collect();
        assert_eq!(names, ["inputs", "pages"]);
        t.clear();
        assert!(t.stages().is_empty());
    }

    #[test]
    fn directives_are_listed_slowest_first_and_cut() {
        let t = Timings::default();
        t.enable();
        for (n, ms) in [5, 40, 1, 40, 12, 3, 9, 2, 8, 30, 7, 6]
            .into_iter()
            .enumerate()
        {
            t.add_directive(at("content/a.md", n + 1, ms));
        }
        let slowest = t.slowest(SLOWEST);
        assert_eq!(slowest.len(), SLOWEST);
        let ms: Vec<u128> = slowest.iter().map(|d| d.elapsed.as_millis()).collect();
        assert_eq!(ms, [40, 40, 30, 12, 9, 8, 7, 6, 5, 3]);
        // Equal times keep the order of their lines.
        assert_eq!((slowest[0].line, slowest[1].line), (2, 4));
        let report = t.report().to_string();
        assert!(report.contains("the 10 slowest of 12 ("), "{report}");
        assert!(report.contains("content/a.md:2  check tartan"), "{report}");
        t.clear();
        t.add_directive(at("content/b.md", 3, 1));
        let report = t.report().to_string();
        assert!(
            report.contains("directives, all 1, slowest first"),
            "{report}"
        );
    }
}
