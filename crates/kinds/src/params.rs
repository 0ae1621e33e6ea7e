//! Reading a directive's TOML parameters into a kind's typed struct.
//!
//! Every kind declares a `#[serde(deny_unknown_fields, rename_all = "kebab-case")]`
//! struct; [`parse`] strips the keys the site layer owns (`expect`, `id`, `alt`),
//! takes `caption` aside, and turns serde's message into a [`ParamError`]
//! that names the key at fault.

use serde::de::DeserializeOwned;

use crate::doc::SHARED_KEYS;
use crate::draw::stable_id;
use crate::{Context, ParamError};
use cgt::CgtError;
use cgt::coins::CoinGame;
use cgt::coins::Rule;
use cgt::game::{self, Game};
use cgt::heaps::HeapGame;
use grundy_script::PREFIX;
use grundy_text::suggest::nearest;
use grundy_text::words::errors::Worded;

/// A directive's parameters: the kind's own, and the shared caption.
#[derive(Debug, Clone)]
pub(crate) struct Parsed<T> {
    pub(crate) params: T,
    pub(crate) caption: Option<String>,
}

/// Reads `table` into `T`, after removing the keys every directive shares
/// (`expect`, `id`, `alt`, `controls`: the site layer reads them) and taking
/// `caption`.
pub(crate) fn parse<T: DeserializeOwned>(table: &toml::Table) -> Result<Parsed<T>, ParamError> {
    let mut rest = table.clone();
    for key in SHARED_KEYS.iter().filter(|k| k.name != "caption") {
        rest.remove(key.name);
    }
    let caption = match rest.remove("caption") {
        None => None,
        Some(toml::Value::String(s)) => Some(s),
        Some(other) => {
            return Err(error(
                "caption",
                format!("expected a string, found {}", other.type_str()),
            ));
        }
    };
    let params = T::deserialize(toml::Value::Table(rest)).map_err(|e| from_toml(&e))?;
    Ok(Parsed { params, caption })
}

/// What a figure's HTML carries besides its drawing: its stable id (from
/// the kind and the whole table, [`stable_id`]) and its caption.
#[derive(Debug, Clone)]
pub(crate) struct Frame {
    pub(crate) id: String,
    pub(crate) caption: Option<String>,
}

/// Reads a figure's `table` into `T` as [`parse`] does, with its [`Frame`].
pub(crate) fn figure<T: DeserializeOwned>(
    kind: &str,
    table: &toml::Table,
) -> Result<(T, Frame), ParamError> {
    let parsed = parse::<T>(table)?;
    let frame = Frame {
        id: stable_id(kind, table),
        caption: parsed.caption,
    };
    Ok((parsed.params, frame))
}

/// A [`ParamError`] about the value under `key`, whose message starts with the key.
pub(crate) fn error(key: &str, message: impl std::fmt::Display) -> ParamError {
    ParamError {
        key: Some(key.to_string()),
        message: format!("`{key}`: {message}"),
        ..ParamError::default()
    }
}

/// A [`ParamError`] about a value under `key` past the largest allowed,
/// `limit`; `message` follows the key (`is 30: the largest allowed is 20`).
pub(crate) fn past_limit(key: &str, message: impl std::fmt::Display, limit: u64) -> ParamError {
    ParamError {
        key: Some(key.to_string()),
        message: format!("`{key}` {message}"),
        limit: Some(limit),
        ..ParamError::default()
    }
}

/// The variant a word (under `key`) names among two, or an error saying it is
/// not `what` (`a rule`) and naming both.
pub(crate) fn either<T>(
    key: &str,
    word: &str,
    what: &str,
    first: (&str, T),
    second: (&str, T),
) -> Result<T, ParamError> {
    if word == first.0 {
        Ok(first.1)
    } else if word == second.0 {
        Ok(second.1)
    } else {
        Err(error(
            key,
            format!(
                "`{word}` is not {what}: expected {} or {}",
                first.0, second.0
            ),
        ))
    }
}

/// Checks that `value` (under `key`) lies in `1..=max`.
pub(crate) fn one_to<T>(key: &str, value: T, max: T) -> Result<(), ParamError>
where
    T: PartialOrd + From<u8> + std::fmt::Display + TryInto<u64> + Copy,
{
    if value < T::from(1) {
        return Err(error(key, format!("is {value}: expected 1 to {max}")));
    }
    if value > max {
        let limit = max.try_into().unwrap_or(u64::MAX);
        return Err(past_limit(
            key,
            format!("is {value}: the largest allowed is {max}"),
            limit,
        ));
    }
    Ok(())
}

/// Checks that the list under `key` has 1 to `max` entries.
pub(crate) fn list_of<T>(key: &str, list: &[T], max: usize) -> Result<(), ParamError> {
    if list.is_empty() {
        return Err(error(key, format!("is empty: expected 1 to {max} entries")));
    }
    if list.len() > max {
        return Err(past_limit(
            key,
            format!("has {} entries: the most allowed is {max}", list.len()),
            max as u64,
        ));
    }
    Ok(())
}

