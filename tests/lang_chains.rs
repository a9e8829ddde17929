//! One language chain, written once per language the project runs (the core's `lang_chain`, which
//! the module and the native tests use, and www/loader.js's `chain`, which the page uses to fetch
//! words files and read the scripts' words): both give the chains of tests/support/lang-chains.json
//! (tests/unit/words.test.mjs checks the JavaScript one).

use steerlab_core::text::lang_chain;

#[test]
fn the_core_reads_the_same_chains_as_the_page() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/support/lang-chains.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let chains = v["chains"].as_object().unwrap();
    assert!(chains.len() >= 8);
    for (tag, want) in chains {
        let got: Vec<String> = lang_chain(tag).map(|t| t.to_ascii_lowercase().replace('_', "-")).collect();
        let want: Vec<&str> = want.as_array().unwrap().iter().map(|t| t.as_str().unwrap()).collect();
        assert_eq!(got, want, "the chain of {tag:?}");
    }
}
