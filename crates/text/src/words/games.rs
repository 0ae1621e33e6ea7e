//! A game's name as a reader reads it: `misere:kayles` is "misère Kayles",
//! `subtraction:1,3,4` "the subtraction game {1, 3, 4}". The canonical name
//! stays what an author writes and the command line reads; figures and
//! checks write this one into their words.

use crate::catalogue::Catalogue;

/// `name` in the site's words: a game of the catalogue by its own name, a
/// family by its words with the parameter filled in, a site's game by the
/// name its author gave it, a sum as its parts joined by " + "; a name the
/// words do not know, as written.
pub fn for_readers(words: &Catalogue, name: &str) -> String {
    let name = name.trim();
    if name.contains(" + ") {
        let parts: Vec<String> = name.split(" + ").map(|p| for_readers(words, p)).collect();
        return parts.join(" + ");
    }
    if let Some(game) = name.strip_prefix("misere:") {
        // "misère Kayles", but "the octal game 0.07 played misère".
        let key = if words.get(&format!("game-name.{game}"), &[]).is_some() {
            "game-name.misere"
        } else {
            "game-name.misere-family"
        };
        return words.text(key, &[("game", &for_readers(words, game))]);
    }
    if let Some(own) = name.strip_prefix("site:") {
        return own.to_string();
    }
    for (prefix, key) in [
        ("octal:", "game-name.octal"),
        ("hex:", "game-name.hex"),
        ("turning:", "game-name.turning"),
    ] {
        if let Some(code) = name.strip_prefix(prefix) {
            return words.text(key, &[("code", code)]);
        }
    }
    for (prefix, key) in [
        ("subtraction-all-but:", "game-name.subtraction-all-but"),
        ("subtraction:", "game-name.subtraction"),
    ] {
        if let Some(set) = name.strip_prefix(prefix) {
            let set = format!(
                "{{{}}}",
                set.split(',').map(str::trim).collect::<Vec<_>>().join(", ")
            );
            return words.text(key, &[("set", &set)]);
        }
    }
    words
        .get(&format!("game-name.{name}"), &[])
        .unwrap_or_else(|| name.to_string())
}

/// The game `name` plays misère, named for normal play: `kayles` for
/// `misere:kayles`, `nim` for `misere-nim`; a normal-play name as it is. What
/// is "the misère quotient of Kayles" names the game this way.
pub fn normal_play(name: &str) -> &str {
    match name {
        "misere-nim" => "nim",
        "misere-greedy-nim" => "greedy-nim",
        _ => name.strip_prefix("misere:").unwrap_or(name),
    }
}

/// `text` with its first letter a capital, as a title or sentence starts.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn english(name: &str) -> String {
        for_readers(Catalogue::english(), name)
    }

    #[test]
    fn every_family_reads_as_words() {
        assert_eq!(english("kayles"), "Kayles");
        assert_eq!(english("misere:kayles"), "misère Kayles");
        assert_eq!(english("misere-nim"), "misère Nim");
        assert_eq!(
            english("misere:octal:0.07"),
            "the octal game 0.07 played misère"
        );
        assert_eq!(english("octal:0.137"), "the octal game 0.137");
        assert_eq!(
            english("subtraction:1,3,4"),
            "the subtraction game {1, 3, 4}"
        );
        assert_eq!(english("site:subtract-a-square"), "subtract-a-square");
        assert_eq!(english("kayles + nim"), "Kayles + Nim");
        assert_eq!(english("turning-turtles"), "Turning Turtles");
        assert_eq!(english("no-such-game"), "no-such-game");
    }

    #[test]
    fn every_game_of_the_catalogue_has_a_name_in_words() {
        let french = Catalogue::new("fr", &toml::Table::new()).expect("French is shipped");
        for entry in cgt::catalogue::catalogue() {
            let name = for_readers(Catalogue::english(), entry.example);
            assert_ne!(
                name, entry.example,
                "{} has no name in words",
                entry.example
            );
            let french = for_readers(&french, entry.example);
            assert!(!french.contains('['), "{french}");
        }
    }

    #[test]
    fn a_misere_game_is_named_by_the_game_it_plays() {
        assert_eq!(normal_play("misere:kayles"), "kayles");
        assert_eq!(normal_play("misere-nim"), "nim");
        assert_eq!(normal_play("misere-greedy-nim"), "greedy-nim");
        assert_eq!(normal_play("kayles"), "kayles");
    }

    #[test]
    fn a_title_starts_with_a_capital() {
        assert_eq!(capitalised("misère Kayles"), "Misère Kayles");
        assert_eq!(capitalised(""), "");
    }
}