/// A [`ParamError`] about `key` from an engine error (an unknown game, a bad
/// row, a size past one of the engine's limits).
pub(crate) fn engine(key: &str, e: CgtError) -> ParamError {
    engine_because(key, "", e)
}

/// The engine's refusal `e` of the value under `key`, after `because`, the
/// figure's reason for asking the engine ("a playable misère row embeds
/// ..., and "), which ends in a space.
pub(crate) fn engine_because(key: &str, because: &str, e: CgtError) -> ParamError {
    let message = format!("{because}{}", Worded(&e));
    match e {
        CgtError::TooLarge { limit, .. } => ParamError {
            limit: Some(limit),
            ..error(key, message)
        },
        _ => error(key, message),
    }
}

/// Reads a game name given under `key`; a misspelt name gets the nearest
/// one the engine knows, and a site game whose script did not load is
/// marked as such (its script's problem is the one reported).
pub(crate) fn game(cx: &Context, key: &str, name: &str) -> Result<Box<dyn Game>, ParamError> {
    cx.game(name).map_err(|e| {
        let mut found = match nearest_game_in(cx, name) {
            Some(meant) if matches!(e, CgtError::UnknownGame { .. }) => error(
                key,
                format!("unknown game `{}`; did you mean `{meant}`?", name.trim()),
            ),
            _ => engine(key, e),
        };
        found.unloaded_game = name
            .trim()
            .strip_prefix(PREFIX)
            .filter(|short| cx.games().is_broken(short))
            .map(str::to_owned);
        found
    })
}

/// The game name nearest `name` among the engine's and the site's (`site:NAME`).
fn nearest_game_in(cx: &Context, name: &str) -> Option<String> {
    let name = name.trim();
    let site: Vec<String> = cx.games().names().map(|n| format!("{PREFIX}{n}")).collect();
    if name.starts_with(PREFIX) {
        return nearest(name, site.iter().map(String::as_str)).map(str::to_string);
    }
    let prefixed = format!("{PREFIX}{name}");
    if site.contains(&prefixed) {
        return Some(prefixed);
    }
    nearest_game(name)
        .or_else(|| {
            let bare = site.iter().map(|s| s.trim_start_matches(PREFIX));
            nearest(name, bare).map(|n| format!("{PREFIX}{n}"))
        })
        // A misspelt `site:` (`sight:take-two`).
        .or_else(|| nearest(name, site.iter().map(String::as_str)).map(str::to_string))
}

/// The game name nearest `name`: a built-in name, or a misspelt prefix
/// (`octl:0.137`) put right.
pub fn nearest_game(name: &str) -> Option<String> {
    let name = name.trim();
    let entries = game::catalogue::catalogue();
    if let Some((prefix, rest)) = name.split_once(':') {
        let prefixes = entries
            .iter()
            .filter_map(|e| e.prefix())
            .map(|p| p.trim_end_matches(':'));
        return nearest(prefix, prefixes).map(|p| format!("{p}:{rest}"));
    }
    let names = entries
        .iter()
        .filter(|e| e.prefix().is_none())
        .map(|e| e.name);
    nearest(name, names).map(str::to_string)
}

/// Reads the name of a coin-turning game given under `key`: its name and rule.
pub(crate) fn coin_game(key: &str, name: &str) -> Result<(String, Rule), ParamError> {
    match game(&Context::default(), key, name)?.downcast_ref::<CoinGame>() {
        Some(coins) => Ok((coins.name().to_string(), coins.rule().clone())),
        None => Err(error(
            key,
            format!(
                "`{name}` is not a coin-turning game; expected one (turning-turtles, \
                 mock-turtles, ruler, mogul, moebius, twins or turning:CODE)"
            ),
        )),
    }
}

/// Reads the name of a heap game given under `key`.
///
/// A game the site defines is found, then refused with the reason: these
/// kinds read the rules of the engine's heap games, where a script gives
/// only its moves.
pub(crate) fn heap_game(cx: &Context, key: &str, name: &str) -> Result<HeapGame, ParamError> {
    let game = game(cx, key, name)?;
    match game.downcast_ref::<HeapGame>() {
        Some(g) => Ok(g.clone()),
        None if name.trim().starts_with(PREFIX) => Err(error(
            key,
            format!(
                "`{}` is a game the site defines, and this kind takes only the engine's heap \
                 games (octal:CODE, subtraction:S, kayles...), whose rules it reads where a \
                 script gives only its moves; check a site game's values with `check pattern` \
                 (pattern = \"periodic\") or show them with `figure value-table`",
                game.name()
            ),
        )),
        None => Err(error(
            key,
            format!(
                "`{}` is {}; expected a heap game (nim, kayles, dawsons-kayles, octal:CODE, \
                 subtraction:S...)",
                game.name(),
                if game.downcast_ref::<CoinGame>().is_some() {
                    "a coin-turning game"
                } else {
                    "not a game of any number of heaps"
                }
            ),
        )),
    }
}

