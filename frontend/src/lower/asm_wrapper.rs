//! The assembly function that runs one inline `asm` statement with
//! instructions (GCC manual, "Extended Asm"; AT&T syntax, x86-64).
//! Cranelift cannot embed assembler text in a function, so each such
//! statement becomes a call to a wrapper written in assembly, which the
//! backend assembles into the object (`ir::AssemblyFunction`):
//!
//! 1. the caller passes, as 64-bit integer arguments, the value of every
//!    register input (and of every `+` output), the address of every
//!    memory operand, and last the address of a buffer for the register
//!    outputs;
//! 2. the wrapper saves the callee-saved registers, spills its arguments
//!    to its frame, loads each operand's register from there, and runs the
//!    template with the operands substituted;
//! 3. it stores each register output into the buffer, restores the saved
//!    registers and returns; the caller stores the outputs into their
//!    lvalues.
//!
//! Every operand gets a register of its own (matching constraints share
//! their output's), which is always a valid choice. Because the statement
//! is a call, it is a barrier for memory accesses, as a `"memory"` clobber
//! asks, and it clobbers only what a call may. Supported constraints:
//! `r`, `q`, `R`, `Q`, `g` (as a register), `a`, `b`, `c`, `d`, `S`, `D`,
//! `m` (and `o`, `V`), immediates (`i`, `n`, `I`…`N`, `e`, `Z`), matching
//! digits and `[name]`s, with the `=`, `+`, `&` and `%` modifiers; the
//! operand modifiers `b`, `h`, `w`, `k`, `q`, `c`, `P` and `%=` in the
//! template. Floating-point, vector and x87 operands are not.

/// A general-purpose register, by its number in [`NAMES`].
pub type Reg = usize;

/// The names of each general-purpose register at 8, 16, 32 and 64 bits.
const NAMES: [[&str; 4]; 16] = [
    ["al", "ax", "eax", "rax"],
    ["cl", "cx", "ecx", "rcx"],
    ["dl", "dx", "edx", "rdx"],
    ["bl", "bx", "ebx", "rbx"],
    ["spl", "sp", "esp", "rsp"],
    ["bpl", "bp", "ebp", "rbp"],
    ["sil", "si", "esi", "rsi"],
    ["dil", "di", "edi", "rdi"],
    ["r8b", "r8w", "r8d", "r8"],
    ["r9b", "r9w", "r9d", "r9"],
    ["r10b", "r10w", "r10d", "r10"],
    ["r11b", "r11w", "r11d", "r11"],
    ["r12b", "r12w", "r12d", "r12"],
    ["r13b", "r13w", "r13d", "r13"],
    ["r14b", "r14w", "r14d", "r14"],
    ["r15b", "r15w", "r15d", "r15"],
];
const RSP: Reg = 4;
const RBP: Reg = 5;

/// The order in which free registers are handed to operands.
const POOL: [Reg; 14] = [0, 1, 2, 6, 7, 8, 9, 10, 11, 3, 12, 13, 14, 15];

/// The callee-saved registers the wrapper saves (besides `%rbp`).
const SAVED: [&str; 5] = ["rbx", "r12", "r13", "r14", "r15"];

/// The System V integer argument registers.
const ARGUMENT_REGISTERS: [&str; 6] = ["rdi", "rsi", "rdx", "rcx", "r8", "r9"];

/// Where an operand lives, as its constraint asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Any general-purpose register.
    AnyRegister,
    /// That register.
    Register(Reg),
    /// Memory: the template sees `(%reg)` with the address in `reg`.
    Memory,
    /// An integer constant, substituted into the template.
    Immediate,
    /// The same place as output operand number N.
    Tied(usize),
}

/// A constraint, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Constraint {
    pub place: Place,
    /// `+`: the output is also an input.
    pub in_out: bool,
    /// `[name]` of a matching input constraint, resolved by the caller.
    pub tied_name: Option<String>,
}

