//! Elements of a quotient as words in its generators: the generators are
//! the images of the heaps that the smaller heaps' images do not already
//! give, lettered a, b, c, … in heap order, and each element is written as
//! its least word (fewest letters, then most of the earliest letters).

use crate::quotient::table::Table;

/// An element as powers of the generators: `powers[i]` of generator `i`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Word {
    powers: Vec<u32>,
}

impl Word {
    /// The power of each generator, in generator order.
    pub fn powers(&self) -> &[u32] {
        &self.powers
    }
}

impl std::fmt::Display for Word {
    /// `1` for the identity, else letters with superscript powers (`ab²`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.powers.iter().all(|&p| p == 0) {
            return f.write_str("1");
        }
        for (i, &p) in self.powers.iter().enumerate() {
            if p == 0 {
                continue;
            }
            write!(f, "{}", letter(i))?;
            if p > 1 {
                for d in p.to_string().chars() {
                    f.write_str(superscript(d))?;
                }
            }
        }
        Ok(())
    }
}

/// The letter of generator `i` (`a` for 0); the caller keeps `i` below 26.
pub fn letter(i: usize) -> char {
    (b'a' + (i % 26) as u8) as char
}

fn superscript(digit: char) -> &'static str {
    const SUPERSCRIPTS: [&str; 10] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"];
    SUPERSCRIPTS[digit.to_digit(10).unwrap_or(0) as usize]
}

/// The generators (as the heaps whose images they are) and each element's
/// least word, for a table onto which `images` (heap 0's first) generate.
/// An element no word reaches is left the identity's word; the quotient is
/// only built from tables its images generate.
pub(crate) fn words(table: &Table, images: &[usize]) -> (Vec<u64>, Vec<Word>) {
    let order = table.order();
    let mut generators: Vec<u64> = Vec::new();
    let mut generated = vec![false; order];
    generated[0] = true;
    for (h, &image) in images.iter().enumerate().skip(1) {
        if generated[image] {
            continue;
        }
        generators.push(h as u64);
        // Close the set under the new generator.
        let mut queue: Vec<usize> = (0..order).filter(|&x| generated[x]).collect();
        while let Some(x) = queue.pop() {
            let y = table.product(x, image);
            if !generated[y] {
                generated[y] = true;
                queue.push(y);
            }
        }
    }
    let letters: Vec<usize> = generators.iter().map(|&h| images[h as usize]).collect();
    let k = letters.len();
    let mut word_of: Vec<Option<Word>> = vec![None; order];
    word_of[0] = Some(Word { powers: vec![0; k] });
    // Least words first: each level extends the previous level's least
    // words by a letter no earlier than their last.
    let mut level: Vec<(usize, Vec<u32>, usize)> = vec![(0, vec![0; k], 0)];
    while !level.is_empty() {
        let mut next = Vec::new();
        for (x, powers, last) in &level {
            for (g, &image) in letters.iter().enumerate().skip(*last) {
                let y = table.product(*x, image);
                if word_of[y].is_none() {
                    let mut more = powers.clone();
                    more[g] += 1;
                    word_of[y] = Some(Word {
                        powers: more.clone(),
                    });
                    next.push((y, more, g));
                }
            }
        }
        level = next;
    }
    let words = word_of
        .into_iter()
        .map(|w| w.unwrap_or(Word { powers: vec![0; k] }))
        .collect();
    (generators, words)
}
