//! End-to-end tests: IR modules built by hand are compiled at both
//! optimization levels, linked with `cc`, run, and their stdout compared.

mod common;

use common::*;
use nissecc_midend::ir::*;

/// `main` returning 0 after the body built by `body`.
fn main_function(body: impl FnOnce(&mut FnBuilder)) -> Function {
    let (mut b, _) = FnBuilder::new("main", &[], Some(Type::I32));
    body(&mut b);
    let zero = b.iconst(Type::I32, 0);
    b.ret(Some(zero));
    b.finish()
}

#[test]
fn printf_with_ints_and_doubles() {
    let mut module = module_with_printf();
    module.data.push(cstring("fmt", "%d %f %f\n"));
    module.functions.push(main_function(|b| {
        let i = b.iconst(Type::I32, 42);
        let x = b.fconst(Type::F64, 1.5);
        let y = b.fconst(Type::F64, 2.25);
        b.printf("fmt", &[i, x, y]);
    }));
    assert_runs(&module, "42 1.500000 2.250000\n", 0);
}

/// More doubles than vector registers and more integers than GPRs: the
/// rest go to the stack, interleaved as System V prescribes.
#[test]
fn printf_with_arguments_on_the_stack() {
    let mut module = module_with_printf();
    let format = "%g %g %g %g %g %g %g %g %g %g | %d %d %d %d %d %d %d %ld\n";
    module.data.push(cstring("fmt", format));
    module.functions.push(main_function(|b| {
        let mut args: Vec<Value> = (1..=10)
            .map(|i| b.fconst(Type::F64, i as f64 + 0.5))
            .collect();
        args.extend((1..=7).map(|i| b.iconst(Type::I32, i * 100)));
        args.push(b.iconst(Type::I64, 1 << 40));
        b.printf("fmt", &args);
    }));
    assert_runs(
        &module,
        "1.5 2.5 3.5 4.5 5.5 6.5 7.5 8.5 9.5 10.5 | 100 200 300 400 500 600 700 1099511627776\n",
        0,
    );
}

#[test]
fn loop_sums_one_to_hundred() {
    let mut module = module_with_printf();
    module.data.push(cstring("fmt", "sum=%d\n"));
    let (mut b, _) = FnBuilder::new("main", &[], Some(Type::I32));
    let (header, hp) = b.block(&[Type::I32, Type::I32]);
    let (exit, ep) = b.block(&[Type::I32]);
    let one = b.iconst(Type::I32, 1);
    let zero = b.iconst(Type::I32, 0);
    b.jump(header, &[one, zero]);
    b.switch_to(header);
    let (i, sum) = (hp[0], hp[1]);
    let sum2 = b.binary(BinaryOp::Iadd, sum, i);
    let one = b.iconst(Type::I32, 1);
    let i2 = b.binary(BinaryOp::Iadd, i, one);
    let hundred = b.iconst(Type::I32, 100);
    let more = b.icmp(IntCC::Sle, i2, hundred);
    b.brif(more, (header, &[i2, sum2]), (exit, &[sum2]));
    b.switch_to(exit);
    b.printf("fmt", &[ep[0]]);
    let code = b.iconst(Type::I32, 7);
    b.ret(Some(code));
    module.functions.push(b.finish());
    assert_runs(&module, "sum=5050\n", 7);
}

/// `classify(x)`: a switch whose successors pass different block
/// arguments to one join block, including a negative case value.
fn classify_function() -> Function {
    let (mut b, params) = FnBuilder::new("classify", &[Type::I32], Some(Type::I32));
    let (join, jp) = b.block(&[Type::I32]);
    let (three, _) = b.block(&[]);
    let consts: Vec<(i64, Value)> = [(1, 10), (2, 20), (5, 50), (-1, -10)]
        .iter()
        .map(|&(k, v)| (k, b.iconst(Type::I32, v)))
        .collect();
    let zero = b.iconst(Type::I32, 0);
    let mut cases: Vec<(i64, BlockCall)> = consts
        .iter()
        .map(|&(k, v)| (k, BlockCall::new(join, vec![v])))
        .collect();
    cases.push((3, BlockCall::new(three, vec![])));
    b.inst(InstData::Switch {
        arg: params[0],
        default: BlockCall::new(join, vec![zero]),
        cases,
    });
    b.switch_to(three);
    let thirty = b.iconst(Type::I32, 33);
    b.jump(join, &[thirty]);
    b.switch_to(join);
    b.ret(Some(jp[0]));
    b.finish()
}

