//! `grundy certify`: a reader's offline check of the certificates a site
//! publishes, run as a user runs it on files: what passes says what was
//! checked; a tampered file is refused where it is wrong (exit 1); a file
//! that is no certificate file, or is missing, is bad input (exit 2).

use std::fs;
use std::process::Command;

/// Turning Turtles on seven places: coin i is worth i; the basis spans the
/// Hamming code, its losing rows.
const HAMMING: &str = r#"{"certificates":[{"kind":"code","game":"turning-turtles",
"values":[1,2,3,4,5,6,7],"basis":[7,25,42,97],
"stated":{"size":16,"dimension":4,"distance":3}}]}"#;

/// Kayles' single heaps and the sum 2 + 3, stated worth 1.
const KAYLES: &str = r#"{"certificates":[{"kind":"sequence","game":"kayles",
"values":[0,1,2,3],"claims":[{"position":[2,3],"verdict":{"value":1}}]}]}"#;

fn certify(files: &[(&str, &str)], extra: &[&str]) -> (Option<i32>, String, String) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for (name, text) in files {
        fs::write(dir.path().join(name), text).expect("a certificate written");
    }
    let mut args: Vec<&str> = vec!["certify"];
    args.extend(files.iter().map(|(name, _)| *name));
    args.extend(extra);
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(&args)
        .current_dir(dir.path())
        .output()
        .expect("the binary runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn published_certificates_pass_and_say_what_was_checked() {
    let (code, out, err) = certify(&[("hamming.json", HAMMING), ("kayles.json", KAYLES)], &[]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        out.starts_with("hamming.json: checked that each coin's value is the mex"),
        "{out}"
    );
    assert!(out.contains("(23 rows)"), "{out}");
    assert!(
        out.contains("kayles.json: checked that each heap's value"),
        "{out}"
    );
}

#[test]
fn a_tampered_certificate_is_refused_where_it_is_wrong() {
    let coin = HAMMING.replace("[1,2,3,4,5,6,7]", "[1,2,3,4,5,7,6]");
    let distance = HAMMING.replace(r#""distance":3"#, r#""distance":4"#);
    let value = KAYLES.replace(r#"{"value":1}"#, r#"{"value":5}"#);
    let (code, out, _) = certify(
        &[
            ("coin.json", &coin),
            ("distance.json", &distance),
            ("value.json", &value),
        ],
        &[],
    );
    assert_eq!(code, Some(1), "{out}");
    assert_eq!(
        out,
        "coin.json: wrong: coin 6 from the left is stated worth 7, but the mex of its options' \
         values is 6\n\
         distance.json: wrong: the distance is stated 4, but the code's is 3\n\
         value.json: wrong: at 2,3: stated value 5, but its value is 1\n"
    );
}

#[test]
fn what_is_no_certificate_file_is_bad_input() {
    let bare = r#"{"kind":"nim-sums","rows":[]}"#;
    let (code, out, err) = certify(
        &[("half.json", "{\"certificates\": ["), ("bare.json", bare)],
        &["gone.json"],
    );
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(
        err.contains("error: half.json: not a published certificate file"),
        "{err}"
    );
    assert!(
        err.contains("error: bare.json: not a published certificate file"),
        "{err}"
    );
    assert!(err.contains("error: gone.json: "), "{err}");
}