/// Reads a constraint string (`"=&r"`, `"+m"`, `"0"`, `"[out]"`, `"rm"`).
/// Only the first alternative of a multi-alternative constraint counts.
pub fn parse_constraint(text: &str) -> Result<Constraint, String> {
    let text = text.split(',').next().unwrap_or("");
    let in_out = text.contains('+');
    let letters: String = text.chars().filter(|c| !matches!(c, '=' | '+' | '&' | '%' | '*' | '?' | '!')).collect();
    if let Some(name) = letters.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
        return Ok(Constraint { place: Place::Tied(usize::MAX), in_out, tied_name: Some(name.to_string()) });
    }
    if let Ok(n) = letters.parse::<usize>() {
        return Ok(Constraint { place: Place::Tied(n), in_out, tied_name: None });
    }
    let specific = |c: char| match c {
        'a' => Some(0),
        'c' => Some(1),
        'd' => Some(2),
        'b' => Some(3),
        'S' => Some(6),
        'D' => Some(7),
        _ => None,
    };
    let mut place = None;
    for c in letters.chars() {
        let this = match c {
            'r' | 'q' | 'R' | 'Q' | 'g' | 'l' => Place::AnyRegister,
            'm' | 'o' | 'V' => Place::Memory,
            'i' | 'n' | 'I' | 'J' | 'K' | 'L' | 'M' | 'N' | 'e' | 'Z' => Place::Immediate,
            _ => match specific(c) {
                Some(reg) => Place::Register(reg),
                None => return Err(format!("asm operand constraint '{c}'")),
            },
        };
        // A register beats memory and immediates among alternatives
        // written together (`"rm"`, `"ri"`, `"g"`).
        place = match (place, this) {
            (None, p) => Some(p),
            (Some(Place::Memory | Place::Immediate), p @ (Place::AnyRegister | Place::Register(_))) => Some(p),
            (p, _) => p,
        };
    }
    let place = place.ok_or_else(|| format!("asm operand constraint \"{text}\""))?;
    Ok(Constraint { place, in_out, tied_name: None })
}

/// The register named by a clobber (`"ebx"`, `"%r12"`, `"cl"`), if any.
pub fn clobbered_register(name: &str) -> Option<Reg> {
    let name = name.trim_start_matches('%');
    let high = ["ah", "ch", "dh", "bh"].iter().position(|&h| h == name);
    NAMES.iter().position(|sizes| sizes.contains(&name)).or(high.map(|i| [0, 1, 2, 3][i]))
}

/// An operand of the statement, as the wrapper sees it.
#[derive(Clone, Debug)]
pub struct Operand {
    pub place: Place,
    /// The operand's size in bytes (1, 2, 4 or 8), which picks the
    /// register name `%N` stands for.
    pub size: u32,
    /// The constant of an immediate operand.
    pub constant: Option<i64>,
    /// The operand's `[name]`.
    pub name: Option<String>,
    /// An output (stored back after the template).
    pub output: bool,
    /// Its value (or address, for memory) arrives as an argument.
    pub has_argument: bool,
}

/// Where an asm statement is in the user's source: its template's lines
/// are marked with it (GAS's `# LINE "FILE" 1` line markers, as gcc
/// writes them around `#APP`), so that the assembler reports an error in
/// the template at the user's file and line rather than in a scratch file.
pub struct Origin<'a> {
    pub file: &'a str,
    pub line: u32,
}

impl Origin<'_> {
    /// The line marker that starts the template's lines.
    fn marker(&self) -> String {
        let file = self.file.replace('\\', "\\\\").replace('"', "\\\"");
        format!("# {} \"{file}\" 1", self.line)
    }
}

/// The marker that ends the template's lines, returning to the wrapper's
/// own file.
const END_OF_TEMPLATE: &str = "# 0 \"\" 2";

/// The wrapper of a statement: its assembler text.
#[derive(Debug)]
pub struct Wrapper {
    pub text: String,
}

