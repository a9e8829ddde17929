//! The seeded PRNG: fastrand's wyrand, which is pure integer arithmetic and therefore gives the same
//! sequence natively and in wasm32.

pub type Rng = fastrand::Rng;

pub fn seeded(seed: u64) -> Rng {
    fastrand::Rng::with_seed(seed)
}
