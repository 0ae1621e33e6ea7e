//! Games' tables kept between calls, within a bound: a heap game's sequence or a coin game's one-coin values solved once, then read by every position they cover.

use crate::{CgtError, Value};

/// The most values [`Tables`] keeps over every game (8 MiB): more than the
/// longest heap sequence the engine computes, so that any one table fits.
pub const MAX_KEPT_VALUES: usize = 1 << 20;

/// The tables solved so far, most recently read last, at most
/// [`MAX_KEPT_VALUES`] values in all; and how many solves it made.
#[derive(Debug, Default)]
pub struct Tables {
    kept: Vec<(String, Vec<Value>)>,
    held: usize,
    solves: u64,
}

impl Tables {
    /// `read` of the table named `name` covering at least `n` values: a
    /// kept one that covers them, or else `solve(n)`, kept afterwards (the
    /// tables read longest ago dropped to stay within the bound). A table
    /// must begin with the same values however long it is solved.
    pub fn read<T>(
        &mut self,
        name: &str,
        n: usize,
        solve: impl FnOnce(usize) -> Result<Vec<Value>, CgtError>,
        read: impl FnOnce(&[Value]) -> T,
    ) -> Result<T, CgtError> {
        if let Some(at) = self
            .kept
            .iter()
            .position(|(kept, table)| kept == name && table.len() >= n)
        {
            let entry = self.kept.remove(at);
            self.kept.push(entry);
        } else {
            let table = solve(n)?;
            self.solves += 1;
            if table.len() > MAX_KEPT_VALUES {
                return Ok(read(&table));
            }
            if let Some(at) = self.kept.iter().position(|(kept, _)| kept == name) {
                self.held -= self.kept.remove(at).1.len();
            }
            while self.held + table.len() > MAX_KEPT_VALUES && !self.kept.is_empty() {
                self.held -= self.kept.remove(0).1.len();
            }
            self.held += table.len();
            self.kept.push((name.to_string(), table));
        }
        let (_, table) = self.kept.last().expect("a table was kept");
        Ok(read(table))
    }

    /// How many tables it has solved.
    pub fn solves(&self) -> u64 {
        self.solves
    }

    /// How many values it keeps.
    pub fn held(&self) -> usize {
        self.held
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(n: usize) -> Result<Vec<Value>, CgtError> {
        Ok((0..n as Value).collect())
    }

    #[test]
    fn a_kept_table_answers_every_shorter_read_and_a_longer_one_is_solved_again() {
        let mut tables = Tables::default();
        assert_eq!(tables.read("a", 10, count, |t| t[9]), Ok(9));
        assert_eq!(tables.read("a", 5, count, |t| t.len()), Ok(10));
        assert_eq!(tables.solves(), 1);
        assert_eq!(tables.read("a", 20, count, |t| t.len()), Ok(20));
        assert_eq!((tables.solves(), tables.held()), (2, 20));
    }

    #[test]
    fn the_tables_read_longest_ago_go_first_and_the_bound_holds() {
        let mut tables = Tables::default();
        let half = MAX_KEPT_VALUES / 2;
        tables.read("a", half, count, |_| ()).unwrap();
        tables.read("b", half, count, |_| ()).unwrap();
        tables.read("a", 1, count, |_| ()).unwrap();
        tables.read("c", 1, count, |_| ()).unwrap();
        assert_eq!(tables.held(), half + 1);
        assert_eq!(tables.solves(), 3);
        tables.read("a", 1, count, |_| ()).unwrap();
        assert_eq!(tables.solves(), 3, "a was kept, b dropped");
        tables
            .read("big", MAX_KEPT_VALUES + 1, count, |_| ())
            .unwrap();
        assert!(tables.held() <= MAX_KEPT_VALUES);
    }

    #[test]
    fn a_refused_solve_keeps_nothing() {
        let mut tables = Tables::default();
        let refused = CgtError::too_large(crate::error::Measure::Heaps, 2, 1);
        let failed = tables.read("a", 3, |_| Err(refused.clone()), |_| ());
        assert_eq!(failed, Err(refused));
        assert_eq!((tables.solves(), tables.held()), (0, 0));
    }
}
