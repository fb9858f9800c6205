//! Merging profiles (issue 3): associative and commutative on random
//! profiles, weighted, saturating, and refusing functions that disagree.

mod common;

use common::{canonical, random_profile, shapes, Rng};
use nissecc_profile_format::{merge, merge_weighted, scale, FormatError, FunctionProfile, MismatchKind, Profile, ValueCount};

#[test]
fn merge_is_associative_and_commutative() {
    for seed in 0..500 {
        let mut rng = Rng::new(seed);
        let count = 1 + rng.below(6) as usize;
        let shapes = shapes(&mut rng, count);
        let [a, b, c] = [(); 3].map(|()| random_profile(&mut rng, &shapes));
        let ab = merge(&a, &b).unwrap();
        assert_eq!(ab, merge(&b, &a).unwrap(), "seed {seed}: a+b != b+a");
        assert_eq!(merge(&ab, &c).unwrap(), merge(&a, &merge(&b, &c).unwrap()).unwrap(), "seed {seed}: (a+b)+c != a+(b+c)");
        assert_eq!(merge(&a, &Profile::default()).unwrap(), canonical(&a), "seed {seed}: the empty profile is not neutral");
    }
}

#[test]
fn merge_sums_every_counter_and_keeps_unshared_functions() {
    let f = |name: &str, counters: Vec<u64>| FunctionProfile { name: name.into(), checksum: 3, descriptor: vec![1], counters, paths: vec![], values: vec![] };
    let a = Profile { functions: vec![f("z", vec![1]), f("m", vec![1, 2])] };
    let b = Profile { functions: vec![f("m", vec![10, 20]), f("a", vec![5])] };
    let sum = Profile { functions: vec![f("a", vec![5]), f("m", vec![11, 22]), f("z", vec![1])] };
    assert_eq!(merge(&a, &b).unwrap(), sum);
}

#[test]
fn path_counts_are_summed_path_by_path() {
    let f = |paths: Vec<(u64, u64)>| Profile { functions: vec![FunctionProfile { name: "p".into(), checksum: 3, descriptor: vec![1], counters: vec![], paths, values: Vec::new() }] };
    let sum = merge(&f(vec![(1, 2), (7, u64::MAX - 1)]), &f(vec![(0, 1), (7, 5), (9, 4)])).unwrap();
    assert_eq!(sum, f(vec![(0, 1), (1, 2), (7, u64::MAX), (9, 4)]));
    assert!(sum.is_saturated());
    assert_eq!(scale(&f(vec![(3, 2)]), 5), f(vec![(3, 10)]));
}

#[test]
fn weights_multiply_before_summing() {
    for seed in 0..200 {
        let mut rng = Rng::new(seed);
        let shapes = shapes(&mut rng, 4);
        let [a, b] = [(); 2].map(|()| random_profile(&mut rng, &shapes));
        assert_eq!(merge_weighted(&a, &b, 1).unwrap(), merge(&a, &b).unwrap());
        assert_eq!(merge_weighted(&a, &b, 3).unwrap(), merge(&merge(&a, &b).unwrap(), &merge(&b, &b).unwrap()).unwrap(), "seed {seed}");
        assert_eq!(scale(&canonical(&a), 2), merge(&a, &a).unwrap(), "seed {seed}");
    }
}

#[test]
fn sums_saturate() {
    let f = |count| Profile { functions: vec![FunctionProfile { name: "f".into(), checksum: 0, descriptor: vec![], counters: vec![count, 1], paths: vec![], values: vec![] }] };
    let sum = merge(&f(u64::MAX - 1), &f(5)).unwrap();
    assert_eq!(sum.functions[0].counters, vec![u64::MAX, 2]);
    assert!(sum.is_saturated());
    assert!(!f(1).is_saturated());
    assert_eq!(scale(&f(u64::MAX / 2), 3).functions[0].counters, vec![u64::MAX, 3]);
}

#[test]
fn functions_that_disagree_are_named() {
    let base = FunctionProfile { name: "f".into(), checksum: 1, descriptor: vec![1, 2], counters: vec![0, 0], paths: vec![], values: vec![] };
    let with = |change: &dyn Fn(&mut FunctionProfile)| {
        let mut function = base.clone();
        change(&mut function);
        Profile { functions: vec![function] }
    };
    let a = with(&|_| {});
    let cases: [(Profile, MismatchKind, &str); 3] = [
        (with(&|f| f.checksum = 2), MismatchKind::Checksum { left: 1, right: 2 }, "function `f`: checksum mismatch"),
        (with(&|f| f.counters.push(0)), MismatchKind::CounterCount { left: 2, right: 3 }, "function `f`: counter count mismatch (2 vs 3)"),
        (with(&|f| f.descriptor[0] = 9), MismatchKind::Descriptor, "function `f`: CFG descriptor mismatch"),
    ];
    for (b, kind, message) in cases {
        let error = merge(&a, &b).unwrap_err();
        assert_eq!(error, FormatError::FunctionMismatch { name: "f".into(), problem: kind });
        assert!(error.to_string().starts_with(message), "{error}");
    }
}

#[test]
fn value_counts_are_summed_value_by_value() {
    let value = |site, value, count| ValueCount { site, value, count };
    let f = |values: Vec<ValueCount>| Profile { functions: vec![FunctionProfile { name: "v".into(), checksum: 3, descriptor: vec![1], counters: vec![4], paths: vec![], values }] };
    let a = f(vec![value(0, 8, 5), value(1, 3, 1)]);
    let b = f(vec![value(0, 7, 2), value(0, 8, u64::MAX - 1), value(2, 3, 4)]);
    let sum = merge(&a, &b).unwrap();
    assert_eq!(sum.functions[0].values, vec![value(0, 7, 2), value(0, 8, u64::MAX), value(1, 3, 1), value(2, 3, 4)]);
    assert_eq!(sum.functions[0].counters, vec![8]);
    assert!(sum.is_saturated());
    assert_eq!(merge(&a, &b).unwrap(), merge(&b, &a).unwrap());
    assert_eq!(scale(&a, 3).functions[0].values, vec![value(0, 8, 15), value(1, 3, 3)]);
}
