//! A tiny reference interpreter for tests: it runs the integer subset of
//! the IR (constants, arithmetic, comparisons, stack slots, branches) so
//! that a test can check that a transform keeps a function's behaviour.
//! Memory is a map from address to the last value stored there; every
//! slot gets a distinct fake address.

use crate::ir::{Block, Function, InstData, Value};
use std::collections::HashMap;

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    Returned(Option<i64>),
    /// The run took more than the allowed number of block transitions.
    OutOfFuel,
}

/// Runs `func` on `args`, allowing `fuel` branches. Panics on an
/// instruction outside the subset or on a read of an undefined value.
pub(crate) fn run(func: &Function, args: &[i64], mut fuel: u32) -> Outcome {
    let mut values: HashMap<Value, i64> = HashMap::new();
    let mut memory: HashMap<i64, i64> = HashMap::new();
    let mut block: Block = func.entry().expect("function has a body");
    let mut incoming: Vec<i64> = args.to_vec();
    loop {
        for (&p, &a) in func.blocks[block].params.iter().zip(&incoming) {
            values.insert(p, a);
        }
        let get = |values: &HashMap<Value, i64>, v: Value| {
            *values.get(&v).unwrap_or_else(|| panic!("{v} undefined"))
        };
        let mut next = None;
        for &inst in &func.blocks[block].insts {
            let result = func.inst_result(inst);
            let ty = result.map(|r| func.value_type(r));
            let value = match &func.insts[inst] {
                InstData::Iconst { imm } => Some(*imm),
                InstData::Binary { op, args } => {
                    let (a, b) = (get(&values, args[0]), get(&values, args[1]));
                    let ty = func.value_type(args[0]);
                    // The result is made canonical for its type below.
                    Some(super::fold_constants::binary(*op, a, b, ty).unwrap_or_else(|| panic!("eval: {op} of {a} and {b} unsupported")))
                }
                InstData::Unary { op, arg } => {
                    let a = get(&values, *arg);
                    // The result is made canonical for its type below.
                    Some(super::fold_constants::unary(*op, a, func.value_type(*arg)).unwrap_or_else(|| panic!("eval: {op} unsupported")))
                }
                InstData::Icmp { cond, args } => {
                    let (a, b) = (get(&values, args[0]), get(&values, args[1]));
                    Some(super::fold_constants::compare(*cond, a, b, func.value_type(args[0])) as i64)
                }
                InstData::Select { cond, if_true, if_false } => Some(if get(&values, *cond) != 0 {
                    get(&values, *if_true)
                } else {
                    get(&values, *if_false)
                }),
                InstData::StackAddr { slot, offset } => {
                    Some(1_000_000 * (slot.as_u32() as i64 + 1) + *offset as i64)
                }
                InstData::Load { addr, offset } => Some(
                    *memory
                        .get(&(get(&values, *addr) + *offset as i64))
                        .unwrap_or(&0),
                ),
                InstData::Store {
                    value,
                    addr,
                    offset,
                } => {
                    memory.insert(get(&values, *addr) + *offset as i64, get(&values, *value));
                    None
                }
                InstData::Return { value } => {
                    return Outcome::Returned(value.map(|v| get(&values, v)))
                }
                InstData::Jump { dest } => {
                    next = Some(dest);
                    None
                }
                InstData::Brif {
                    cond,
                    then_dest,
                    else_dest,
                } => {
                    next = Some(if get(&values, *cond) != 0 {
                        then_dest
                    } else {
                        else_dest
                    });
                    None
                }
                InstData::Switch {
                    arg,
                    default,
                    cases,
                } => {
                    let a = get(&values, *arg);
                    next = Some(
                        cases
                            .iter()
                            .find(|(k, _)| *k == a)
                            .map_or(default, |(_, bc)| bc),
                    );
                    None
                }
                other => panic!("eval: {other:?} unsupported"),
            };
            if let (Some(r), Some(v), Some(ty)) = (result, value, ty) {
                values.insert(r, ty.canonical_imm(v));
            }
        }
        let dest = next.expect("block ends in a branch");
        if fuel == 0 {
            return Outcome::OutOfFuel;
        }
        fuel -= 1;
        incoming = dest.args.iter().map(|&a| get(&values, a)).collect();
        block = dest.block;
    }
}