#[test]
fn switch_with_block_arguments() {
    let mut module = module_with_printf();
    module.data.push(cstring("fmt", "%d "));
    module.data.push(cstring("nl", "\n"));
    module.functions.push(classify_function());
    let classify = signature(&[Type::I32], Some(Type::I32));
    module.functions.push(main_function(|b| {
        for x in -2..=6 {
            let arg = b.iconst(Type::I32, x);
            let r = b.call_direct("classify", &classify, &[arg]).unwrap();
            b.printf("fmt", &[r]);
        }
        b.printf("nl", &[]);
    }));
    assert_runs(&module, "0 -10 0 10 20 33 0 50 0 \n", 0);
}

#[test]
fn recursive_fib() {
    let mut module = module_with_printf();
    module.data.push(cstring("fmt", "fib(20)=%d\n"));
    let fib_sig = signature(&[Type::I32], Some(Type::I32));
    let (mut b, params) = FnBuilder::new("fib", &[Type::I32], Some(Type::I32));
    b.func.linkage = Linkage::Local;
    let n = params[0];
    let (base, _) = b.block(&[]);
    let (rec, _) = b.block(&[]);
    let two = b.iconst(Type::I32, 2);
    let small = b.icmp(IntCC::Slt, n, two);
    b.brif(small, (base, &[]), (rec, &[]));
    b.switch_to(base);
    b.ret(Some(n));
    b.switch_to(rec);
    let one = b.iconst(Type::I32, 1);
    let n1 = b.binary(BinaryOp::Isub, n, one);
    let n2 = b.binary(BinaryOp::Isub, n, two);
    let f1 = b.call_direct("fib", &fib_sig, &[n1]).unwrap();
    let f2 = b.call_direct("fib", &fib_sig, &[n2]).unwrap();
    let sum = b.binary(BinaryOp::Iadd, f1, f2);
    b.ret(Some(sum));
    module.functions.push(b.finish());
    module.functions.push(main_function(|b| {
        let twenty = b.iconst(Type::I32, 20);
        let r = b.call_direct("fib", &fib_sig, &[twenty]).unwrap();
        b.printf("fmt", &[r]);
    }));
    assert_runs(&module, "fib(20)=6765\n", 0);
}

/// Calls through a pointer taken with `symbol_addr`, and through a
/// function-pointer table in read-only data (`.data.rel.ro`).
#[test]
fn indirect_calls() {
    let mut module = module_with_printf();
    module.data.push(cstring("fmt", "%d %d %d\n"));
    let unary = signature(&[Type::I32], Some(Type::I32));
    for (name, op) in [("square", BinaryOp::Imul), ("twice", BinaryOp::Iadd)] {
        let (mut b, p) = FnBuilder::new(name, &[Type::I32], Some(Type::I32));
        b.func.linkage = Linkage::Local;
        let r = b.binary(op, p[0], p[0]);
        b.ret(Some(r));
        module.functions.push(b.finish());
    }
    module.data.push(DataObject {
        name: "table".into(),
        linkage: Linkage::Local,
        readonly: true,
        align: 8,
        bytes: vec![0; 16],
        zero_fill: 0,
        relocs: vec![
            DataReloc {
                offset: 0,
                symbol: "square".into(),
                addend: 0,
            },
            DataReloc {
                offset: 8,
                symbol: "twice".into(),
                addend: 0,
            },
        ],
        external: false,
        section: None,
        thread_local: false,
    });
    module.functions.push(main_function(|b| {
        let seven = b.iconst(Type::I32, 7);
        let f = b.symbol_addr("square", 0);
        let r1 = b.call(Callee::Indirect(f), &unary, &[seven]).unwrap();
        let table = b.symbol_addr("table", 0);
        let g = b.load(Type::I64, table, 8);
        let r2 = b.call(Callee::Indirect(g), &unary, &[seven]).unwrap();
        let h = b.load(Type::I64, table, 0);
        let r3 = b.call(Callee::Indirect(h), &unary, &[r2]).unwrap();
        b.printf("fmt", &[r1, r2, r3]);
    }));
    assert_runs(&module, "49 14 196\n", 0);
}

