//! The parser: reads the text format back into a [`Module`].
//!
//! It is a recursive-descent parser over the tokens of [`super::lexer`].
//! Each function body is parsed whole and then handed to
//! [`super::resolve`], which binds the names. The parser accepts anything
//! the text can spell, valid or not, as long as every name it uses is
//! defined: checking the IR's invariants is the verifier's job, and a
//! verifier test needs to parse invalid IR. What it does reject: unknown
//! opcodes, types and conditions, a missing or superfluous type suffix,
//! a result on an instruction that produces none (or none on one that
//! does), undefined values and blocks, entities defined twice, and more
//! than one instruction on a line.

use super::lexer::{tokenize, Pos, Tok, Token};
use super::resolve::{resolve, ParsedBlock, ParsedFunction, ParsedInst};
use super::{has_result, has_type_suffix, Entity, SourceMap};
use crate::ir::abi::{Aggregate, Eightbyte};
use crate::ir::{
    AssemblyFunction, BinaryOp, Block, BlockCall, Callee, DataObject, DataReloc, ExternFunction, FloatCC, Function,
    InstData, IntCC, Linkage, Module, Signature, StackSlot, StackSlotData, Type, UnaryOp, Value,
};
use cranelift_entity::EntityRef;
use std::fmt;

/// A syntax error, with the 1-based line and column where it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: u32,
    pub col: u32,
    pub message: String,
}

impl ParseError {
    pub(super) fn at(pos: Pos, message: impl Into<String>) -> Self {
        ParseError {
            line: pos.line,
            col: pos.col,
            message: message.into(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Parses a module.
pub fn parse_module(src: &str) -> std::result::Result<Module, ParseError> {
    parse_module_with_source_map(src).map(|(module, _)| module)
}

/// Parses a module and tells on which line each entity is defined.
pub fn parse_module_with_source_map(
    src: &str,
) -> std::result::Result<(Module, SourceMap), ParseError> {
    let mut parser = Parser::new(src)?;
    let module = parser.module()?;
    Ok((module, parser.source_map))
}

/// Parses text that holds exactly one function and nothing else.
pub fn parse_function(src: &str) -> std::result::Result<Function, ParseError> {
    let mut parser = Parser::new(src)?;
    if !matches!(parser.peek().tok, Tok::Word("function")) {
        return parser.error("expected `function`");
    }
    let func = parser.function()?;
    if parser.peek().tok != Tok::Eof {
        return parser.error("expected the end of the input after the function");
    }
    Ok(func)
}

/// Entity indices above this are rejected, because the parser allocates
/// every index below the largest one a function uses.
const MAX_ENTITY_INDEX: u32 = 1 << 22;

/// The index in an entity name such as `v12` or `block3`, if `word` is one.
/// Leading zeros are not allowed, so each entity has one spelling.
fn entity_index(word: &str, prefix: &str) -> Option<u32> {
    let digits = word.strip_prefix(prefix)?;
    let canonical = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'));
    canonical.then(|| digits.parse().ok()).flatten()
}

/// An unsigned integer literal, decimal or `0x` hex.
fn parse_u64(text: &str) -> Option<u64> {
    match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => text.parse().ok(),
    }
}

struct Parser<'a> {
    tokens: Vec<Token<'a>>,
    next: usize,
    source_map: SourceMap,
    /// The values and blocks the instruction being parsed refers to.
    uses: Vec<(Value, Pos)>,
    targets: Vec<(Block, Pos)>,
}

type Result<T> = std::result::Result<T, ParseError>;

impl<'a> Parser<'a> {
    fn new(src: &'a str) -> Result<Self> {
        Ok(Parser {
            tokens: tokenize(src)?,
            next: 0,
            source_map: SourceMap::default(),
            uses: Vec::new(),
            targets: Vec::new(),
        })
    }

    // Token access.

    fn peek(&self) -> &Token<'a> {
        &self.tokens[self.next]
    }

    fn peek_nth(&self, n: usize) -> &Tok<'a> {
        &self.tokens[(self.next + n).min(self.tokens.len() - 1)].tok
    }

