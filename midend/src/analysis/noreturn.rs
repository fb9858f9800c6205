//! Which calls may not return: an interprocedural analysis over one module,
//! so that instrumentation pays for early-termination counts only where a
//! program can actually end (or `longjmp`) inside a call (Ball & Larus,
//! "Optimally Profiling and Tracing Programs", TOPLAS 1994, §3.2).
//!
//! A call's callee is classified as
//!
//! - **never returns**: `exit`, `abort`, `longjmp` and their kin; a defined
//!   function none of whose `return`s can be reached without passing a call
//!   that never returns (a greatest fixed point, so that mutual recursion
//!   with no way out counts as never returning, which it is);
//! - **returns**: the C library functions listed in [`KNOWN_TO_RETURN`];
//!   `qsort` and `bsearch` when their comparator is a function that
//!   returns; a defined function whose reachable calls all return (a least
//!   fixed point, so that plain recursion returns);
//! - **may not return**: everything else: an external function not in the
//!   lists (which includes a function that another translation unit
//!   defines, even one compiled by nissecc), a call through a function
//!   pointer, and a defined function that makes such a call.
//!
//! Only reachable blocks are considered. `setjmp` is treated as returning:
//! it always returns when called. Its second returns, after a `longjmp`,
//! are the flow graph's re-entry edges (`profile::flow_graph`), which
//! counting tells apart from its first by its result ([`SETJMP`]). The
//! other functions that return twice ([`OTHER_RETURNS_TWICE`]) give no
//! such sign, so instrumentation leaves the functions that call them out
//! of the profile.

use super::cfg::Cfg;
use crate::ir::{Block, Callee, Function, InstData, Module, Value, ValueDef};
use cranelift_entity::EntitySet;
use std::collections::HashMap;

/// What a call does to its caller's control flow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReturnBehaviour {
    /// The call always returns (or the program never stops inside it).
    Returns,
    /// The call may end the program or unwind past its caller.
    MayNotReturn,
    /// The call never returns normally.
    NeverReturns,
}

/// The `setjmp` family: each returns 0 when called, and a nonzero value
/// each time a `longjmp` to its buffer lands (C11 7.13.2.1p4: `longjmp`
/// with 0 makes it return 1).
pub const SETJMP: &[&str] = &["setjmp", "_setjmp", "sigsetjmp", "__sigsetjmp"];

/// Other functions that may return twice, whose results do not tell a
/// second return from the first (`getcontext` returns 0 both times;
/// `vfork` returns 0 in the child, which shares the frame, and may fail
/// without a child).
pub const OTHER_RETURNS_TWICE: &[&str] = &["savectx", "vfork", "getcontext"];

/// Whether a call of `name` may return twice (which keeps the caller's
/// locals in memory: `Function::calls_returns_twice`).
pub fn returns_twice(name: &str) -> bool {
    SETJMP.contains(&name) || OTHER_RETURNS_TWICE.contains(&name)
}

/// External functions that never return.
pub const NEVER_RETURN: &[&str] = &[
    "exit", "_exit", "_Exit", "quick_exit", "abort", "longjmp", "_longjmp", "siglongjmp", "__longjmp_chk",
    "__assert_fail", "__assert_perror_fail", "__stack_chk_fail", "__chk_fail", "pthread_exit", "err", "errx",
    "verr", "verrx",
];

/// External C library functions that always return to their caller.
pub const KNOWN_TO_RETURN: &[&str] = &[
    // stdio
    "printf", "fprintf", "sprintf", "snprintf", "vprintf", "vfprintf", "vsprintf", "vsnprintf", "puts", "fputs",
    "putchar", "putc", "fputc", "getchar", "getc", "fgetc", "fgets", "ungetc", "scanf", "sscanf", "fscanf",
    "fflush", "fopen", "fclose", "fread", "fwrite", "fseek", "ftell", "rewind", "feof", "ferror", "clearerr",
    "perror", "remove", "rename", "setvbuf", "setbuf", "tmpfile",
    // stdlib
    "malloc", "calloc", "realloc", "free", "aligned_alloc", "posix_memalign", "atoi", "atol", "atoll", "atof",
    "strtol", "strtoll", "strtoul", "strtoull", "strtod", "strtof", "strtold", "abs", "labs", "llabs", "div",
    "ldiv", "lldiv", "rand", "srand", "random", "srandom", "getenv", "atexit", "setenv", "unsetenv",
    // string and memory
    "memcpy", "memmove", "memset", "memcmp", "memchr", "strlen", "strnlen", "strcmp", "strncmp", "strcpy",
    "strncpy", "strcat", "strncat", "strchr", "strrchr", "strstr", "strspn", "strcspn", "strpbrk", "strtok",
    "strdup", "strndup", "strcoll", "strxfrm", "strerror", "strcasecmp", "strncasecmp",
    // ctype
    "isalnum", "isalpha", "isblank", "iscntrl", "isdigit", "isgraph", "islower", "isprint", "ispunct",
    "isspace", "isupper", "isxdigit", "tolower", "toupper", "__ctype_b_loc", "__ctype_tolower_loc",
    "__ctype_toupper_loc",
    // math
    "sqrt", "sqrtf", "fabs", "fabsf", "sin", "sinf", "cos", "cosf", "tan", "tanf", "asin", "acos", "atan",
    "atan2", "atan2f", "sinh", "cosh", "tanh", "exp", "expf", "exp2", "log", "logf", "log2", "log10", "pow",
    "powf", "floor", "floorf", "ceil", "ceilf", "round", "roundf", "trunc", "truncf", "fmod", "fmodf", "fmin",
    "fminf", "fmax", "fmaxf", "hypot", "copysign", "ldexp", "frexp", "modf", "cbrt", "lround", "llround",
    "rint", "nearbyint",
    // time, setjmp (see the module comment) and other system calls that return
    "time", "clock", "difftime", "mktime", "localtime", "gmtime", "strftime", "gettimeofday", "clock_gettime",
    "setjmp", "_setjmp", "sigsetjmp", "__sigsetjmp", "signal", "raise", "getpid", "sleep", "usleep",
    "write", "read", "open", "close",
];