/// Writes the wrapper `symbol` for `template` with `operands` (outputs
/// first, in the statement's numbering) and `clobbers`. Arguments arrive
/// in the order of the operands that have one, then the output buffer's
/// address if any operand is a register output.
pub fn write_wrapper(symbol: &str, template: &str, origin: Option<&Origin>, operands: &[Operand], clobbers: &[Reg], unique: u64) -> Result<Wrapper, String> {
    if clobbers.iter().any(|&r| r == RSP || r == RBP) {
        return Err("an asm statement that clobbers %rsp or %rbp".into());
    }
    // Registers: explicit ones first, then the others from the pool.
    let mut registers: Vec<Option<Reg>> = vec![None; operands.len()];
    let mut taken: Vec<Reg> = clobbers.to_vec();
    for (i, op) in operands.iter().enumerate() {
        if let Place::Register(reg) = op.place {
            if taken.contains(&reg) && !operands[..i].iter().any(|o| o.place == Place::Register(reg)) {
                return Err(format!("asm operand {i} asks for %{}, which the statement clobbers", NAMES[reg][3]));
            }
            registers[i] = Some(reg);
            taken.push(reg);
        }
    }
    for (i, op) in operands.iter().enumerate() {
        if matches!(op.place, Place::AnyRegister | Place::Memory) {
            let reg = POOL.iter().copied().find(|r| !taken.contains(r)).ok_or("an asm statement needs more registers than x86-64 has")?;
            registers[i] = Some(reg);
            taken.push(reg);
        }
    }
    for (i, op) in operands.iter().enumerate() {
        if let Place::Tied(n) = op.place {
            registers[i] = *registers.get(n).ok_or_else(|| format!("asm operand {i} is tied to operand {n}, which does not exist"))?;
        }
    }
    let outputs: Vec<usize> = (0..operands.len()).filter(|&i| operands[i].output && operands[i].place != Place::Memory).collect();
    let arguments: Vec<usize> = (0..operands.len()).filter(|&i| operands[i].has_argument).collect();
    let argument_count = arguments.len() + usize::from(!outputs.is_empty());
    // Frame: %rbp, five saved registers, then one slot per register
    // argument, keeping %rsp 16-byte aligned.
    let in_registers = argument_count.min(6);
    let mut frame = 8 * in_registers;
    if (40 + frame) % 16 != 0 {
        frame += 8;
    }
    let slot = |k: usize| if k < 6 { format!("-{}(%rbp)", 48 + 8 * k) } else { format!("{}(%rbp)", 16 + 8 * (k - 6)) };
    let mut text = String::new();
    let header = format!("\t.text\n\t.p2align 4\n\t.globl {symbol}\n\t.hidden {symbol}\n\t.type {symbol}, @function\n{symbol}:\n");
    instruction(&mut text, "pushq %rbp");
    instruction(&mut text, "movq %rsp, %rbp");
    for reg in SAVED {
        instruction(&mut text, format!("pushq %{reg}"));
    }
    if frame > 0 {
        instruction(&mut text, format!("subq ${frame}, %rsp"));
    }
    for k in 0..in_registers {
        instruction(&mut text, format!("movq %{}, {}", ARGUMENT_REGISTERS[k], slot(k)));
    }
    for (k, &i) in arguments.iter().enumerate() {
        let reg = registers[i].ok_or_else(|| format!("asm operand {i} has an argument but no register"))?;
        instruction(&mut text, format!("movq {}, %{}", slot(k), NAMES[reg][3]));
    }
    instruction(&mut text, "# the asm statement");
    let body = substitute(template, operands, &registers, unique)?;
    if let Some(origin) = origin {
        text.push_str(&origin.marker());
        text.push('\n');
    }
    for l in body.lines() {
        instruction(&mut text, l.trim());
    }
    if origin.is_some() {
        text.push_str(END_OF_TEMPLATE);
        text.push('\n');
    }
    if !outputs.is_empty() {
        let output_registers: Vec<Reg> = outputs.iter().filter_map(|&i| registers[i]).collect();
        let scratch = POOL.iter().copied().find(|r| !output_registers.contains(r)).ok_or("no register is left for the asm outputs' buffer")?;
        instruction(&mut text, format!("movq {}, %{}", slot(arguments.len()), NAMES[scratch][3]));
        for (k, &i) in outputs.iter().enumerate() {
            let reg = registers[i].ok_or_else(|| format!("asm output {i} has no register"))?;
            instruction(&mut text, format!("movq %{}, {}(%{})", NAMES[reg][3], 8 * k, NAMES[scratch][3]));
        }
    }
    instruction(&mut text, "leaq -40(%rbp), %rsp");
    for reg in SAVED.iter().rev() {
        instruction(&mut text, format!("popq %{reg}"));
    }
    instruction(&mut text, "popq %rbp");
    instruction(&mut text, "ret");
    instruction(&mut text, format!(".size {symbol}, .-{symbol}"));
    Ok(Wrapper { text: header + &text })
}

