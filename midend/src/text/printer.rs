//! The printer: writes functions and modules in the text format.
//!
//! Every entity prints under its index-based name, so that the parser can
//! rebuild the same entities. Only the blocks in the layout and the
//! instructions placed in them print; entities left over by transforms do
//! not. The printer never panics on malformed IR: a missing entity prints
//! as a placeholder, so that the verifier can show its errors in context.
//!
//! An [`Annotator`] adds comments to the printed lines: a trailing comment
//! on an entity's own line (`block1:  ; idom: block0`) and whole comment
//! lines below it (`; error: ...`).

use super::{has_type_suffix, Entity};
use crate::ir::abi::Aggregate;
use crate::ir::{
    Block, BlockCall, Callee, DataObject, ExternFunction, Function, Inst, InstData, Linkage,
    Module, Signature, Type, Value,
};
use std::fmt::{self, Write};

/// Adds comments to printed text. `symbol` names the function, data object
/// or declaration that `entity` belongs to.
pub trait Annotator {
    /// A comment appended to the entity's line, without the leading `;`.
    fn trailing(&self, _symbol: &str, _entity: Entity) -> Option<String> {
        None
    }

    /// Comment lines printed below the entity's line, without the leading
    /// `;`.
    fn below(&self, _symbol: &str, _entity: Entity) -> Vec<String> {
        Vec::new()
    }
}

/// The annotator that adds nothing.
struct NoComments;

impl Annotator for NoComments {}

/// An annotator made of a closure giving trailing comments.
struct TrailingComments<'a>(&'a dyn Fn(&str, Entity) -> Option<String>);

impl Annotator for TrailingComments<'_> {
    fn trailing(&self, symbol: &str, entity: Entity) -> Option<String> {
        (self.0)(symbol, entity)
    }
}

/// Prints `func` with a trailing comment on each line for which `annot`
/// returns one, e.g. `; idom: block0` after a block header.
pub fn print_function_with(func: &Function, annot: &dyn Fn(Entity) -> Option<String>) -> String {
    let annot = |_: &str, entity: Entity| annot(entity);
    print_function_annotated(func, &TrailingComments(&annot))
}

/// Prints `module` with a trailing comment on each line for which `annot`
/// returns one; its first argument is the symbol the entity belongs to.
pub fn print_module_with(
    module: &Module,
    annot: &dyn Fn(&str, Entity) -> Option<String>,
) -> String {
    print_module_annotated(module, &TrailingComments(annot))
}

/// Prints `func` with the comments of `annot`.
pub fn print_function_annotated(func: &Function, annot: &dyn Annotator) -> String {
    let mut out = String::new();
    Printer {
        out: &mut out,
        annot,
    }
    .function(func)
    .expect("writing to a String cannot fail");
    out
}

/// Prints `module` with the comments of `annot`.
pub fn print_module_annotated(module: &Module, annot: &dyn Annotator) -> String {
    let mut out = String::new();
    Printer {
        out: &mut out,
        annot,
    }
    .module(module)
    .expect("writing to a String cannot fail");
    out
}

impl fmt::Display for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Printer {
            out: f,
            annot: &NoComments,
        }
        .function(self)
    }
}

impl fmt::Display for Module {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Printer {
            out: f,
            annot: &NoComments,
        }
        .module(self)
    }
}

/// Prints as `(i64, ...) -> i32`.
impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('(')?;
        for (i, ty) in self.params.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{ty}")?;
        }
        if self.variadic {
            f.write_str(if self.params.is_empty() {
                "..."
            } else {
                ", ..."
            })?;
        }
        f.write_char(')')?;
        if let Some(ret) = self.ret {
            write!(f, " -> {ret}")?;
        }
        if !self.by_value.is_empty() {
            f.write_str(" byval(")?;
            for (i, (index, aggregate)) in self.by_value.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{index}: {aggregate}")?;
            }
            f.write_char(')')?;
        }
        if let Some(aggregate) = &self.by_value_result {
            write!(f, " sret {aggregate}")?;
        }
        Ok(())
    }
}

