//! The proptest set-up the property and fuzz tests share (native only): knobs from the
#![allow(dead_code)]
//! environment so the soak (`scripts/soak.sh`) can scale them, a fixed seed by default so a
//! normal run is reproducible, and a failure message that says how to replay it.

use proptest::test_runner::{Config, RngAlgorithm, TestError, TestRng, TestRunner};

/// A number from the environment, or `default`.
pub fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|s| s.trim().parse().ok()).unwrap_or(default)
}

/// A runner for `cases` cases seeded from `STEERLAB_PROP_SEED` (else `default_seed`) xor `salt`,
/// each property with its own salt.
pub fn runner(cases: u32, default_seed: u64, salt: u64, max_shrink_iters: u32) -> TestRunner {
    let seed = env_u64("STEERLAB_PROP_SEED", default_seed) ^ salt;
    let mut bytes = [0u8; 32];
    for (k, b) in bytes.iter_mut().enumerate() {
        *b = (seed.rotate_left(8 * (k as u32 % 8)) >> (k / 8)) as u8;
    }
    let config = Config { cases, max_shrink_iters, failure_persistence: None, ..Config::default() };
    TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &bytes))
}

/// Panic with the failure and the seed that replays it.
pub fn report<T: std::fmt::Debug>(what: &str, r: Result<(), TestError<T>>) {
    if let Err(e) = r {
        panic!(
            "{what}: {e}\n(replay with STEERLAB_PROP_SEED={})",
            std::env::var("STEERLAB_PROP_SEED").unwrap_or_else(|_| "<default>".into())
        );
    }
}
