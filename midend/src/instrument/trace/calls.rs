//! Which calls of a traced function write to the trace (see the module
//! comment of `instrument::trace`): a direct call of another traced
//! function of the module, whose witnesses follow, and an *opaque* call,
//! which writes RESUME when it returns because its callee may call traced
//! code back. Calls of C library functions that never call user code
//! write nothing, so that `printf` or `memcpy` costs no token; neither do
//! the runtime's and the compiler's own helpers, nor `setjmp`, whose
//! second returns the LANDING token describes. A `longjmp` is an opaque
//! call: regeneration then waits at it for the LANDING, instead of
//! following the CFG past a call that the compiler may not know never
//! returns.

use crate::analysis::cfg::Cfg;
use crate::ir::{Callee, Function, InstData};
use crate::profile::TracedCall;

/// The C library functions that never call back into the program (no
/// function pointer parameter, no `atexit` handlers, no signal handlers
/// run on their behalf), and `setjmp`/`longjmp`.
const WRITES_NOTHING: &[&str] = &[
    "printf", "fprintf", "sprintf", "snprintf", "vprintf", "vfprintf", "vsprintf", "vsnprintf", "puts", "fputs", "putchar", "fputc", "putc",
    "fwrite", "fread", "fgets", "fgetc", "getc", "getchar", "scanf", "sscanf", "fscanf", "fopen", "fclose", "fflush", "fseek", "ftell",
    "rewind", "feof", "ferror", "perror", "malloc", "calloc", "realloc", "free", "memcpy", "memmove", "memset", "memcmp", "memchr", "strlen",
    "strcmp", "strncmp", "strcpy", "strncpy", "strcat", "strncat", "strchr", "strrchr", "strstr", "strdup", "strtol", "strtoul", "strtoll",
    "strtoull", "strtod", "atoi", "atol", "atof", "abs", "labs", "llabs", "toupper", "tolower", "isalpha", "isdigit", "isspace", "isalnum",
    "isupper", "islower", "isprint", "isxdigit", "sqrt", "sin", "cos", "tan", "exp", "log", "log10", "pow", "fabs", "floor", "ceil", "fmod",
    "atan", "atan2", "sinh", "cosh", "tanh", "asin", "acos", "rand", "srand", "time", "clock", "getenv", "__errno_location", "setjmp",
    "_setjmp", "__sigsetjmp", "sigsetjmp", "__builtin_setjmp",
];

/// True when a call of `name` writes nothing to the trace.
pub fn writes_nothing(name: &str) -> bool {
    WRITES_NOTHING.contains(&name) || name.starts_with("__nisse") || name.starts_with("llvm.")
}

/// The calls of `func` (whose CFG before instrumentation is `cfg`) that
/// write to the trace, in block and then instruction order. `traced_callee`
/// gives the profile name of a directly called traced function of the
/// module, and `None` for any other name.
pub fn traced_calls(func: &Function, cfg: &Cfg, traced_callee: &impl Fn(&str) -> Option<String>) -> Vec<TracedCall> {
    let mut calls = Vec::new();
    for (b, &block) in cfg.blocks().iter().enumerate() {
        for (i, &inst) in func.blocks[block].insts.iter().enumerate() {
            let InstData::Call { callee, .. } = &func.insts[inst] else { continue };
            // A traced function of the module is followed whatever its
            // name, as the compiler's own `__nissecc_free_allocas` is.
            let callee = match callee {
                Callee::Direct(name) => match traced_callee(name) {
                    Some(profile_name) => Some(profile_name),
                    None if writes_nothing(name) => continue,
                    None => None,
                },
                Callee::Indirect(_) => None,
            };
            calls.push(TracedCall { block: b as u32, inst: i as u32, callee });
        }
    }
    calls
}