/// Prints as `{12, 4, int sse}` (size, alignment, eightbyte classes) or
/// `{24, 8, memory}`.
impl fmt::Display for Aggregate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{}, {}", self.size, self.align)?;
        match &self.eightbytes {
            None => f.write_str(", memory")?,
            Some(classes) if classes.is_empty() => {}
            Some(classes) => {
                let names: Vec<&str> = classes.iter().map(|c| c.name()).collect();
                write!(f, ", {}", names.join(" "))?;
            }
        }
        f.write_char('}')
    }
}

impl fmt::Display for Linkage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Linkage::Export => "export",
            Linkage::Local => "local",
            Linkage::Weak => "weak",
        })
    }
}

/// A symbol name as the text spells it: `@name`, or `@"name"` when the
/// name holds characters other than letters, digits, `_`, `.` and `$`.
struct SymbolName<'a>(pub &'a str);

impl fmt::Display for SymbolName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.0;
        if !name.is_empty() && name.chars().all(is_bare_symbol_char) {
            return write!(f, "@{name}");
        }
        write!(f, "@{}", QuotedString(name))
    }
}

/// A string in double quotes, with the escapes of a quoted symbol name.
struct QuotedString<'a>(&'a str);

impl fmt::Display for QuotedString<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('"')?;
        for c in self.0.chars() {
            match c {
                '"' | '\\' => write!(f, "\\{c}")?,
                '\n' => f.write_str("\\n")?,
                _ => f.write_char(c)?,
            }
        }
        f.write_char('"')
    }
}

/// The characters a symbol name may hold without quotes.
pub(crate) fn is_bare_symbol_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$')
}

/// A byte offset as a `+N`/`-N` suffix; zero prints as nothing.
struct Offset(i64);

impl fmt::Display for Offset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => Ok(()),
            n if n > 0 => write!(f, "+{n}"),
            n => write!(f, "-{}", n.unsigned_abs()),
        }
    }
}

/// An `fconst` immediate. Finite values print as the shortest decimal that
/// parses back to the same bits (as an `f32` for `f32` constants); NaNs,
/// infinities and `f32` constants that an `f32` cannot hold print as the
/// raw bits of the stored `f64`, `0x` and 16 hex digits.
struct FloatImm {
    value: f64,
    ty: Option<Type>,
}

impl fmt::Display for FloatImm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = self.value;
        let narrow = value as f32;
        if !value.is_finite() {
            write!(f, "{:#018x}", value.to_bits())
        } else if self.ty != Some(Type::F32) {
            write!(f, "{value:?}")
        } else if (narrow as f64).to_bits() == value.to_bits() {
            write!(f, "{narrow:?}")
        } else {
            write!(f, "{:#018x}", value.to_bits())
        }
    }
}

struct Printer<'a, W: Write> {
    out: W,
    annot: &'a dyn Annotator,
}