/// The comparator argument of library functions that call back into the
/// program, by argument index.
const CALLBACK_ARGUMENT: &[(&str, usize)] = &[("qsort", 3), ("bsearch", 4)];

/// How every defined function of a module behaves, and thus its calls.
#[derive(Clone, Debug, Default)]
pub struct NoReturn {
    defined: HashMap<String, ReturnBehaviour>,
}

impl NoReturn {
    /// Analyses every function defined in `module`.
    pub fn compute(module: &Module) -> NoReturn {
        let cfgs: Vec<(&Function, Cfg)> = module
            .functions
            .iter()
            .filter(|f| !f.layout.is_empty())
            .map(|f| (f, Cfg::compute(f)))
            .collect();

        // Greatest fixed point of "never returns": start from every
        // function never returning and clear those that reach a return.
        let mut analysis = NoReturn {
            defined: cfgs.iter().map(|(f, _)| (f.name.clone(), ReturnBehaviour::NeverReturns)).collect(),
        };
        loop {
            let cleared: Vec<String> = cfgs
                .iter()
                .filter(|(f, cfg)| analysis.defined[&f.name] == ReturnBehaviour::NeverReturns && analysis.reaches_return(f, cfg))
                .map(|(f, _)| f.name.clone())
                .collect();
            if cleared.is_empty() {
                break;
            }
            for name in cleared {
                analysis.defined.insert(name, ReturnBehaviour::Returns);
            }
        }

        // Least fixed point of "may not return" among the others.
        loop {
            let changed: Vec<String> = cfgs
                .iter()
                .filter(|(f, cfg)| {
                    analysis.defined[&f.name] == ReturnBehaviour::Returns
                        && cfg.blocks().iter().flat_map(|&b| &f.blocks[b].insts).any(|&i| {
                            matches!(analysis.call(f, &f.insts[i]), Some(b) if b != ReturnBehaviour::Returns)
                        })
                })
                .map(|(f, _)| f.name.clone())
                .collect();
            if changed.is_empty() {
                break;
            }
            for name in changed {
                analysis.defined.insert(name, ReturnBehaviour::MayNotReturn);
            }
        }
        analysis
    }

    /// How a call to the function called `name` behaves.
    pub fn callee(&self, name: &str) -> ReturnBehaviour {
        if let Some(&behaviour) = self.defined.get(name) {
            behaviour
        } else if NEVER_RETURN.contains(&name) {
            ReturnBehaviour::NeverReturns
        } else if KNOWN_TO_RETURN.contains(&name) {
            ReturnBehaviour::Returns
        } else {
            ReturnBehaviour::MayNotReturn
        }
    }

    /// How the instruction `data` of `func` behaves if it is a call.
    pub fn call(&self, func: &Function, data: &InstData) -> Option<ReturnBehaviour> {
        let InstData::Call { callee, args, .. } = data else { return None };
        Some(match callee {
            Callee::Indirect(_) => ReturnBehaviour::MayNotReturn,
            Callee::Direct(name) => match CALLBACK_ARGUMENT.iter().find(|(n, _)| n == name) {
                Some(&(_, index)) => match args.get(index).and_then(|&v| function_address(func, v)) {
                    // The library may return without calling back.
                    Some(target) => match self.callee(target) {
                        ReturnBehaviour::Returns => ReturnBehaviour::Returns,
                        _ => ReturnBehaviour::MayNotReturn,
                    },
                    None => ReturnBehaviour::MayNotReturn,
                },
                None => self.callee(name),
            },
        })
    }

    /// True when a `return` of `func` is reachable without passing a call
    /// that (as far as the analysis knows yet) never returns.
    fn reaches_return(&self, func: &Function, cfg: &Cfg) -> bool {
        let mut seen: EntitySet<Block> = EntitySet::new();
        let Some(entry) = cfg.entry() else { return false };
        let mut stack = vec![entry];
        seen.insert(entry);
        while let Some(block) = stack.pop() {
            let mut cut = false;
            for &inst in &func.blocks[block].insts {
                match &func.insts[inst] {
                    InstData::Return { .. } => return true,
                    InstData::Call { callee: Callee::Direct(name), .. } if self.never_returns_by_name(name) => {
                        cut = true;
                        break;
                    }
                    _ => {}
                }
            }
            if cut {
                continue;
            }
            for succ in cfg.succ_blocks(block) {
                if seen.insert(succ) {
                    stack.push(succ);
                }
            }
        }
        false
    }

    fn never_returns_by_name(&self, name: &str) -> bool {
        self.callee(name) == ReturnBehaviour::NeverReturns
    }
}

/// The function whose address `value` is, when `func` computes it with a
/// `symbol_addr` of offset 0.
fn function_address(func: &Function, value: Value) -> Option<&str> {
    let ValueDef::Result(inst) = func.values[value].def else { return None };
    match &func.insts[inst] {
        InstData::SymbolAddr { symbol, offset: 0 } => Some(symbol),
        _ => None,
    }
}