/// `int arr[4] = {1, 2, 3, 4}; int *p = &arr[2];` and a pointer into a
/// string with an offset; also a zero-initialized global (`.bss`) that is
/// written and read, and a symbol address with an offset.
#[test]
fn globals_with_relocations() {
    let mut module = module_with_printf();
    module.data.push(cstring("fmt", "%d %d %s %d %d\n"));
    module.data.push(cstring("greeting", "xxhello"));
    module.data.push(global("arr", 4, i32_bytes(&[1, 2, 3, 4])));
    let mut p = global("p", 8, vec![0; 16]);
    p.relocs.push(DataReloc {
        offset: 0,
        symbol: "arr".into(),
        addend: 8,
    });
    p.relocs.push(DataReloc {
        offset: 8,
        symbol: "greeting".into(),
        addend: 2,
    });
    module.data.push(p);
    module.data.push(global("counter", 4, vec![0; 4]));
    module.functions.push(main_function(|b| {
        let p = b.symbol_addr("p", 0);
        let arr_2 = b.load(Type::I64, p, 0);
        let v = b.load(Type::I32, arr_2, 0);
        let arr_3 = b.symbol_addr("arr", 12);
        let w = b.load(Type::I32, arr_3, 0);
        let s = b.symbol_addr("p", 8);
        let s = b.load(Type::I64, s, 0);
        let counter = b.symbol_addr("counter", 0);
        let before = b.load(Type::I32, counter, 0);
        let five = b.iconst(Type::I32, 5);
        b.store(five, counter, 0);
        let after = b.load(Type::I32, counter, 0);
        b.printf("fmt", &[v, w, s, before, after]);
    }));
    assert_runs(&module, "3 4 hello 0 5\n", 0);
}

/// `DataObject.align` reaches the object: an over-aligned global's
/// address is a multiple of its alignment.
#[test]
fn data_alignment() {
    let mut module = module_with_printf();
    module.data.push(cstring("fmt", "%ld %ld\n"));
    module.data.push(cstring("pad", "x"));
    module.data.push(global("aligned", 64, vec![1; 8]));
    module.data.push(global("zeros", 256, vec![0; 8]));
    module.functions.push(main_function(|b| {
        let mut rems = Vec::new();
        for (name, align) in [("aligned", 64), ("zeros", 256)] {
            let addr = b.symbol_addr(name, 0);
            let mask = b.iconst(Type::I64, align - 1);
            rems.push(b.binary(BinaryOp::Band, addr, mask));
        }
        b.printf("fmt", &rems);
    }));
    assert_runs(&module, "0 0\n", 0);
}

