//! The prototypes GCC gives C library functions that a program calls
//! without declaring them (GCC's implicit built-in declarations): C89's
//! implicit `int f()` would truncate `malloc`'s pointer and read `sqrt`'s
//! `double` from the wrong register, so, as GCC does (with its
//! "incompatible implicit declaration of built-in function" warning), an
//! undeclared call to one of these functions uses the real prototype.

use crate::types::{CType, FuncType, IntKind};
use std::rc::Rc;

/// The prototype of the library function `name`, if GCC knows it as a
/// built-in.
pub fn library_prototype(name: &str) -> Option<FuncType> {
    let void_ptr = || CType::pointer_to(CType::Void);
    let char_ptr = || CType::pointer_to(CType::CHAR);
    let size = || CType::ULONG;
    let int = || CType::INT;
    let double = || CType::Double;
    let proto = |ret: CType, params: Vec<CType>, variadic: bool| Some(FuncType { ret, params, variadic, unprototyped: false });
    match name {
        "malloc" => proto(void_ptr(), vec![size()], false),
        "calloc" => proto(void_ptr(), vec![size(), size()], false),
        "realloc" => proto(void_ptr(), vec![void_ptr(), size()], false),
        "free" => proto(CType::Void, vec![void_ptr()], false),
        "memcpy" | "memmove" => proto(void_ptr(), vec![void_ptr(), void_ptr(), size()], false),
        "memset" => proto(void_ptr(), vec![void_ptr(), int(), size()], false),
        "memcmp" => proto(int(), vec![void_ptr(), void_ptr(), size()], false),
        "memchr" => proto(void_ptr(), vec![void_ptr(), int(), size()], false),
        "strlen" => proto(size(), vec![char_ptr()], false),
        "strcpy" | "strcat" => proto(char_ptr(), vec![char_ptr(), char_ptr()], false),
        "strncpy" | "strncat" => proto(char_ptr(), vec![char_ptr(), char_ptr(), size()], false),
        "strchr" | "strrchr" => proto(char_ptr(), vec![char_ptr(), int()], false),
        "strstr" => proto(char_ptr(), vec![char_ptr(), char_ptr()], false),
        "strdup" => proto(char_ptr(), vec![char_ptr()], false),
        "strcmp" => proto(int(), vec![char_ptr(), char_ptr()], false),
        "strncmp" => proto(int(), vec![char_ptr(), char_ptr(), size()], false),
        "printf" | "scanf" => proto(int(), vec![char_ptr()], true),
        "sprintf" | "sscanf" => proto(int(), vec![char_ptr(), char_ptr()], true),
        "snprintf" => proto(int(), vec![char_ptr(), size(), char_ptr()], true),
        "fprintf" | "fscanf" => proto(int(), vec![void_ptr(), char_ptr()], true),
        "puts" => proto(int(), vec![char_ptr()], false),
        "putchar" => proto(int(), vec![int()], false),
        "exit" | "_exit" => proto(CType::Void, vec![int()], false),
        "abort" => proto(CType::Void, vec![], false),
        "abs" => proto(int(), vec![int()], false),
        "labs" => proto(CType::LONG, vec![CType::LONG], false),
        "llabs" => proto(CType::Int(IntKind::LongLong), vec![CType::Int(IntKind::LongLong)], false),
        "atof" => proto(double(), vec![char_ptr()], false),
        "strtod" => proto(double(), vec![char_ptr(), CType::pointer_to(char_ptr())], false),
        "strtol" => proto(CType::LONG, vec![char_ptr(), CType::pointer_to(char_ptr()), int()], false),
        "strtoul" => proto(CType::ULONG, vec![char_ptr(), CType::pointer_to(char_ptr()), int()], false),
        _ => math_prototype(name),
    }
}

/// The `<math.h>` functions GCC knows as built-ins that take and return
/// one floating value, in their `double` forms.
const MATH_UNARY: &[&str] = &[
    "sqrt", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "exp", "exp2", "expm1",
    "log", "log10", "log2", "log1p", "fabs", "floor", "ceil", "round", "trunc", "rint", "nearbyint", "cbrt", "erf", "erfc", "tgamma",
    "lgamma",
];
/// Those that take two floating values and return one.
const MATH_BINARY: &[&str] = &["pow", "fmod", "atan2", "hypot", "fmin", "fmax", "copysign", "fdim", "remainder", "nextafter"];
/// Those of other shapes.
const MATH_OTHER: &[&str] = &["ldexp", "scalbn", "frexp", "lround", "lrint", "llround", "llrint"];

/// The prototype of a `<math.h>` built-in in its `double` (`sqrt`),
/// `float` (`sqrtf`) or `long double` (`sqrtl`) form.
fn math_prototype(name: &str) -> Option<FuncType> {
    let known = |base: &str| [MATH_UNARY, MATH_BINARY, MATH_OTHER].iter().any(|list| list.contains(&base));
    let (base, ty) = if known(name) {
        (name, CType::Double)
    } else if let Some(base) = name.strip_suffix('f').filter(|b| known(b)) {
        (base, CType::Float)
    } else {
        (name.strip_suffix('l').filter(|b| known(b))?, CType::LongDouble)
    };
    let params = if MATH_UNARY.contains(&base) || ["lround", "lrint", "llround", "llrint"].contains(&base) {
        vec![ty.clone()]
    } else if MATH_BINARY.contains(&base) {
        vec![ty.clone(), ty.clone()]
    } else if base == "frexp" {
        vec![ty.clone(), CType::pointer_to(CType::INT)]
    } else {
        vec![ty.clone(), CType::INT]
    };
    let ret = match base {
        "lround" | "lrint" => CType::LONG,
        "llround" | "llrint" => CType::Int(IntKind::LongLong),
        _ => ty,
    };
    Some(FuncType { ret, params, variadic: false, unprototyped: false })
}

/// The function type of an undeclared function `name`: its library
/// prototype, or C89's `int name()`.
pub fn implicit_function_type(name: &str) -> CType {
    let ft = library_prototype(name).unwrap_or(FuncType { ret: CType::INT, params: vec![], variadic: false, unprototyped: true });
    CType::Function(Rc::new(ft))
}
