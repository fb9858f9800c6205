//! End-to-end tests written in the midend's IR text format.

mod common;

use common::*;
use nissecc_midend::text::parse_module;

/// Bubble sort of a global array through a pointer, with nested loops
/// whose counters are block parameters and `select`s for the swap.
const BUBBLE_SORT: &str = "
declare @printf(i64, ...) -> i32

data @arr export align 4 = bytes [05 00 00 00 03 00 00 00 09 00 00 00 01 00 00 00 07 00 00 00]

function @sort(i64, i32) local {
block0(v0: i64, v1: i32):
    v2 = iconst.i32 0
    v3 = iconst.i32 1
    jump block1(v2)
block1(v4: i32):
    v5 = icmp slt v4, v1
    brif v5, block2(v2), block5
block2(v6: i32):
    v7 = isub v1, v4
    v8 = isub v7, v3
    v9 = icmp slt v6, v8
    brif v9, block3, block4
block3:
    v10 = sextend.i64 v6
    v11 = iconst.i64 4
    v12 = imul v10, v11
    v13 = iadd v0, v12
    v14 = load.i32 v13
    v15 = load.i32 v13+4
    v16 = icmp sgt v14, v15
    v17 = select v16, v15, v14
    v18 = select v16, v14, v15
    store v17, v13
    store v18, v13+4
    v19 = iadd v6, v3
    jump block2(v19)
block4:
    v20 = iadd v4, v3
    jump block1(v20)
block5:
    return
}

function @main() -> i32 export {
block0:
    v0 = symbol_addr @arr
    v1 = iconst.i32 5
    call @sort(v0, v1) : (i64, i32)
    v2 = iconst.i32 0
    jump block1(v2)
block1(v3: i32):
    v4 = icmp slt v3, v1
    brif v4, block2, block3
block2:
    v5 = sextend.i64 v3
    v6 = iconst.i64 4
    v7 = imul v5, v6
    v8 = iadd v0, v7
    v9 = load.i32 v8
    v10 = symbol_addr @fmt
    v11 = call @printf(v10, v9) : (i64, ...) -> i32
    v12 = iconst.i32 1
    v13 = iadd v3, v12
    jump block1(v13)
block3:
    v14 = symbol_addr @newline
    call @printf(v14) : (i64, ...) -> i32
    return v2
}
";

#[test]
fn bubble_sort_from_text() {
    let mut module = parse_module(BUBBLE_SORT).unwrap_or_else(|e| panic!("{e}"));
    // The text format spells data as hex bytes, so the strings are added
    // here.
    module.data.push(cstring("fmt", "%d "));
    module.data.push(cstring("newline", "\n"));
    assert_runs(&module, "1 3 5 7 9 \n", 0);
}

/// A stack address before its slot, brought back inside by the access's
/// offset, as constant folding can leave it (`&a[i - 1]` with a known
/// `i`), and passed to a call, so that it is computed into a register.
/// Cranelift's x64 lowering of such a `stack_addr` panicked on the
/// negative offset; the IR fuzzer found it (`nissecc-fuzz --target ir`,
/// seed 11).
const NEGATIVE_STACK_OFFSET: &str = "
function @second(i64) -> i32 local {
block0(v0: i64):
    v1 = load.i32 v0+8
    return v1
}

function @main() -> i32 export {
    ss0 = stack_slot size 8, align 4
block0:
    v0 = stack_addr ss0 -4
    v1 = iconst.i32 40
    store v1, v0+4
    v2 = iconst.i32 2
    store v2, v0+8
    v3 = call @second(v0) : (i64) -> i32
    v4 = stack_addr ss0
    v5 = load.i32 v4
    v6 = iadd v5, v3
    return v6
}
";

#[test]
fn a_stack_address_before_its_slot() {
    let module = parse_module(NEGATIVE_STACK_OFFSET).unwrap_or_else(|e| panic!("{e}"));
    assert_runs(&module, "", 42);
}