/// C semantics of float comparisons: every comparison with NaN is false
/// except `!=`.
#[test]
fn float_comparisons_with_nan() {
    let mut module = module_with_printf();
    module.data.push(cstring("fmt", "%d %d %d %d %d %d\n"));
    module.functions.push(main_function(|b| {
        let zero = b.fconst(Type::F64, 0.0);
        let nan = b.binary(BinaryOp::Fdiv, zero, zero);
        let one = b.fconst(Type::F64, 1.0);
        let two = b.fconst(Type::F64, 2.0);
        let nan32 = b.unary(UnaryOp::Fdemote, nan, Type::F32);
        let one32 = b.fconst(Type::F32, 1.0);
        for (x, y) in [
            (nan, one),
            (one, nan),
            (one, two),
            (two, one),
            (one, one),
            (nan32, one32),
        ] {
            let results: Vec<Value> = FloatCC::ALL
                .iter()
                .map(|&cc| {
                    let c = b.fcmp(cc, x, y);
                    b.unary(UnaryOp::Uextend, c, Type::I32)
                })
                .collect();
            b.printf("fmt", &results);
        }
    }));
    // Columns: eq ne lt le gt ge.
    let expected = "0 1 0 0 0 0\n0 1 0 0 0 0\n0 1 1 1 0 0\n0 1 0 0 1 1\n1 0 0 1 0 1\n0 1 0 0 0 0\n";
    assert_runs(&module, expected, 0);
}

/// Integer/float conversions, including narrow and unsigned ones, a
/// select, shifts and a stack slot.
#[test]
fn conversions_select_and_stack_slots() {
    let mut module = module_with_printf();
    module
        .data
        .push(cstring("fmt", "%d %d %u %f %f %d %d %ld\n"));
    module.functions.push(main_function(|b| {
        let x = b.fconst(Type::F64, -7.9);
        let to_i8 = b.unary(UnaryOp::FcvtToSint, x, Type::I8);
        let a = b.unary(UnaryOp::Sextend, to_i8, Type::I32);
        let y = b.fconst(Type::F64, 200.7);
        let to_u8 = b.unary(UnaryOp::FcvtToUint, y, Type::I8);
        let c = b.unary(UnaryOp::Uextend, to_u8, Type::I32);
        let big = b.fconst(Type::F64, 4e9);
        let d = b.unary(UnaryOp::FcvtToUint, big, Type::I32);
        let minus_one = b.iconst(Type::I64, -1);
        let e = b.unary(UnaryOp::FcvtFromUint, minus_one, Type::F64);
        let small = b.iconst(Type::I16, -3);
        let f32v = b.unary(UnaryOp::FcvtFromSint, small, Type::F32);
        let f = b.unary(UnaryOp::Fpromote, f32v, Type::F64);
        let bits = b.unary(UnaryOp::Bitcast, f32v, Type::I32);
        let five = b.iconst(Type::I64, 5);
        let cond = b.icmp(IntCC::Ult, minus_one, five);
        let s1 = b.iconst(Type::I32, 111);
        let s2 = b.iconst(Type::I32, 222);
        let g = b.value(
            InstData::Select {
                cond,
                if_true: s1,
                if_false: s2,
            },
            Type::I32,
        );
        let slot = b.func.create_stack_slot(16, 8);
        let addr = b.value(InstData::StackAddr { slot, offset: 8 }, Type::I64);
        let k = b.iconst(Type::I64, 3);
        let sixty_five = b.iconst(Type::I64, 65);
        let shifted = b.binary(BinaryOp::Ishl, k, sixty_five);
        b.store(shifted, addr, 0);
        let h = b.load(Type::I64, addr, 0);
        b.printf("fmt", &[a, c, d, e, f, bits, g, h]);
    }));
    let expected = format!(
        "-7 200 4000000000 {:.6} -3.000000 {} 222 6\n",
        u64::MAX as f64,
        (-3.0f32).to_bits() as i32
    );
    assert_runs(&module, &expected, 0);
}

