//! Per-block hashes for matching a stale profile, after BOLT's stale
//! profile matching (Ayupov, Panchenko, Pupyrev et al., LLVM's
//! `bolt/lib/Profile/StaleProfileMatching.cpp`, reviews D144500 and
//! D146661; He et al., "Profile Inference Revisited", POPL 2022, §1 and
//! §6 use it to recover stale profiles).
//!
//! A function whose CFG changed since it was profiled keeps most of its
//! blocks: an edit adds a statement in one place or splits one condition,
//! and the other blocks still hold the same instructions between the same
//! neighbours. What identifies a block across such an edit is therefore
//! its content, not its number, which shifts when a block is added before
//! it. BOLT blends several hash components of a block into one `u64`: a
//! loose hash of its opcodes, a stricter one of its instructions with
//! operands, and hashes of its predecessors' and successors' opcodes. It
//! matches on the strict components first and falls back to the loose
//! ones. nissecc does the same with two halves of one `u64`:
//!
//! - the high 32 bits, the *loose* hash ([`loose`]), hash the block's
//!   opcodes: every instruction's opcode, condition code, result type and
//!   direct callee, but no value, block, stack slot or symbol number (those
//!   shift when an edit adds one elsewhere), no constant and no offset;
//! - the low 32 bits hash what tells apart blocks with the same opcodes:
//!   the integer and float constants of the block and of its `switch`
//!   cases, the loose hashes of its predecessors (as a sorted multiset,
//!   since their order follows the layout, which edits shift) and those of
//!   its successors (in successor slot order, which is the branch's
//!   meaning).
//!
//! The *strict* hash is the whole `u64`. An edit inside one block changes
//! its loose hash and the strict hashes of its neighbours, and no other
//! hash. The hashes are FNV-1a-64 (`nissecc_profile_format::fnv1a64`)
//! folded to 32 bits, so that they stay the same across builds of the
//! compiler and can be stored in profiles (`CfgDescriptor::block_hashes`).

use crate::analysis::cfg::Cfg;
use crate::ir::{Block, Callee, Function, InstData};
use cranelift_entity::SecondaryMap;
use nissecc_profile_format::fnv1a64;

/// The hash of every reachable block of `func`, whose CFG is `cfg`, in
/// the numbering of `FunctionShape::of` (reachable blocks in layout
/// order).
pub fn block_hashes(func: &Function, cfg: &Cfg) -> Vec<u64> {
    let mut opcodes: SecondaryMap<Block, u32> = SecondaryMap::new();
    for &block in cfg.blocks() {
        opcodes[block] = fold(fnv1a64(&opcode_bytes(func, block)));
    }
    cfg.blocks()
        .iter()
        .map(|&block| {
            let mut bytes = constant_bytes(func, block);
            let mut preds: Vec<u32> = cfg.preds(block).iter().map(|&e| opcodes[cfg.edge(e).from]).collect();
            preds.sort_unstable();
            // The counts keep a list of predecessors from running into
            // the list of successors that follows it.
            bytes.extend_from_slice(&(preds.len() as u32).to_le_bytes());
            for hash in preds {
                bytes.extend_from_slice(&hash.to_le_bytes());
            }
            let succs = cfg.succs(block);
            bytes.extend_from_slice(&(succs.len() as u32).to_le_bytes());
            for &edge in succs {
                bytes.extend_from_slice(&opcodes[cfg.edge(edge).to].to_le_bytes());
            }
            (u64::from(opcodes[block]) << 32) | u64::from(fold(fnv1a64(&bytes)))
        })
        .collect()
}

/// The loose part of a block hash: its opcodes only.
pub fn loose(hash: u64) -> u32 {
    (hash >> 32) as u32
}

/// Both halves of a 64-bit hash, mixed into 32 bits.
fn fold(hash: u64) -> u32 {
    (hash ^ (hash >> 32)) as u32
}

/// The bytes that the loose hash of `block` hashes: per instruction its
/// opcode's text-format name, with the condition, the callee's name for a
/// direct call, and the result type, then a separator.
fn opcode_bytes(func: &Function, block: Block) -> Vec<u8> {
    let mut out = Vec::new();
    for &inst in &func.blocks[block].insts {
        let (name, detail): (&str, &str) = match &func.insts[inst] {
            InstData::Iconst { .. } => ("iconst", ""),
            InstData::Fconst { .. } => ("fconst", ""),
            InstData::Unary { op, .. } => (op.name(), ""),
            InstData::Binary { op, .. } => (op.name(), ""),
            InstData::Icmp { cond, .. } => ("icmp", cond.name()),
            InstData::Fcmp { cond, .. } => ("fcmp", cond.name()),
            InstData::Select { .. } => ("select", ""),
            InstData::Load { .. } => ("load", ""),
            InstData::Store { .. } => ("store", ""),
            InstData::StackAddr { .. } => ("stack_addr", ""),
            InstData::SymbolAddr { .. } => ("symbol_addr", ""),
            InstData::IncomingStackArgs => ("incoming_stack_args", ""),
            InstData::Call { callee: Callee::Direct(callee), .. } => ("call", callee.as_str()),
            InstData::Call { callee: Callee::Indirect(_), .. } => ("call_indirect", ""),
            InstData::Jump { .. } => ("jump", ""),
            InstData::Brif { .. } => ("brif", ""),
            InstData::Switch { .. } => ("switch", ""),
            InstData::Return { .. } => ("return", ""),
            InstData::Unreachable => ("unreachable", ""),
        };
        out.extend_from_slice(name.as_bytes());
        out.push(b' ');
        out.extend_from_slice(detail.as_bytes());
        if let Some(result) = func.inst_result(inst) {
            out.push(b'.');
            out.extend_from_slice(func.value_type(result).name().as_bytes());
        }
        out.push(b';');
    }
    out
}

