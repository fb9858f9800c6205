//! `nissecc-profdata infer`: turns a sample profile into counts with
//! profile inference (`nissecc_midend::profile::infer`; He et al.,
//! "Profile Inference Revisited", POPL 2022), by profi or by the classic
//! mcf. The counts are stored as a naive profile (a count on every
//! countable edge) marked as inferred, so every tool and `-fprofile-use`
//! read them as they read measured counts. Functions that hold counts
//! already are copied unchanged. (`show` and `-fprofile-use` also infer
//! a sample profile directly, with profi.)

use super::load::load;
use nissecc_midend::instrument::plan::plan;
use nissecc_midend::profile::infer::{infer_samples, Objective};
use nissecc_midend::profile::{decode_descriptor, CfgDescriptor, FlowGraph, Strategy};
use nissecc_profile_format::file::write_atomically;
use nissecc_profile_format::{write, FunctionProfile, Profile};
use std::path::Path;

/// Infers the counts of the sample profile in `input` into `output`.
pub fn infer_file(input: &Path, output: &Path, objective: Objective) -> Result<Profile, String> {
    let profile = load(input)?;
    let mut functions = Vec::with_capacity(profile.functions.len());
    for function in &profile.functions {
        let inferred = infer_function(function, objective).map_err(|e| format!("{}: function `{}`: {e}", input.display(), function.name))?;
        functions.push(inferred);
    }
    let inferred = Profile { functions };
    write_atomically(output, &write(&inferred)).map_err(|error| format!("{}: {error}", output.display()))?;
    Ok(inferred)
}

/// The inferred counts of one function of a sample profile, as a naive
/// profile; any other function as it is.
pub fn infer_function(function: &FunctionProfile, objective: Objective) -> Result<FunctionProfile, String> {
    let desc = decode_descriptor(&function.descriptor)?;
    if desc.strategy != Strategy::Sample {
        return Ok(function.clone());
    }
    let graph = FlowGraph::new(&desc.shape);
    let flow = infer_samples(&desc, &graph, &function.counters, objective)?;
    let counted = plan(&graph, Strategy::Naive, &[], &[]);
    let descriptor = CfgDescriptor {
        inferred: true,
        block_hashes: desc.block_hashes.clone(),
        source_lines: desc.source_lines.clone(),
        ..CfgDescriptor::new(Strategy::Naive, desc.shape.clone(), counted.iter().map(|&e| graph.edge(e).kind).collect())
    };
    Ok(FunctionProfile {
        name: function.name.clone(),
        checksum: function.checksum,
        descriptor: descriptor.encode(),
        counters: counted.iter().map(|&e| flow[e as usize]).collect(),
        paths: Vec::new(),
        values: Vec::new(),
    })
}
