//! Rust source reduced to its code: comments, strings and character literals
//! blanked, and items under `#[cfg(test)]` removed, with every line kept in
//! place so that positions still name the file's own lines.

/// `text` with comments, string and character literals replaced by spaces
/// (newlines kept).
pub fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let skipped = skip_literal(&chars, i);
        if skipped > i {
            for &c in &chars[i..skipped] {
                out.push(if c == '\n' { '\n' } else { ' ' });
            }
            i = skipped;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// Where a comment or literal starting at `i` ends, or `i` when none starts there.
fn skip_literal(c: &[char], i: usize) -> usize {
    let at = |k: usize| c.get(k).copied().unwrap_or('\0');
    match (at(i), at(i + 1)) {
        ('/', '/') => (i..c.len()).find(|&k| c[k] == '\n').unwrap_or(c.len()),
        ('/', '*') => block_comment(c, i),
        ('"', _) => quoted(c, i + 1, '"'),
        ('r', '"' | '#') if !ident_before(c, i) => raw_string(c, i + 1).unwrap_or(i),
        ('b', '"') if !ident_before(c, i) => quoted(c, i + 2, '"'),
        ('\'', _) => char_literal(c, i).unwrap_or(i),
        _ => i,
    }
}

fn ident_before(c: &[char], i: usize) -> bool {
    i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_')
}

fn block_comment(c: &[char], mut i: usize) -> usize {
    let mut depth = 0;
    while i + 1 < c.len() {
        match (c[i], c[i + 1]) {
            ('/', '*') => {
                depth += 1;
                i += 2;
            }
            ('*', '/') => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return i;
                }
            }
            _ => i += 1,
        }
    }
    c.len()
}

/// The end of a literal whose body starts at `i` and ends at `close`, with escapes.
fn quoted(c: &[char], mut i: usize, close: char) -> usize {
    while i < c.len() {
        match c[i] {
            '\\' => i += 2,
            ch if ch == close => return i + 1,
            _ => i += 1,
        }
    }
    c.len()
}

/// A raw string `r#"…"#` whose hashes start at `i`.
fn raw_string(c: &[char], i: usize) -> Option<usize> {
    let hashes = c[i..].iter().take_while(|&&ch| ch == '#').count();
    if c.get(i + hashes) != Some(&'"') {
        return None;
    }
    let mut k = i + hashes + 1;
    while k < c.len() {
        if c[k] == '"'
            && c[k + 1..]
                .iter()
                .take(hashes)
                .filter(|&&h| h == '#')
                .count()
                == hashes
        {
            return Some(k + 1 + hashes);
        }
        k += 1;
    }
    Some(c.len())
}

/// A character literal at `i` (not a lifetime such as `'a`).
fn char_literal(c: &[char], i: usize) -> Option<usize> {
    if c.get(i + 1) == Some(&'\\') {
        return Some(quoted(c, i + 1, '\''));
    }
    (c.get(i + 2) == Some(&'\'')).then_some(i + 3)
}

/// `code` (already [`code_only`]) without the items marked `#[cfg(test)]`,
/// and whether the file declares a test module kept in another file, by name.
pub fn without_tests(code: &str) -> (String, Vec<String>) {
    let mut out: Vec<char> = code.chars().collect();
    let mut outside = Vec::new();
    let marker: Vec<char> = "#[cfg(test)]".chars().collect();
    let mut i = 0;
    while i + marker.len() <= out.len() {
        if out[i..i + marker.len()] != marker[..] {
            i += 1;
            continue;
        }
        let end = item_end(&out, i + marker.len());
        let item: String = out[i + marker.len()..end].iter().collect();
        if let Some(name) = item
            .trim()
            .strip_prefix("mod ")
            .and_then(|r| r.strip_suffix(';'))
        {
            outside.push(name.trim().to_string());
        }
        for ch in &mut out[i..end] {
            if *ch != '\n' {
                *ch = ' ';
            }
        }
        i = end;
    }
    (out.into_iter().collect(), outside)
}

/// The end of the item starting at `i`: its `;` or its closing brace.
fn item_end(c: &[char], mut i: usize) -> usize {
    let mut depth = 0usize;
    while i < c.len() {
        match c[i] {
            ';' if depth == 0 => return i + 1,
            '{' => depth += 1,
            '}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    c.len()
}