/// A loop back to the entry block (CLIF forbids branches to its entry
/// block, so the backend adds one), with a cold block.
#[test]
fn branch_to_entry_and_cold_blocks() {
    let mut module = module_with_printf();
    module.data.push(cstring("fmt", "%d\n"));
    let countdown = signature(&[Type::I32, Type::I32], Some(Type::I32));
    let (mut b, p) = FnBuilder::new("countdown", &[Type::I32, Type::I32], Some(Type::I32));
    let entry = b.current;
    let (done, _) = b.block(&[]);
    let (again, _) = b.block(&[]);
    let zero = b.iconst(Type::I32, 0);
    let finished = b.icmp(IntCC::Eq, p[0], zero);
    b.brif(finished, (done, &[]), (again, &[]));
    b.switch_to(done);
    b.ret(Some(p[1]));
    b.switch_to(again);
    b.func.blocks[again].cold = true;
    let one = b.iconst(Type::I32, 1);
    let n = b.binary(BinaryOp::Isub, p[0], one);
    let acc = b.binary(BinaryOp::Iadd, p[1], p[0]);
    b.jump(entry, &[n, acc]);
    module.functions.push(b.finish());
    module.functions.push(main_function(|b| {
        let ten = b.iconst(Type::I32, 10);
        let zero = b.iconst(Type::I32, 0);
        let r = b
            .call_direct("countdown", &countdown, &[ten, zero])
            .unwrap();
        b.printf("fmt", &[r]);
    }));
    assert_runs(&module, "55\n", 0);
}

/// `unreachable` traps.
#[test]
fn unreachable_traps() {
    let mut module = Module::default();
    let (mut b, _) = FnBuilder::new("main", &[], Some(Type::I32));
    b.inst(InstData::Unreachable);
    module.functions.push(b.finish());
    for level in BOTH_LEVELS {
        let (_, code) = compile_and_run(&module, level);
        assert_ne!(code, 0, "at {level:?}");
    }
}

/// Every integer binary operation on negative and narrow operands,
/// checked against a reference computed in Rust.
#[test]
fn integer_operations() {
    use BinaryOp::*;
    let mut module = module_with_printf();
    module.data.push(cstring("fmt", "%ld\n"));
    let ops = [
        Iadd, Isub, Imul, Sdiv, Udiv, Srem, Urem, Band, Bor, Bxor, Ishl, Sshr, Ushr, Umulh,
    ];
    let (x, y) = (-100, 7);
    let mut expected = String::new();
    module.functions.push(main_function(|b| {
        for ty in [Type::I8, Type::I16, Type::I32, Type::I64] {
            for op in ops {
                let (a, c) = (b.iconst(ty, x), b.iconst(ty, y));
                let r = b.binary(op, a, c);
                let wide = if ty == Type::I64 {
                    r
                } else {
                    b.unary(UnaryOp::Sextend, r, Type::I64)
                };
                b.printf("fmt", &[wide]);
                expected.push_str(&format!("{}\n", reference(op, ty, x, y)));
            }
        }
    }));
    assert_runs(&module, &expected, 0);
}

/// `op` on `x` and `y` truncated to `ty`, sign-extended to 64 bits.
fn reference(op: BinaryOp, ty: Type, x: i64, y: i64) -> i64 {
    let bits = ty.bits();
    let (sx, sy) = (ty.canonical_imm(x), ty.canonical_imm(y));
    let mask = u64::MAX >> (64 - bits);
    let (ux, uy) = (sx as u64 & mask, sy as u64 & mask);
    let shift = (uy % u64::from(bits)) as u32;
    let result = match op {
        BinaryOp::Iadd => sx.wrapping_add(sy),
        BinaryOp::Isub => sx.wrapping_sub(sy),
        BinaryOp::Imul => sx.wrapping_mul(sy),
        BinaryOp::Sdiv => sx / sy,
        BinaryOp::Udiv => (ux / uy) as i64,
        BinaryOp::Srem => sx % sy,
        BinaryOp::Urem => (ux % uy) as i64,
        BinaryOp::Band => sx & sy,
        BinaryOp::Bor => sx | sy,
        BinaryOp::Bxor => sx ^ sy,
        BinaryOp::Ishl => sx << shift,
        BinaryOp::Sshr => sx >> shift,
        BinaryOp::Ushr => (ux >> shift) as i64,
        BinaryOp::Umulh => ((u128::from(ux) * u128::from(uy)) >> bits) as i64,
        _ => unreachable!("not an integer operation"),
    };
    ty.canonical_imm(result)
}