/// Appends one indented line of assembly to `text`.
fn instruction(text: &mut String, line: impl AsRef<str>) {
    text.push('\t');
    text.push_str(line.as_ref());
    text.push('\n');
}

/// The template with `%N`, `%[name]`, `%%`, `%=` and the operand
/// modifiers replaced, and `{att|intel}` dialect alternatives resolved to
/// AT&T.
fn substitute(template: &str, operands: &[Operand], registers: &[Option<Reg>], unique: u64) -> Result<String, String> {
    let mut out = String::new();
    let chars: Vec<char> = template.chars().collect();
    let mut i = 0;
    let mut dialect_depth = 0;
    let mut skipping = false;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '{' => {
                dialect_depth += 1;
                i += 1;
                continue;
            }
            '|' if dialect_depth > 0 => {
                skipping = true;
                i += 1;
                continue;
            }
            '}' if dialect_depth > 0 => {
                dialect_depth -= 1;
                skipping = false;
                i += 1;
                continue;
            }
            _ if skipping => {
                i += 1;
                continue;
            }
            '%' => {}
            _ => {
                out.push(c);
                i += 1;
                continue;
            }
        }
        i += 1;
        let Some(&next) = chars.get(i) else { return Err("an asm template ends with '%'".into()) };
        match next {
            '%' | '{' | '}' | '|' => {
                out.push(next);
                i += 1;
                continue;
            }
            '=' => {
                out.push_str(&unique.to_string());
                i += 1;
                continue;
            }
            _ => {}
        }
        let modifier = if next.is_ascii_alphabetic() {
            i += 1;
            Some(next)
        } else {
            None
        };
        let index = match chars.get(i) {
            Some('[') => {
                let end = chars[i..].iter().position(|&c| c == ']').ok_or("an unterminated %[name] in an asm template")? + i;
                let name: String = chars[i + 1..end].iter().collect();
                i = end + 1;
                operands.iter().position(|o| o.name.as_deref() == Some(name.as_str())).ok_or_else(|| format!("no asm operand is named [{name}]"))?
            }
            Some(d) if d.is_ascii_digit() => {
                let start = i;
                while chars.get(i).is_some_and(|c| c.is_ascii_digit()) {
                    i += 1;
                }
                chars[start..i].iter().collect::<String>().parse::<usize>().map_err(|e| e.to_string())?
            }
            _ => return Err(format!("'%{}' in an asm template", modifier.map(String::from).unwrap_or_default())),
        };
        let op = operands.get(index).ok_or_else(|| format!("the asm template names operand {index}, which does not exist"))?;
        out.push_str(&operand_text(op, registers[index], modifier)?);
    }
    Ok(out)
}