impl<W: Write> Printer<'_, W> {
    fn module(&mut self, module: &Module) -> fmt::Result {
        let mut first_group = true;
        let mut separate = |out: &mut W| -> fmt::Result {
            if !std::mem::take(&mut first_group) {
                out.write_char('\n')?;
            }
            Ok(())
        };
        if !module.externs.is_empty() {
            separate(&mut self.out)?;
            for ext in &module.externs {
                self.extern_function(ext)?;
            }
        }
        if !module.data.is_empty() {
            separate(&mut self.out)?;
            for data in &module.data {
                self.data_object(data)?;
            }
        }
        if !module.assembly.is_empty() {
            separate(&mut self.out)?;
            for function in &module.assembly {
                let text = format!("assembly {} {}", SymbolName(&function.name), QuotedString(&function.text));
                self.line(&function.name, Entity::Symbol, "", &text)?;
            }
        }
        for func in &module.functions {
            separate(&mut self.out)?;
            self.function(func)?;
        }
        Ok(())
    }

    fn extern_function(&mut self, ext: &ExternFunction) -> fmt::Result {
        let weak = if ext.weak { " weak" } else { "" };
        let text = format!("declare {}{}{weak}", SymbolName(&ext.name), ext.signature);
        self.line(&ext.name, Entity::Symbol, "", &text)
    }

    fn data_object(&mut self, data: &DataObject) -> fmt::Result {
        let mut text = format!("data {}", SymbolName(&data.name));
        if !(data.external && data.linkage == Linkage::Export) {
            write!(text, " {}", data.linkage)?;
        }
        if data.readonly {
            text.push_str(" readonly");
        }
        if data.external {
            text.push_str(" extern");
        }
        if data.thread_local {
            text.push_str(" thread_local");
        }
        if data.align != 1 {
            write!(text, " align {}", data.align)?;
        }
        if let Some(section) = &data.section {
            write!(text, " section {}", QuotedString(section))?;
        }
        if !data.external || !data.bytes.is_empty() {
            text.push_str(" = bytes [");
            for (i, byte) in data.bytes.iter().enumerate() {
                if i > 0 {
                    text.push(' ');
                }
                write!(text, "{byte:02x}")?;
            }
            text.push(']');
            if data.zero_fill > 0 {
                write!(text, " zeros {}", data.zero_fill)?;
            }
        }
        if !data.relocs.is_empty() {
            text.push_str(" relocs [");
            for (i, reloc) in data.relocs.iter().enumerate() {
                if i > 0 {
                    text.push_str(", ");
                }
                write!(
                    text,
                    "{}: {}{}",
                    reloc.offset,
                    SymbolName(&reloc.symbol),
                    Offset(reloc.addend)
                )?;
            }
            text.push(']');
        }
        self.line(&data.name, Entity::Symbol, "", &text)
    }

    fn function(&mut self, func: &Function) -> fmt::Result {
        let name = func.name.as_str();
        let header = format!(
            "function {}{} {} {{",
            SymbolName(name),
            func.signature,
            func.linkage
        );
        self.line(name, Entity::Symbol, "", &header)?;
        for (slot, data) in func.stack_slots.iter() {
            let text = format!(
                "{slot} = stack_slot size {}, align {}",
                data.size, data.align
            );
            self.line(name, Entity::StackSlot(slot), "    ", &text)?;
        }
        for &block in &func.layout {
            self.line(name, Entity::Block(block), "", &block_header(func, block))?;
            let insts = func
                .blocks
                .get(block)
                .map_or(&[][..], |data| &data.insts[..]);
            for &inst in insts {
                self.line(name, Entity::Inst(inst), "    ", &inst_text(func, inst))?;
            }
        }
        self.out.write_str("}\n")
    }

    /// Writes one line of text with the annotator's comments.
    fn line(&mut self, symbol: &str, entity: Entity, indent: &str, text: &str) -> fmt::Result {
        write!(self.out, "{indent}{text}")?;
        if let Some(comment) = self.annot.trailing(symbol, entity) {
            write!(self.out, "  ; {comment}")?;
        }
        self.out.write_char('\n')?;
        for comment in self.annot.below(symbol, entity) {
            writeln!(self.out, "{indent}; {comment}")?;
        }
        Ok(())
    }
}

/// The name of a value's type, or `?` for a value that does not exist.
fn type_name(func: &Function, value: Value) -> &'static str {
    func.values.get(value).map_or("?", |data| data.ty.name())
}

/// `block1(v3: i32, v4: i64) line 12 count 40 cold:`.
fn block_header(func: &Function, block: Block) -> String {
    let mut text = block.to_string();
    let Some(data) = func.blocks.get(block) else {
        return text + ":";
    };
    if !data.params.is_empty() {
        let params: Vec<String> = data
            .params
            .iter()
            .map(|&v| format!("{v}: {}", type_name(func, v)))
            .collect();
        text = format!("{text}({})", params.join(", "));
    }
    let line = func.block_lines[block];
    if line != 0 {
        text = format!("{text} line {line}");
    }
    if let Some(count) = data.count {
        text = format!("{text} count {count}");
    }
    if data.cold {
        text.push_str(" cold");
    }
    text + ":"
}