/// A `brif` whose two successors are one block with different
/// arguments (two edges between the same pair of blocks).
#[test]
fn brif_to_one_block_twice() {
    let mut module = module_with_printf();
    module.data.push(cstring("fmt", "%d %d\n"));
    let pick = signature(&[Type::I32], Some(Type::I32));
    let (mut b, p) = FnBuilder::new("pick", &[Type::I32], Some(Type::I32));
    let (join, jp) = b.block(&[Type::I32]);
    let ten = b.iconst(Type::I32, 10);
    let twenty = b.iconst(Type::I32, 20);
    b.brif(p[0], (join, &[ten]), (join, &[twenty]));
    b.switch_to(join);
    b.ret(Some(jp[0]));
    module.functions.push(b.finish());
    module.functions.push(main_function(|b| {
        let one = b.iconst(Type::I32, 1);
        let zero = b.iconst(Type::I32, 0);
        let r1 = b.call_direct("pick", &pick, &[one]).unwrap();
        let r0 = b.call_direct("pick", &pick, &[zero]).unwrap();
        b.printf("fmt", &[r1, r0]);
    }));
    assert_runs(&module, "10 20\n", 0);
}

/// A function with an i8 parameter and an i16 result, and i16 memory.
#[test]
fn narrow_parameters_and_memory() {
    let mut module = module_with_printf();
    module.data.push(cstring("fmt", "%d %d\n"));
    module.data.push(global("h", 2, vec![0; 2]));
    let widen = signature(&[Type::I8], Some(Type::I16));
    let (mut b, p) = FnBuilder::new("widen", &[Type::I8], Some(Type::I16));
    b.func.linkage = Linkage::Local;
    let w = b.unary(UnaryOp::Sextend, p[0], Type::I16);
    let k = b.iconst(Type::I16, 1000);
    let r = b.binary(BinaryOp::Imul, w, k);
    b.ret(Some(r));
    module.functions.push(b.finish());
    module.functions.push(main_function(|b| {
        let c = b.iconst(Type::I8, -3);
        let r = b.call_direct("widen", &widen, &[c]).unwrap();
        let h = b.symbol_addr("h", 0);
        b.store(r, h, 0);
        let back = b.load(Type::I16, h, 0);
        let s = b.unary(UnaryOp::Sextend, back, Type::I32);
        let u = b.unary(UnaryOp::Uextend, back, Type::I32);
        b.printf("fmt", &[s, u]);
    }));
    assert_runs(&module, &format!("-3000 {}\n", (-3000i16) as u16), 0);
}

/// A frame larger than a page is probed page by page (inline stack
/// probes) and works.
#[test]
fn large_stack_frame() {
    let mut module = module_with_printf();
    module.data.push(cstring("fmt", "%d\n"));
    module.functions.push(main_function(|b| {
        let slot = b.func.create_stack_slot(1 << 20, 16);
        let far = b.value(
            InstData::StackAddr {
                slot,
                offset: (1 << 20) - 4,
            },
            Type::I64,
        );
        let near = b.value(InstData::StackAddr { slot, offset: 0 }, Type::I64);
        let x = b.iconst(Type::I32, 40);
        let y = b.iconst(Type::I32, 2);
        b.store(x, far, 0);
        b.store(y, near, 0);
        let (x, y) = (b.load(Type::I32, far, 0), b.load(Type::I32, near, 0));
        let sum = b.binary(BinaryOp::Iadd, x, y);
        b.printf("fmt", &[sum]);
    }));
    assert_runs(&module, "42\n", 0);
}

