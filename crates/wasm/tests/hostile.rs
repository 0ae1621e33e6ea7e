//! Certificates a hostile page could serve to the module's `certify`: each
//! request is answered with one JSON object, a clean refusal (a
//! `BadRequest` error, or the checker's `refused`), never a panic.

use grundy_wasm::answer::{MAX_REQUEST, answer};
use serde_json::{Value as Json, json};

fn ask(request: &[u8]) -> Json {
    serde_json::from_str(&answer(request)).expect("every answer is JSON")
}

fn certify(certificate: &str) -> Json {
    ask(format!(r#"{{"ask":"certify","certificate":{certificate}}}"#).as_bytes())
}

fn bad_request(got: &Json) -> bool {
    got["error"]["kind"] == "BadRequest"
}

#[test]
fn malformed_certificates_are_bad_requests() {
    for certificate in [
        r#"{"kind":"sequence","game":"nim","values":[0,1"#,
        r#"{"kind":"sequence","game":"nim","values":[0,18446744073709551616],"claims":[]}"#,
        r#"{"kind":"sequence","game":"nim","values":[0,-1],"claims":[]}"#,
        r#"{"kind":"sequence","game":"nim","values":[0,1.5],"claims":[]}"#,
        r#"{"kind":"period","game":"nim","values":[],"preperiod":-1,"period":1}"#,
        r#"{"kind":"riddle","game":"nim"}"#,
        r#"{"game":"nim","values":[],"claims":[]}"#,
        r#"{"kind":"sum","parts":[{"game":"nim","values":[0],"position":{"dice":1}}],"value":0}"#,
        r#"{"kind":"hackenbush","edges":[[0,4294967296]],"ground":[0],"table":[],"claims":[]}"#,
        r#""sequence""#,
        "null",
    ] {
        let got = certify(certificate);
        assert!(bad_request(&got), "{certificate}: {got}");
    }
    assert!(bad_request(&ask(b"{\"ask\":\"certify\",")));
    assert!(bad_request(&ask(&[0xff, 0xfe, b'{', b'}'])));
}

#[test]
fn deep_nesting_is_refused_before_it_is_read() {
    let deep = "[".repeat(100_000) + &"]".repeat(100_000);
    let got = certify(&format!(
        r#"{{"kind":"sequence","game":"nim","values":{deep},"claims":[]}}"#
    ));
    assert!(bad_request(&got), "{got}");
    let got = ask(format!(r#"{{"ask":"certify","certificate":{deep}}}"#).as_bytes());
    assert!(bad_request(&got), "{got}");
}

#[test]
fn a_certificate_of_two_mebibytes_is_answered() {
    // As many values as fit: past the checker's size, refused as too large.
    let mut values = String::from("0");
    while values.len() < MAX_REQUEST - 200 {
        values.push_str(",0");
    }
    let got = certify(&format!(
        r#"{{"kind":"sequence","game":"nim","values":[{values}],"claims":[]}}"#
    ));
    assert_eq!(got["refused"]["tooLarge"], true, "{}", got["refused"]);
    // A game's name as long as the request allows, made of one prefix.
    let name = "misere:".repeat((MAX_REQUEST - 200) / 7) + "nim";
    let got = certify(
        &json!({"kind": "sequence", "game": name, "values": [0], "claims": []}).to_string(),
    );
    assert!(got["refused"]["reason"].is_string(), "{got}");
}

#[test]
fn a_hostile_but_well_formed_certificate_is_refused_cleanly() {
    for certificate in [
        json!({"kind": "sequence", "game": "subtraction:5-1", "values": [0, 0], "claims": []}),
        json!({"kind": "period", "game": "octal:0.07", "values": [0], "preperiod": u64::MAX, "period": u64::MAX}),
        json!({"kind": "hackenbush", "edges": [[0, 1]], "ground": [0], "table": [],
               "claims": [{"standing": u64::MAX, "value": 0}]}),
        json!({"kind": "code", "game": "turning:0", "values": [0], "basis": [u64::MAX], "stated": {}}),
        json!({"kind": "sum", "parts": [], "value": 1, "winning": [{"part": u64::MAX, "after": {"coins": 1}}]}),
    ] {
        let got = certify(&certificate.to_string());
        let refused = &got["refused"];
        assert!(
            refused["reason"].is_string() || bad_request(&got),
            "{certificate}: {got}"
        );
    }
}