/// The constants of `block`, in instruction order: integer and float
/// immediates and `switch` case values.
fn constant_bytes(func: &Function, block: Block) -> Vec<u8> {
    let mut out = Vec::new();
    for &inst in &func.blocks[block].insts {
        match &func.insts[inst] {
            InstData::Iconst { imm } => out.extend_from_slice(&imm.to_le_bytes()),
            InstData::Fconst { value } => out.extend_from_slice(&value.to_bits().to_le_bytes()),
            InstData::Switch { cases, .. } => {
                for (value, _) in cases {
                    out.extend_from_slice(&value.to_le_bytes());
                }
            }
            _ => {}
        }
    }
    out
}

/// Functions that the tests of block hashing and of stale matching share.
#[cfg(test)]
pub(crate) mod examples {
    /// `s = 0; for (i = 0; i < n; i++) if (a[i] > 0) s += a[i]; return s;`
    /// as blocks: entry, loop header, test, addition, latch, exit.
    pub const LOOP: &str = "
function @f(i64, i32) -> i32 export {
block0(v0: i64, v1: i32):
    v2 = iconst.i32 0
    jump block1(v2, v2)
block1(v3: i32, v4: i32):
    v5 = icmp slt v4, v1
    brif v5, block2, block5
block2:
    v6 = sextend.i64 v4
    v7 = iconst.i64 4
    v8 = imul v6, v7
    v9 = iadd v0, v8
    v10 = load.i32 v9
    v11 = icmp sgt v10, v2
    brif v11, block3, block4(v3)
block3:
    v12 = iadd v3, v10
    jump block4(v12)
block4(v13: i32):
    v14 = iconst.i32 1
    v15 = iadd v4, v14
    jump block1(v13, v15)
block5:
    return v3
}
";

    /// `LOOP` after two edits: a check before the loop, a new block that
    /// calls `abort` and a jump block, which shift every block number
    /// after them; and a statement added in the exit block (`s *= 3`),
    /// which adds instructions and values. Its blocks are the entry, the
    /// two new blocks, then `LOOP`'s header to exit.
    pub fn edited_loop() -> String {
        LOOP.replace(
            "    jump block1(v2, v2)\n",
            "    v30 = icmp slt v1, v2\n    brif v30, block9, block8\nblock9:\n    call @abort() : ()\n    jump block8\nblock8:\n    jump block1(v2, v2)\n",
        )
        .replace("    return v3\n", "    v20 = iconst.i32 3\n    v21 = imul v3, v20\n    return v21\n")
    }
}

#[cfg(test)]
mod tests {
    use super::examples::{edited_loop, LOOP};
    use super::*;
    use crate::text::parse_function;

    fn hashes(text: &str) -> Vec<u64> {
        let func = parse_function(text).unwrap();
        block_hashes(&func, &Cfg::compute(&func))
    }

    #[test]
    fn hashes_ignore_value_and_block_numbers() {
        let renumbered = LOOP.replace("v1", "v7_").replace("v2", "v1").replace("v7_", "v2").replace("block3", "block9");
        assert_eq!(hashes(LOOP), hashes(&renumbered));
    }

    #[test]
    fn an_unrelated_edit_leaves_most_hashes_equal() {
        let before = hashes(LOOP);
        let after = hashes(&edited_loop());
        assert_eq!((before.len(), after.len()), (6, 8));
        // The loop's test, its two arms and its latch are untouched and
        // so are their neighbours: their strict hashes survive the edit.
        // In the edited function they are blocks 4 to 6 after the two new
        // blocks and the header, which moved one place down.
        assert_eq!(&after[4..7], &before[2..5]);
        // The loop header's predecessor (the entry) became a jump block:
        // only the header's opcodes still match.
        assert_ne!(after[3], before[1]);
        assert_eq!(loose(after[3]), loose(before[1]));
        // The exit block itself gained instructions.
        assert_ne!(loose(after[7]), loose(before[5]));
        let strict_survivors = after.iter().filter(|h| before.contains(h)).count();
        assert_eq!(strict_survivors, 3);
        let loose_survivors = after.iter().filter(|&&h| before.iter().any(|&b| loose(b) == loose(h))).count();
        assert_eq!(loose_survivors, 4);
    }

    #[test]
    fn constants_and_neighbours_tell_apart_blocks_with_the_same_opcodes() {
        let h = hashes(
            "
function @g(i32) -> i32 export {
block0(v0: i32):
    v1 = iconst.i32 3
    v2 = icmp eq v0, v1
    brif v2, block1, block2
block1:
    v3 = iconst.i32 5
    v4 = icmp eq v0, v3
    brif v4, block3, block2
block2:
    return v0
block3:
    return v1
}
",
        );
        assert_eq!(loose(h[0]), loose(h[1]));
        assert_ne!(h[0], h[1]);
        assert_eq!(loose(h[2]), loose(h[3]));
        assert_ne!(h[2], h[3], "block2 has two predecessors, block3 one");
    }
}