/// One argument of a generated `printf` call, with its conversion.
#[derive(Clone, Copy)]
enum PrintfArg {
    Int(i32),
    Long(i64),
    Double(f64),
    /// A pointer to a string object with this text.
    Str(&'static str),
}

/// `int (*fp)(const char *, ...) = printf;` as a global, then calls
/// through `fp` with every mix of register use: the callee's address
/// goes in each free integer register from `%rsi` to `%r9`, and in
/// `%xmm0`..`%xmm7` once the six integer registers are full; arguments
/// beyond the registers go to the stack (more than 8 doubles, 7+
/// integers). The value `printf` returns comes back through the thunk.
#[test]
fn indirect_variadic_calls_to_printf() {
    use PrintfArg::*;
    let calls: Vec<Vec<PrintfArg>> = vec![
        vec![],
        vec![Int(42), Double(2.5), Str("ptr")],
        vec![Long(-(1 << 40)), Double(0.125)],
        vec![Int(1), Int(2), Int(3), Double(1.5), Double(-2.5)],
        // More than 8 doubles: the address goes in %r8, %al = 8.
        (1..=11)
            .map(|i| Double(i as f64 + 0.25))
            .chain([Int(7), Str("s"), Long(-5)])
            .collect(),
        vec![Int(1), Int(2), Int(3), Int(4)],
        // 6+ integer arguments: the address goes in the first free
        // vector register, here %xmm0, %xmm1 and %xmm7.
        vec![Int(1), Int(2), Int(3), Int(4), Int(5)],
        (1..=7)
            .map(|i| Int(i * 100))
            .chain([Double(3.75), Str("seven"), Long(1 << 33)])
            .collect(),
        (1..=6)
            .flat_map(|i| [Int(i), Double(f64::from(i) / 4.0)])
            .chain([Int(99), Double(7.0)])
            .collect(),
    ];
    let mut module = module_with_printf();
    module.data.push(cstring("ret", "-> %d\n"));
    let mut fp = global("fp", 8, vec![0; 8]);
    fp.relocs.push(DataReloc {
        offset: 0,
        symbol: "printf".into(),
        addend: 0,
    });
    module.data.push(fp);
    let mut expected = String::new();
    for (n, call) in calls.iter().enumerate() {
        let mut format = format!("call{n}:");
        let mut line = format.clone();
        for (k, arg) in call.iter().enumerate() {
            let (conversion, text) = match *arg {
                Int(v) => ("%d", v.to_string()),
                Long(v) => ("%ld", v.to_string()),
                Double(v) => ("%g", v.to_string()),
                Str(s) => {
                    module.data.push(cstring(&format!("s{n}_{k}"), s));
                    ("%s", s.to_string())
                }
            };
            format.push(' ');
            format.push_str(conversion);
            line.push(' ');
            line.push_str(&text);
        }
        format.push('\n');
        line.push('\n');
        module.data.push(cstring(&format!("fmt{n}"), &format));
        expected.push_str(&format!("{line}-> {}\n", line.len()));
    }
    module.functions.push(main_function(|b| {
        for (n, call) in calls.iter().enumerate() {
            let mut args = vec![b.symbol_addr(&format!("fmt{n}"), 0)];
            for (k, arg) in call.iter().enumerate() {
                args.push(match *arg {
                    Int(v) => b.iconst(Type::I32, i64::from(v)),
                    Long(v) => b.iconst(Type::I64, v),
                    Double(v) => b.fconst(Type::F64, v),
                    Str(_) => b.symbol_addr(&format!("s{n}_{k}"), 0),
                });
            }
            let fp = b.symbol_addr("fp", 0);
            let printf = b.load(Type::I64, fp, 0);
            let written = b
                .call(Callee::Indirect(printf), &printf_signature(), &args)
                .unwrap();
            b.printf("ret", &[written]);
        }
    }));
    assert_runs(&module, &expected, 0);
}

/// `int (*g)() = f; g(1, 2.5);`: calls to non-variadic functions through
/// unprototyped pointers, which the frontend lowers as variadic calls
/// with no fixed parameters and the promoted argument types. The callee
/// ignores `%al` and the register holding its own address: `%rdi` for a
/// call without arguments, `%xmm2` when seven integers fill the integer
/// registers and spill one to the stack. Results of every kind and none.
#[test]
fn indirect_calls_to_non_variadic_functions_through_unprototyped_pointers() {
    let mut module = module_with_printf();
    module.data.push(cstring("mix_fmt", "mix %d %g %ld %g\n"));
    module
        .data
        .push(cstring("wide_fmt", "wide %d %d %d %d %d %d %d %g %g\n"));
    module.data.push(cstring("results", "%d %g %ld %d\n"));
    let unprototyped = |ret| Signature::scalars(vec![], ret, true);

    // f64 mix(i32 a, f64 b, i64 c, f64 d) { printf(...); return a * b + d; }
    let (mut b, p) = FnBuilder::new(
        "mix",
        &[Type::I32, Type::F64, Type::I64, Type::F64],
        Some(Type::F64),
    );
    b.func.linkage = Linkage::Local;
    b.printf("mix_fmt", &p);
    let a = b.unary(UnaryOp::FcvtFromSint, p[0], Type::F64);
    let ab = b.binary(BinaryOp::Fmul, a, p[1]);
    let r = b.binary(BinaryOp::Fadd, ab, p[3]);
    b.ret(Some(r));
    module.functions.push(b.finish());

    // i64 wide(i32 x1..x7, f64 y1, f64 y2): x7 is on the stack.
    let mut params = vec![Type::I32; 7];
    params.extend([Type::F64; 2]);
    let (mut b, p) = FnBuilder::new("wide", &params, Some(Type::I64));
    b.printf("wide_fmt", &p);
    let mut sum = b.unary(UnaryOp::Sextend, p[0], Type::I64);
    for &x in &p[1..7] {
        let x = b.unary(UnaryOp::Sextend, x, Type::I64);
        sum = b.binary(BinaryOp::Iadd, sum, x);
    }
    b.ret(Some(sum));
    module.functions.push(b.finish());

    // i32 answer(void) { return 42; }
    let (mut b, _) = FnBuilder::new("answer", &[], Some(Type::I32));
    let r = b.iconst(Type::I32, 42);
    b.ret(Some(r));
    module.functions.push(b.finish());

    // void nothing(void) { printf("nothing\n"); }
    module.data.push(cstring("nothing_fmt", "nothing\n"));
    let (mut b, _) = FnBuilder::new("nothing", &[], None);
    b.printf("nothing_fmt", &[]);
    b.ret(None);
    module.functions.push(b.finish());

    module.functions.push(main_function(|b| {
        let mix = b.symbol_addr("mix", 0);
        let args = [
            b.iconst(Type::I32, 3),
            b.fconst(Type::F64, 2.5),
            b.iconst(Type::I64, -(1 << 35)),
            b.fconst(Type::F64, 0.25),
        ];
        let r1 = b
            .call(Callee::Indirect(mix), &unprototyped(Some(Type::F64)), &args)
            .unwrap();
        let wide = b.symbol_addr("wide", 0);
        let mut args: Vec<Value> = (1..=7).map(|i| b.iconst(Type::I32, i * 10)).collect();
        args.push(b.fconst(Type::F64, 1.5));
        args.push(b.fconst(Type::F64, -8.0));
        let r2 = b
            .call(
                Callee::Indirect(wide),
                &unprototyped(Some(Type::I64)),
                &args,
            )
            .unwrap();
        let answer = b.symbol_addr("answer", 0);
        let r3 = b
            .call(
                Callee::Indirect(answer),
                &unprototyped(Some(Type::I32)),
                &[],
            )
            .unwrap();
        let nothing = b.symbol_addr("nothing", 0);
        b.call(Callee::Indirect(nothing), &unprototyped(None), &[]);
        let seven = b.iconst(Type::I32, 7);
        b.printf("results", &[seven, r1, r2, r3]);
    }));
    assert_runs(
        &module,
        &format!(
            "mix 3 2.5 {} 0.25\nwide 10 20 30 40 50 60 70 1.5 -8\nnothing\n7 7.75 280 42\n",
            -(1i64 << 35)
        ),
        0,
    );
}
