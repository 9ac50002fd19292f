//! Selection: the urgency's RAVE mix with the prior counted among the AMAF playouts.

use super::*;
use crate::search::Config;

/// With `amaf_prior`, a child's prior also counts among its AMAF playouts: a child whose AMAF
/// value equals a sibling's but whose prior is all wins then ranks higher by more, since
/// RAVE's β gives the AMAF side most of the weight.
#[test]
fn the_amaf_prior_adds_the_prior_to_the_amaf_statistics() {
    let stats = Stats {
        visits: 0,
        wins: 0.0,
    };
    let amaf = AmafStats {
        visits: 100.0,
        wins: 50.0,
    };
    let prior = Prior::new(40.0, 1.0);
    let at = |share: f32| {
        let config = Config {
            amaf_prior: share,
            ..Config::default()
        };
        urgency(&config, 1000.0, stats, 0, prior, amaf, 0.0)
    };
    // Off: q = 1 (the prior alone) with weight 1 − β, β = 100 / (100 + 40 + 4).
    let beta = 100.0 / 144.0;
    assert!((at(0.0) - ((1.0 - beta) + beta * 0.5)).abs() < 1e-5);
    // On: AMAF 90 wins of 140, β = 140 / (140 + 40 + 5.6).
    let beta = 140.0 / 185.6;
    assert!((at(1.0) - ((1.0 - beta) + beta * 90.0 / 140.0)).abs() < 1e-5);
    assert!(at(1.0) > at(0.0));
}