/// A value list as `v1, v2`.
fn value_list(values: &[Value]) -> String {
    values
        .iter()
        .map(Value::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A branch target as `block1(v3)`, or `block1` without arguments,
/// followed by ` count N` when a profile annotated the edge.
fn block_call(call: &BlockCall) -> String {
    let mut text = if call.args.is_empty() {
        call.block.to_string()
    } else {
        format!("{}({})", call.block, value_list(&call.args))
    };
    if let Some(count) = call.count {
        write!(text, " count {count}").unwrap();
    }
    text
}

/// The text of one instruction, without indentation.
fn inst_text(func: &Function, inst: Inst) -> String {
    let Some(data) = func.insts.get(inst) else {
        return format!("; {inst} does not exist");
    };
    let result = func.inst_result(inst);
    let mut text = match result {
        Some(v) => format!("{v} = "),
        None => String::new(),
    };
    text.push_str(opcode_name(data));
    let result_ty = result.and_then(|v| func.values.get(v)).map(|d| d.ty);
    if has_type_suffix(data) {
        if let Some(ty) = result_ty {
            write!(text, ".{ty}").unwrap();
        }
    }
    if func.no_signed_wrap.contains(inst) {
        text.push_str(" nsw");
    }
    let operands = match data {
        InstData::Iconst { imm } => format!(" {imm}"),
        InstData::Fconst { value } => format!(
            " {}",
            FloatImm {
                value: *value,
                ty: result_ty
            }
        ),
        InstData::Unary { arg, .. } => format!(" {arg}"),
        InstData::Binary { args, .. } => format!(" {}, {}", args[0], args[1]),
        InstData::Icmp { cond, args } => format!(" {cond} {}, {}", args[0], args[1]),
        InstData::Fcmp { cond, args } => format!(" {cond} {}, {}", args[0], args[1]),
        InstData::Select {
            cond,
            if_true,
            if_false,
        } => format!(" {cond}, {if_true}, {if_false}"),
        InstData::Load { addr, offset } => format!(" {addr}{}", Offset(*offset as i64)),
        InstData::Store {
            value,
            addr,
            offset,
        } => {
            format!(" {value}, {addr}{}", Offset(*offset as i64))
        }
        InstData::StackAddr { slot, offset } => format!(" {slot}{}", Offset(*offset as i64)),
        InstData::IncomingStackArgs => String::new(),
        InstData::SymbolAddr { symbol, offset } => {
            format!(" {}{}", SymbolName(symbol), Offset(*offset))
        }
        InstData::Call { callee, sig, args } => match callee {
            Callee::Direct(name) => format!(" {}({}) : {sig}", SymbolName(name), value_list(args)),
            Callee::Indirect(f) => format!(" {f}({}) : {sig}", value_list(args)),
        },
        InstData::Jump { dest } => format!(" {}", block_call(dest)),
        InstData::Brif {
            cond,
            then_dest,
            else_dest,
        } => {
            format!(
                " {cond}, {}, {}",
                block_call(then_dest),
                block_call(else_dest)
            )
        }
        InstData::Switch {
            arg,
            default,
            cases,
        } => {
            let cases: Vec<String> = cases
                .iter()
                .map(|(k, dest)| format!("{k}: {}", block_call(dest)))
                .collect();
            format!(" {arg}, {}, [{}]", block_call(default), cases.join(", "))
        }
        InstData::Return { value: Some(v) } => format!(" {v}"),
        InstData::Return { value: None } | InstData::Unreachable => String::new(),
    };
    text + &operands
}

/// The opcode as the text spells it, without a type suffix.
fn opcode_name(data: &InstData) -> &'static str {
    match data {
        InstData::Iconst { .. } => "iconst",
        InstData::Fconst { .. } => "fconst",
        InstData::Unary { op, .. } => op.name(),
        InstData::Binary { op, .. } => op.name(),
        InstData::Icmp { .. } => "icmp",
        InstData::Fcmp { .. } => "fcmp",
        InstData::Select { .. } => "select",
        InstData::Load { .. } => "load",
        InstData::Store { .. } => "store",
        InstData::StackAddr { .. } => "stack_addr",
        InstData::SymbolAddr { .. } => "symbol_addr",
        InstData::IncomingStackArgs => "incoming_stack_args",
        InstData::Call {
            callee: Callee::Direct(_),
            ..
        } => "call",
        InstData::Call {
            callee: Callee::Indirect(_),
            ..
        } => "call_indirect",
        InstData::Jump { .. } => "jump",
        InstData::Brif { .. } => "brif",
        InstData::Switch { .. } => "switch",
        InstData::Return { .. } => "return",
        InstData::Unreachable => "unreachable",
    }
}