/// Turns serde's message into a [`ParamError`] naming the key: toml writes the
/// path of a badly typed value as a last line "in `key`"; unknown and missing
/// fields name the key in the message itself.
fn from_toml(e: &toml::de::Error) -> ParamError {
    let message = e.message().trim().to_string();
    let shown = e.to_string();
    let path = shown
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("in `").and_then(|l| l.strip_suffix('`')))
        .map(str::to_string);
    let named = ["unknown field `", "missing field `"]
        .iter()
        .find_map(|p| message.strip_prefix(p))
        .and_then(|rest| rest.split('`').next())
        .map(str::to_string);
    match path.or(named) {
        Some(key) => {
            let message = if message.starts_with("unknown field") || message.starts_with("missing")
            {
                message
            } else {
                format!("`{key}`: {message}")
            };
            ParamError {
                at_key: message.contains("unknown field `"),
                key: Some(key),
                message,
                ..ParamError::default()
            }
        }
        None => ParamError {
            message,
            ..ParamError::default()
        },
    }
}

/// 1: the default first place number (`count-from`).
pub(crate) fn one() -> u32 {
    1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn either_reads_one_of_two_words_and_names_both_otherwise() {
        let read = |word| either("rule", word, "a rule", ("nim-sum", 0), ("add", 1));
        assert_eq!(read("nim-sum").unwrap(), 0);
        assert_eq!(read("add").unwrap(), 1);
        let e = read("xor").unwrap_err();
        assert_eq!(e.key.as_deref(), Some("rule"));
        assert!(
            e.message
                .contains("`xor` is not a rule: expected nim-sum or add"),
            "{}",
            e.message
        );
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields, rename_all = "kebab-case")]
    struct P {
        game: String,
        #[serde(default)]
        coins: u32,
        #[serde(default)]
        show_move: bool,
    }

    fn table(text: &str) -> toml::Table {
        text.parse().unwrap()
    }

    #[test]
    fn strips_shared_keys_and_reads_caption() {
        let p: Parsed<P> = parse(&table(
            "game = \"nim\"\ncoins = 3\nshow-move = true\nid = \"a\"\ncaption = \"c\"\nexpect = { value = 1 }",
        ))
        .unwrap();
        assert_eq!(p.params.game, "nim");
        assert_eq!(p.params.coins, 3);
        assert!(p.params.show_move);
        assert_eq!(p.caption.as_deref(), Some("c"));
    }

    #[test]
    fn errors_name_the_key() {
        let e = parse::<P>(&table("game = \"nim\"\ncolour = 3")).unwrap_err();
        assert_eq!(e.key.as_deref(), Some("colour"));
        assert!(
            e.message.contains("unknown field `colour`"),
            "{}",
            e.message
        );
        assert!(e.message.contains("`game`"), "{}", e.message);
        let e = parse::<P>(&table("game = \"nim\"\ncoins = \"many\"")).unwrap_err();
        assert_eq!(e.key.as_deref(), Some("coins"));
        assert!(
            e.message.starts_with("`coins`: invalid type"),
            "{}",
            e.message
        );
        assert!(e.message.contains("expected u32"), "{}", e.message);
        let e = parse::<P>(&table("coins = 3")).unwrap_err();
        assert_eq!(e.key.as_deref(), Some("game"));
        let e = parse::<P>(&table("game = \"nim\"\ncaption = 3")).unwrap_err();
        assert_eq!(e.key.as_deref(), Some("caption"));
    }

    #[test]
    fn an_unknown_key_is_at_the_key_and_a_bad_value_at_the_value() {
        let e = parse::<P>(&table("game = \"nim\"\ncolour = 3")).unwrap_err();
        assert!(e.at_key);
        let e = parse::<P>(&table("game = \"nim\"\ncoins = \"many\"")).unwrap_err();
        assert!(!e.at_key);
    }

    #[test]
    fn limits_state_the_largest_value() {
        let e = one_to("coins", 30u32, 20).unwrap_err();
        assert_eq!(e.limit, Some(20));
        assert_eq!(e.message, "`coins` is 30: the largest allowed is 20");
        let e = one_to("coins", 0u32, 20).unwrap_err();
        assert_eq!(e.limit, None);
        let e = list_of("rows", &[1, 2, 3], 2).unwrap_err();
        assert_eq!(e.limit, Some(2));
        assert_eq!(one_to("coins", 20u32, 20), Ok(()));
    }

    #[test]
    fn a_misspelt_game_gets_the_nearest_name_and_a_far_one_the_list() {
        let message = |name: &str| {
            game(&Context::default(), "game", name)
                .err()
                .map(|e| e.message)
        };
        assert_eq!(
            message("kayels").as_deref(),
            Some("`game`: unknown game `kayels`; did you mean `kayles`?")
        );
        assert_eq!(
            nearest_game("Turning Turtles").as_deref(),
            Some("turning-turtles")
        );
        assert_eq!(nearest_game("octl:0.137").as_deref(), Some("octal:0.137"));
        assert_eq!(nearest_game("zzzzqqqq"), None);
        let far = message("zzzzqqqq").unwrap_or_default();
        assert!(far.contains("expected one of"), "{far}");
        assert!(!far.contains("did you mean"), "{far}");
    }
}