/// How the template spells operand `op` with `modifier`.
fn operand_text(op: &Operand, reg: Option<Reg>, modifier: Option<char>) -> Result<String, String> {
    if let Some(k) = op.constant {
        return Ok(match modifier {
            Some('c' | 'P') => k.to_string(),
            _ => format!("${k}"),
        });
    }
    let reg = reg.ok_or("an asm operand without a place")?;
    if op.place == Place::Memory {
        return Ok(format!("(%{})", NAMES[reg][3]));
    }
    let size = match modifier {
        None => op.size,
        Some('b') => 1,
        Some('w') => 2,
        Some('k') => 4,
        Some('q') => 8,
        Some('h') => {
            let high = ["ah", "ch", "dh", "bh"];
            return high.get(reg).map(|h| format!("%{h}")).ok_or_else(|| format!("%h of %{}", NAMES[reg][3]));
        }
        Some(m) => return Err(format!("the asm operand modifier '%{m}'")),
    };
    let column = match size {
        1 => 0,
        2 => 1,
        4 => 2,
        _ => 3,
    };
    Ok(format!("%{}", NAMES[reg][column]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn register(size: u32, output: bool, place: Place) -> Operand {
        Operand { place, size, constant: None, name: None, output, has_argument: !output }
    }

    #[test]
    fn constraints_read_as_gcc_does() {
        assert_eq!(parse_constraint("=r").unwrap().place, Place::AnyRegister);
        assert_eq!(parse_constraint("=&a").unwrap().place, Place::Register(0));
        let in_out = parse_constraint("+m").unwrap();
        assert_eq!((in_out.place, in_out.in_out), (Place::Memory, true));
        assert_eq!(parse_constraint("0").unwrap().place, Place::Tied(0));
        assert_eq!(parse_constraint("rm").unwrap().place, Place::AnyRegister);
        assert_eq!(parse_constraint("ir").unwrap().place, Place::AnyRegister);
        assert_eq!(parse_constraint("n").unwrap().place, Place::Immediate);
        assert_eq!(parse_constraint("D").unwrap().place, Place::Register(7));
        assert_eq!(parse_constraint("[out]").unwrap().tied_name.as_deref(), Some("out"));
        assert!(parse_constraint("x").is_err());
        assert!(parse_constraint("=t").is_err());
        assert_eq!(clobbered_register("%ebx"), Some(3));
        assert_eq!(clobbered_register("r12d"), Some(12));
        assert_eq!(clobbered_register("memory"), None);
    }

    #[test]
    fn operands_get_registers_names_and_sizes() {
        // asm("addl %2, %0 ; movb %b1, %h1" : "=r"(x), "+a"(y) : "ri"(z))
        let operands = [register(4, true, Place::AnyRegister), Operand { has_argument: true, ..register(8, true, Place::Register(0)) }, register(4, false, Place::AnyRegister)];
        let wrapper = write_wrapper("w", "addl %2, %0 ; movb %b1, %h1 ; %% %=", None, &operands, &[1], 7).unwrap();
        // rax is asked for, rcx clobbered: the others take rdx and rsi.
        assert!(wrapper.text.contains("\taddl %esi, %edx ; movb %al, %ah ; % 7\n"), "{}", wrapper.text);
        // Arguments: y in %rdi, z in %rsi, the buffer in %rdx.
        assert!(wrapper.text.contains("movq -48(%rbp), %rax\n\tmovq -56(%rbp), %rsi\n"), "{}", wrapper.text);
        assert!(wrapper.text.contains("movq -64(%rbp), %rcx\n\tmovq %rdx, 0(%rcx)\n\tmovq %rax, 8(%rcx)\n"), "{}", wrapper.text);
    }

    #[test]
    fn memory_immediates_names_and_dialects() {
        let operands = [
            Operand { name: Some("dst".into()), has_argument: true, ..register(4, true, Place::Memory) },
            Operand { has_argument: true, ..register(4, true, Place::Memory) },
            Operand { constant: Some(12), has_argument: false, ..register(4, false, Place::Immediate) },
        ];
        let wrapper = write_wrapper("w", "{movl %2, %[dst]|mov dst, 12}; incl %1; .long %c2", None, &operands, &[], 0).unwrap();
        assert!(wrapper.text.contains("\tmovl $12, (%rax); incl (%rcx); .long 12\n"), "{}", wrapper.text);
        assert!(write_wrapper("w", "nop", None, &operands, &[5], 0).is_err());
        assert!(write_wrapper("w", "movl %5, %eax", None, &operands, &[], 0).is_err());
    }

    #[test]
    fn template_lines_carry_the_statements_line_marker() {
        let origin = Origin { file: "dir/a \"b\".c", line: 12 };
        let wrapper = write_wrapper("w", "nop\n\tpause", Some(&origin), &[], &[], 0).unwrap();
        let expected = "# 12 \"dir/a \\\"b\\\".c\" 1\n\tnop\n\tpause\n# 0 \"\" 2\n";
        assert!(wrapper.text.contains(expected), "{}", wrapper.text);
        // The wrapper's own lines stay outside the markers.
        assert!(wrapper.text.find("pushq %rbp").unwrap() < wrapper.text.find("# 12").unwrap());
        assert!(wrapper.text.find("# 0 \"\" 2").unwrap() < wrapper.text.find("\tret\n").unwrap());
    }
}