    fn advance(&mut self) -> Token<'a> {
        let token = self.tokens[self.next].clone();
        if token.tok != Tok::Eof {
            self.next += 1;
        }
        token
    }

    /// The line of the last token consumed.
    fn last_line(&self) -> u32 {
        self.tokens[self.next.saturating_sub(1)].pos.line
    }

    fn error<T>(&self, message: impl Into<String>) -> Result<T> {
        Err(ParseError::at(self.peek().pos, message))
    }

    fn expected<T>(&self, what: &str) -> Result<T> {
        self.error(format!(
            "expected {what}, found {}",
            self.peek().tok.describe()
        ))
    }

    fn eat_punct(&mut self, c: char) -> bool {
        let found = self.peek().tok == Tok::Punct(c);
        if found {
            self.advance();
        }
        found
    }

    fn expect_punct(&mut self, c: char) -> Result<()> {
        if self.eat_punct(c) {
            Ok(())
        } else {
            self.expected(&format!("`{c}`"))
        }
    }

    fn eat_word(&mut self, word: &str) -> bool {
        let found = self.peek().tok == Tok::Word(word);
        if found {
            self.advance();
        }
        found
    }

    fn expect_word(&mut self, word: &str) -> Result<()> {
        if self.eat_word(word) {
            Ok(())
        } else {
            self.expected(&format!("`{word}`"))
        }
    }

    /// Consumes a word and returns it with its position.
    fn word(&mut self, what: &str) -> Result<(&'a str, Pos)> {
        match self.peek().tok {
            Tok::Word(w) => Ok((w, self.advance().pos)),
            _ => self.expected(what),
        }
    }

    fn symbol(&mut self) -> Result<String> {
        match &self.peek().tok {
            Tok::Symbol(name) => {
                let name = name.clone();
                self.advance();
                Ok(name)
            }
            _ => self.expected("a symbol such as `@name`"),
        }
    }

    // Literals.

    fn unsigned(&mut self, what: &str) -> Result<u64> {
        match self.peek().tok {
            Tok::Number(text) => match parse_u64(text) {
                Some(n) => {
                    self.advance();
                    Ok(n)
                }
                None => self.error(format!("invalid integer `{text}`")),
            },
            _ => self.expected(what),
        }
    }

    /// An unsigned integer that must fit `T`.
    fn unsigned_as<T: TryFrom<u64>>(&mut self, what: &str) -> Result<T> {
        let pos = self.peek().pos;
        let n = self.unsigned(what)?;
        T::try_from(n).map_err(|_| ParseError::at(pos, format!("{what} `{n}` is out of range")))
    }

    /// An integer with an optional `-` sign.
    fn signed(&mut self, what: &str) -> Result<i128> {
        let negative = self.eat_punct('-');
        let n = self.unsigned(what)? as i128;
        Ok(if negative { -n } else { n })
    }

    /// A signed integer that must fit `T`.
    fn signed_as<T: TryFrom<i128>>(&mut self, what: &str) -> Result<T> {
        let pos = self.peek().pos;
        let n = self.signed(what)?;
        T::try_from(n).map_err(|_| ParseError::at(pos, format!("{what} `{n}` is out of range")))
    }

    /// An optional `+N` or `-N` suffix; none means zero.
    fn offset<T: TryFrom<i128> + Default>(&mut self) -> Result<T> {
        if self.eat_punct('+') || self.peek().tok == Tok::Punct('-') {
            self.signed_as("an offset")
        } else {
            Ok(T::default())
        }
    }

    /// An `iconst` immediate, which may be written signed or unsigned and
    /// is stored sign-extended from the width of `ty`.
    fn int_imm(&mut self, ty: Type) -> Result<i64> {
        let pos = self.peek().pos;
        let n = self.signed("an integer")?;
        let bits = if ty.is_int() { ty.bits() } else { 64 };
        if n < -(1i128 << (bits - 1)) || n >= 1i128 << bits {
            return Err(ParseError::at(pos, format!("`{n}` does not fit in {ty}")));
        }
        Ok(ty.canonical_imm(n as i64))
    }

    /// An `fconst` immediate: a decimal read at the precision of `ty`, or
    /// the raw bits of the stored `f64` as `0x` and hex digits.
    fn float_imm(&mut self, ty: Type) -> Result<f64> {
        let negative = self.eat_punct('-');
        let Tok::Number(text) = self.peek().tok else {
            return self.expected("a float");
        };
        let value = if text.starts_with("0x") || text.starts_with("0X") {
            match parse_u64(text) {
                Some(bits) if !negative => Some(f64::from_bits(bits)),
                _ => None,
            }
        } else if ty == Type::F32 {
            text.parse::<f32>()
                .ok()
                .map(|x| if negative { -x } else { x } as f64)
        } else {
            text.parse::<f64>()
                .ok()
                .map(|x| if negative { -x } else { x })
        };
        match value {
            Some(value) => {
                self.advance();
                Ok(value)
            }
            None => self.error(format!("invalid float `{text}`")),
        }
    }

    // Types and signatures.

    fn ty(&mut self) -> Result<Type> {
        match self.peek().tok {
            Tok::Word(w) => match Type::from_name(w) {
                Some(ty) => {
                    self.advance();
                    Ok(ty)
                }
                None => self.error(format!("unknown type `{w}`")),
            },
            _ => self.expected("a type"),
        }
    }

    /// `(i64, ...) -> i32`.
    fn signature(&mut self) -> Result<Signature> {
        let mut sig = Signature::default();
        self.expect_punct('(')?;
        if !self.eat_punct(')') {
            loop {
                if self.peek().tok == Tok::Ellipsis {
                    self.advance();
                    sig.variadic = true;
                    self.expect_punct(')')?;
                    break;
                }
                sig.params.push(self.ty()?);
                if self.eat_punct(')') {
                    break;
                }
                self.expect_punct(',')?;
            }
        }
        if self.peek().tok == Tok::Arrow {
            self.advance();
            sig.ret = Some(self.ty()?);
        }
        if self.eat_word("byval") {
            self.expect_punct('(')?;
            loop {
                let index = self.unsigned_as("an argument index")?;
                self.expect_punct(':')?;
                sig.by_value.push((index, self.aggregate()?));
                if self.eat_punct(')') {
                    break;
                }
                self.expect_punct(',')?;
            }
        }
        if self.eat_word("sret") {
            sig.by_value_result = Some(self.aggregate()?);
        }
        Ok(sig)
    }

    /// `{12, 4, int sse}` or `{24, 8, memory}`.
    fn aggregate(&mut self) -> Result<Aggregate> {
        self.expect_punct('{')?;
        let size = self.unsigned("a size")?;
        self.expect_punct(',')?;
        let align = self.unsigned("an alignment")?;
        let mut eightbytes = Some(Vec::new());
        if self.eat_punct(',') {
            if self.eat_word("memory") {
                eightbytes = None;
            } else {
                while let Tok::Word(word) = self.peek().tok {
                    let Some(class) = Eightbyte::from_name(word) else {
                        return self.error(format!("unknown eightbyte class `{word}`"));
                    };
                    self.advance();
                    eightbytes.as_mut().expect("not memory").push(class);
                }
            }
        }
        self.expect_punct('}')?;
        Ok(Aggregate { size, align, eightbytes })
    }

    fn linkage(&mut self) -> Option<Linkage> {
        if self.eat_word("export") {
            Some(Linkage::Export)
        } else if self.eat_word("local") {
            Some(Linkage::Local)
        } else if self.eat_word("weak") {
            Some(Linkage::Weak)
        } else {
            None
        }
    }

    // Entity names.

    fn entity(&mut self, prefix: &str, what: &str) -> Result<(u32, Pos)> {
        let token = self.peek().clone();
        let index = match token.tok {
            Tok::Word(w) => entity_index(w, prefix),
            _ => None,
        };
        match index {
            Some(n) if n <= MAX_ENTITY_INDEX => {
                self.advance();
                Ok((n, token.pos))
            }
            Some(n) => self.error(format!("{prefix}{n}: entity index too large")),
            None => self.expected(what),
        }
    }

    fn value(&mut self) -> Result<(Value, Pos)> {
        let (n, pos) = self.entity("v", "a value such as `v1`")?;
        Ok((Value::from_u32(n), pos))
    }

    /// A value that the current instruction reads.
    fn use_value(&mut self) -> Result<Value> {
        let (value, pos) = self.value()?;
        self.uses.push((value, pos));
        Ok(value)
    }

    fn block(&mut self) -> Result<(Block, Pos)> {
        let (n, pos) = self.entity("block", "a block such as `block1`")?;
        Ok((Block::from_u32(n), pos))
    }

    fn at_value(&self) -> bool {
        matches!(self.peek().tok, Tok::Word(w) if entity_index(w, "v").is_some())
    }

    fn at_block(&self) -> bool {
        matches!(self.peek().tok, Tok::Word(w) if entity_index(w, "block").is_some())
    }

    fn at_stack_slot(&self) -> bool {
        matches!(self.peek().tok, Tok::Word(w) if entity_index(w, "ss").is_some())
    }

    // Module items.

    fn module(&mut self) -> Result<Module> {
        let mut module = Module::default();
        loop {
            match self.peek().tok {
                Tok::Eof => return Ok(module),
                Tok::Word("declare") => module.externs.push(self.extern_function()?),
                Tok::Word("data") => module.data.push(self.data_object()?),
                Tok::Word("function") => module.functions.push(self.function()?),
                Tok::Word("assembly") => {
                    let line = self.advance().pos.line;
                    let name = self.symbol()?;
                    let text = self.string("the quoted assembly source")?;
                    self.source_map.add(line, &name, Entity::Symbol);
                    module.assembly.push(AssemblyFunction { name, text });
                }
                _ => return self.expected("`declare`, `data`, `assembly` or `function`"),
            }
        }
    }

    /// `declare @name(i64, ...) -> i32`, followed by `weak` for a weak
    /// reference.
    fn extern_function(&mut self) -> Result<ExternFunction> {
        let line = self.advance().pos.line;
        let name = self.symbol()?;
        let signature = self.signature()?;
        let weak = self.eat_word("weak");
        self.source_map.add(line, &name, Entity::Symbol);
        Ok(ExternFunction { name, signature, weak })
    }

    /// `data @name local readonly extern thread_local align 8 section "name" = bytes [..]
    /// zeros N relocs [..]`, with the attributes in any order.
    fn data_object(&mut self) -> Result<DataObject> {
        let line = self.advance().pos.line;
        let name = self.symbol()?;
        let mut linkage = None;
        let (mut readonly, mut external, mut align) = (false, false, 1);
        let mut section = None;
        let mut thread_local = false;
        loop {
            if let Some(l) = self.linkage() {
                linkage = Some(l);
            } else if self.eat_word("readonly") {
                readonly = true;
            } else if self.eat_word("extern") {
                external = true;
            } else if self.eat_word("thread_local") {
                thread_local = true;
            } else if self.eat_word("align") {
                align = self.unsigned_as("an alignment")?;
            } else if self.eat_word("section") {
                section = Some(self.string("a quoted section name")?);
            } else {
                break;
            }
        }
        let linkage = match linkage {
            Some(l) => l,
            None if external => Linkage::Export,
            None => return self.expected("a linkage (`local`, `export` or `weak`)"),
        };
        let mut bytes = Vec::new();
        let mut zero_fill = 0;
        if self.eat_punct('=') {
            self.expect_word("bytes")?;
            self.expect_punct('[')?;
            while !self.eat_punct(']') {
                bytes.push(self.hex_byte()?);
            }
            if self.eat_word("zeros") {
                zero_fill = self.unsigned_as("a count of zero bytes")?;
            }
        }
        let mut relocs = Vec::new();
        if self.eat_word("relocs") {
            self.expect_punct('[')?;
            while !self.eat_punct(']') {
                if !relocs.is_empty() {
                    self.expect_punct(',')?;
                }
                let offset = self.unsigned_as("a relocation offset")?;
                self.expect_punct(':')?;
                let symbol = self.symbol()?;
                let addend = self.offset()?;
                relocs.push(DataReloc {
                    offset,
                    symbol,
                    addend,
                });
            }
        }
        self.source_map.add(line, &name, Entity::Symbol);
        Ok(DataObject {
            name,
            linkage,
            readonly,
            align,
            bytes,
            zero_fill,
            relocs,
            external,
            section,
            thread_local,
        })
    }

    /// A quoted string.
    fn string(&mut self, what: &str) -> Result<String> {
        match &self.peek().tok {
            Tok::Str(text) => {
                let text = text.clone();
                self.advance();
                Ok(text)
            }
            _ => self.expected(what),
        }
    }

    /// Two hex digits; the lexer reads `0a` as a number and `ff` as a word.
    fn hex_byte(&mut self) -> Result<u8> {
        let text = match self.peek().tok {
            Tok::Number(t) | Tok::Word(t) => t,
            _ => return self.expected("a hex byte or `]`"),
        };
        match u8::from_str_radix(text, 16) {
            Ok(byte) if text.len() == 2 => {
                self.advance();
                Ok(byte)
            }
            _ => self.error(format!("invalid hex byte `{text}`: write two hex digits")),
        }
    }

    /// `function @name(sig) linkage { stack slots, blocks }`.
    fn function(&mut self) -> Result<Function> {
        let pos = self.advance().pos;
        let name = self.symbol()?;
        let signature = self.signature()?;
        let Some(linkage) = self.linkage() else {
            return self.expected("a linkage (`local`, `export` or `weak`)");
        };
        self.expect_punct('{')?;
        let mut slots = Vec::new();
        let mut blocks: Vec<ParsedBlock> = Vec::new();
        loop {
            if self.eat_punct('}') {
                break;
            } else if self.peek().tok == Tok::Eof {
                return self.expected("`}`");
            } else if self.at_stack_slot() && blocks.is_empty() {
                slots.push(self.stack_slot(slots.len())?);
            } else if self.at_block() {
                blocks.push(self.block_header()?);
            } else if let Some(block) = blocks.last_mut() {
                block.insts.push(self.instruction()?);
            } else {
                return self.expected("a stack slot or a block");
            }
        }
        resolve(
            ParsedFunction {
                name,
                signature,
                linkage,
                pos,
                slots,
                blocks,
            },
            &mut self.source_map,
        )
    }

    /// `ssN = stack_slot size 16, align 8`, where `N` is the number of
    /// slots declared before it.
    fn stack_slot(&mut self, expected: usize) -> Result<(StackSlotData, Pos)> {
        let (n, pos) = self.entity("ss", "a stack slot")?;
        if n as usize != expected {
            return Err(ParseError::at(
                pos,
                format!(
                    "expected {}: stack slots are declared in order",
                    StackSlot::new(expected)
                ),
            ));
        }
        self.expect_punct('=')?;
        self.expect_word("stack_slot")?;
        self.expect_word("size")?;
        let size = self.unsigned_as("a size")?;
        self.expect_punct(',')?;
        self.expect_word("align")?;
        let align = self.unsigned_as("an alignment")?;
        Ok((StackSlotData { size, align }, pos))
    }

    /// `blockN(v1: i32, v2: i64) line 12 count 40 cold:`.
    fn block_header(&mut self) -> Result<ParsedBlock> {
        let (block, pos) = self.block()?;
        let mut params = Vec::new();
        if self.eat_punct('(') && !self.eat_punct(')') {
            loop {
                let (value, pos) = self.value()?;
                self.expect_punct(':')?;
                params.push((value, self.ty()?, pos));
                if self.eat_punct(')') {
                    break;
                }
                self.expect_punct(',')?;
            }
        }
        let (mut line, mut count, mut cold) = (0, None, false);
        loop {
            if self.eat_word("line") {
                line = self.unsigned_as("a line number")?;
            } else if self.eat_word("count") {
                count = Some(self.unsigned_as("a profile count")?);
            } else if self.eat_word("cold") {
                cold = true;
            } else {
                break;
            }
        }
        self.expect_punct(':')?;
        Ok(ParsedBlock {
            block,
            pos,
            params,
            line,
            count,
            cold,
            insts: Vec::new(),
        })
    }

    // Instructions.

    /// One instruction, alone on its line.
    fn instruction(&mut self) -> Result<ParsedInst> {
        let pos = self.peek().pos;
        let result = if *self.peek_nth(1) == Tok::Punct('=') {
            let result = self.value()?;
            self.advance();
            Some(result)
        } else {
            None
        };
        let (opcode, opcode_pos) = self.word("an opcode")?;
        let suffix = if self.eat_punct('.') {
            Some(self.ty()?)
        } else {
            None
        };
        let suffix_error = || {
            ParseError::at(
                opcode_pos,
                format!("type suffix missing: write `{opcode}.i32` or another type"),
            )
        };
        let no_signed_wrap = matches!(opcode, "iadd" | "isub" | "imul") && self.eat_word("nsw");
        let data = self.operands(opcode, opcode_pos, suffix.ok_or_else(suffix_error))?;

        if has_type_suffix(&data) && suffix.is_none() {
            return Err(suffix_error());
        }
        if !has_type_suffix(&data) && suffix.is_some() {
            return Err(ParseError::at(
                opcode_pos,
                format!("`{opcode}` takes no type suffix"),
            ));
        }
        match (result, has_result(&data)) {
            (None, Some(true)) => {
                return Err(ParseError::at(
                    pos,
                    format!("`{opcode}` produces a value: write `vN = {opcode} ...`"),
                ))
            }
            (Some((value, pos)), Some(false)) => {
                return Err(ParseError::at(
                    pos,
                    format!("`{opcode}` produces no value to assign to {value}"),
                ))
            }
            _ => {}
        }
        if self.peek().tok != Tok::Eof && self.peek().pos.line == self.last_line() {
            return self.error(format!(
                "unexpected {} after the instruction: write one instruction per line",
                self.peek().tok.describe()
            ));
        }
        Ok(ParsedInst {
            pos,
            result,
            suffix,
            data,
            no_signed_wrap,
            uses: std::mem::take(&mut self.uses),
            targets: std::mem::take(&mut self.targets),
        })
    }

    /// The operands of `opcode`; `suffix` is its type suffix, or the error
    /// to report if it needs one and has none.
    fn operands(
        &mut self,
        opcode: &str,
        opcode_pos: Pos,
        suffix: Result<Type>,
    ) -> Result<InstData> {
        if let Some(op) = UnaryOp::from_name(opcode) {
            return Ok(InstData::Unary {
                op,
                arg: self.use_value()?,
            });
        }
        if let Some(op) = BinaryOp::from_name(opcode) {
            return Ok(InstData::Binary {
                op,
                args: self.two_values()?,
            });
        }
        Ok(match opcode {
            "iconst" => InstData::Iconst {
                imm: self.int_imm(suffix?)?,
            },
            "fconst" => InstData::Fconst {
                value: self.float_imm(suffix?)?,
            },
            "icmp" => {
                let (cond, pos) = self.word("a condition")?;
                let cond = IntCC::from_name(cond).ok_or_else(|| {
                    ParseError::at(pos, format!("unknown integer condition `{cond}`"))
                })?;
                InstData::Icmp {
                    cond,
                    args: self.two_values()?,
                }
            }
            "fcmp" => {
                let (cond, pos) = self.word("a condition")?;
                let cond = FloatCC::from_name(cond).ok_or_else(|| {
                    ParseError::at(pos, format!("unknown float condition `{cond}`"))
                })?;
                InstData::Fcmp {
                    cond,
                    args: self.two_values()?,
                }
            }
            "select" => {
                let cond = self.use_value()?;
                self.expect_punct(',')?;
                let [if_true, if_false] = self.two_values()?;
                InstData::Select {
                    cond,
                    if_true,
                    if_false,
                }
            }
            "load" => {
                suffix?;
                InstData::Load {
                    addr: self.use_value()?,
                    offset: self.offset()?,
                }
            }
            "store" => {
                let value = self.use_value()?;
                self.expect_punct(',')?;
                InstData::Store {
                    value,
                    addr: self.use_value()?,
                    offset: self.offset()?,
                }
            }
            "stack_addr" => {
                let (n, _) = self.entity("ss", "a stack slot such as `ss0`")?;
                InstData::StackAddr {
                    slot: StackSlot::from_u32(n),
                    offset: self.offset()?,
                }
            }
            "incoming_stack_args" => InstData::IncomingStackArgs,
            "symbol_addr" => InstData::SymbolAddr {
                symbol: self.symbol()?,
                offset: self.offset()?,
            },
            "call" | "call_indirect" => {
                let callee = if opcode == "call" {
                    Callee::Direct(self.symbol()?)
                } else {
                    Callee::Indirect(self.use_value()?)
                };
                self.expect_punct('(')?;
                let mut args = Vec::new();
                while !self.eat_punct(')') {
                    if !args.is_empty() {
                        self.expect_punct(',')?;
                    }
                    args.push(self.use_value()?);
                }
                self.expect_punct(':')?;
                InstData::Call {
                    callee,
                    sig: self.signature()?,
                    args,
                }
            }
            "jump" => InstData::Jump {
                dest: self.block_call()?,
            },
            "brif" => {
                let cond = self.use_value()?;
                self.expect_punct(',')?;
                let then_dest = self.block_call()?;
                self.expect_punct(',')?;
                InstData::Brif {
                    cond,
                    then_dest,
                    else_dest: self.block_call()?,
                }
            }
            "switch" => {
                let arg = self.use_value()?;
                self.expect_punct(',')?;
                let default = self.block_call()?;
                self.expect_punct(',')?;
                self.expect_punct('[')?;
                let mut cases = Vec::new();
                while !self.eat_punct(']') {
                    if !cases.is_empty() {
                        self.expect_punct(',')?;
                    }
                    let value = self.signed_as("a case value")?;
                    self.expect_punct(':')?;
                    cases.push((value, self.block_call()?));
                }
                InstData::Switch {
                    arg,
                    default,
                    cases,
                }
            }
            "return" => {
                let same_line = self.peek().pos.line == self.last_line();
                let value = if same_line && self.at_value() {
                    Some(self.use_value()?)
                } else {
                    None
                };
                InstData::Return { value }
            }
            "unreachable" => InstData::Unreachable,
            _ => {
                return Err(ParseError::at(
                    opcode_pos,
                    format!("unknown opcode `{opcode}`"),
                ))
            }
        })
    }

    /// `v1, v2`.
    fn two_values(&mut self) -> Result<[Value; 2]> {
        let a = self.use_value()?;
        self.expect_punct(',')?;
        Ok([a, self.use_value()?])
    }

    /// `block1(v2, v3)`, or `block1` without arguments, optionally
    /// followed on the same line by a profile count `count N`.
    fn block_call(&mut self) -> Result<BlockCall> {
        let (block, pos) = self.block()?;
        self.targets.push((block, pos));
        let mut args = Vec::new();
        if self.eat_punct('(') {
            while !self.eat_punct(')') {
                if !args.is_empty() {
                    self.expect_punct(',')?;
                }
                args.push(self.use_value()?);
            }
        }
        let mut call = BlockCall::new(block, args);
        if self.peek().pos.line == self.last_line() && self.eat_word("count") {
            call.count = Some(self.unsigned_as("a profile count")?);
        }
        Ok(call)
    }
}
