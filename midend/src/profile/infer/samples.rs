//! The weights of a sample profile (see `descriptor.rs`): a sampled
//! block's weight is its samples times the period divided by its size,
//! the estimate of its execution count that He et al., "Profile Inference
//! Revisited", POPL 2022, §2.2 take as the input `w(v)`; a sampled edge's
//! weight is its samples times the period; so is a sampled flow edge's
//! (a return, a call's continuation, the entry). Everything else is
//! dangling.

use super::{infer_flow, Objective, Weights};
use crate::profile::flow_graph::FlowGraph;
use crate::profile::descriptor::CfgDescriptor;
use crate::profile::flow_graph::FlowEdgeKind;

/// The inference weights that a sample profile's `values` give, in the
/// order the descriptor lists them (sampled blocks, then edges).
pub fn sample_weights(desc: &CfgDescriptor, values: &[u64]) -> Result<Weights, String> {
    let sampling = &desc.sampling;
    let expected = sampling.blocks.len() + desc.counters.len();
    if values.len() != expected {
        return Err(format!(
            "the sample profile has {} values but its descriptor weighs {} blocks and {} edges",
            values.len(),
            sampling.blocks.len(),
            desc.counters.len()
        ));
    }
    let mut weights = Weights::unknown(&desc.shape);
    let scale = |samples: u64, size: u32| {
        let weight = u128::from(samples) * u128::from(sampling.period);
        let size = u128::from(size);
        u64::try_from((weight + size / 2) / size).unwrap_or(u64::MAX)
    };
    let (block_values, edge_values) = values.split_at(sampling.blocks.len());
    for (&(block, size), &samples) in sampling.blocks.iter().zip(block_values) {
        // A block without code (size 0) could not be sampled: dangling.
        weights.blocks[block as usize] = (size > 0).then(|| scale(samples, size));
    }
    for (&kind, &samples) in desc.counters.iter().zip(edge_values) {
        match kind {
            FlowEdgeKind::Cfg(i) => weights.edges[i as usize] = Some(scale(samples, 1)),
            other => weights.others.push((other, scale(samples, 1))),
        }
    }
    Ok(weights)
}

/// The count of every edge of `graph` (the flow graph of `desc`'s shape)
/// that a sample profile's `values` imply, inferred with `objective`.
pub fn infer_samples(desc: &CfgDescriptor, graph: &FlowGraph, values: &[u64], objective: Objective) -> Result<Vec<u64>, String> {
    infer_flow(&desc.shape, graph, &sample_weights(desc, values)?, objective)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::descriptor::{Sampling, Strategy};
    use crate::profile::shape::FunctionShape;

    #[test]
    fn weights_scale_by_period_and_size_and_blocks_of_size_0_dangle() {
        let shape = FunctionShape { block_lines: vec![1, 2, 3], edges: vec![(0, 1), (1, 2)], returns: vec![2], call_sites: vec![] };
        let desc = CfgDescriptor {
            sampling: Sampling { period: 100, blocks: vec![(0, 4), (1, 0), (2, 1)] },
            ..CfgDescriptor::new(Strategy::Sample, shape, vec![FlowEdgeKind::Cfg(1), FlowEdgeKind::Entry])
        };
        let weights = sample_weights(&desc, &[6, 9, 2, 3, 5]).unwrap();
        assert_eq!(weights.blocks, vec![Some(150), None, Some(200)]);
        assert_eq!(weights.edges, vec![None, Some(300)]);
        assert_eq!(weights.others, vec![(FlowEdgeKind::Entry, 500)]);
        assert!(sample_weights(&desc, &[1, 2]).unwrap_err().contains("2 values"));
    }
}
