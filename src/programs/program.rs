//! What each program is and how it is built: which files of the crate's
//! source directory it needs, which of our harness files join them, and
//! either the program's own Makefile target or the list of C files to
//! compile with the `-D` flags that the program's own build documents.

use super::sources::{harness_dir, Sources};
use std::path::PathBuf;

/// One of the four real programs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ProgramId {
    Bzip2,
    Zlib,
    Lua,
    Sqlite,
}

impl ProgramId {
    /// Every program, in the order reports list them.
    pub const ALL: [ProgramId; 4] = [ProgramId::Bzip2, ProgramId::Zlib, ProgramId::Lua, ProgramId::Sqlite];

    /// The short name used in directories, reports and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            ProgramId::Bzip2 => "bzip2",
            ProgramId::Zlib => "zlib",
            ProgramId::Lua => "lua",
            ProgramId::Sqlite => "sqlite",
        }
    }

    /// The program with the short name `name`.
    pub fn from_name(name: &str) -> Option<ProgramId> {
        ProgramId::ALL.into_iter().find(|id| id.name() == name)
    }
}

/// How a program is built.
#[derive(Clone, Debug)]
pub enum Recipe {
    /// `make -k CC=<compiler> CFLAGS='<flags> <cflags_suffix>' <target>`
    /// with the program's own Makefile. The suffix keeps what the Makefile
    /// puts in `CFLAGS` beyond warnings, debug information and optimization
    /// (for bzip2, `$(BIGFILES)`, which make expands to
    /// `-D_FILE_OFFSET_BITS=64`).
    Make { target: &'static str, cflags_suffix: &'static str },
    /// Every file of `units` compiled with `-c` and the flags, then all the
    /// objects linked with `libs`: for programs whose crate ships no usable
    /// Makefile.
    Files { units: Vec<String>, defines: Vec<&'static str>, libs: Vec<&'static str> },
}

/// A program: where its sources are, what the build copies into the
/// scratch directory, how it builds and which binary results.
#[derive(Clone, Debug)]
pub struct Program {
    pub id: ProgramId,
    /// The crate's directory holding the program's sources.
    pub source_dir: PathBuf,
    /// The files of `source_dir` the build copies (relative names); the
    /// build and the workloads see nothing else of it.
    pub source_files: Vec<String>,
    /// Our own files (absolute paths) copied beside them: the zlib driver,
    /// the Lua main, the SQLite driver.
    pub harness_files: Vec<PathBuf>,
    pub recipe: Recipe,
    /// The executable the build produces, relative to the build directory.
    pub binary: &'static str,
}

/// The zlib library's C files (its own Makefile's `OBJZ` and `OBJG`).
const ZLIB_UNITS: [&str; 15] = [
    "adler32.c", "crc32.c", "deflate.c", "infback.c", "inffast.c", "inflate.c", "inftrees.c", "trees.c", "zutil.c",
    "compress.c", "uncompr.c", "gzclose.c", "gzlib.c", "gzread.c", "gzwrite.c",
];

/// Lua 5.4's core and standard library C files (its Makefile's `CORE_O`
/// and `LIB_O`); `lua.c` and `luac.c` are not in the crate, and our own
/// `lua_main.c` replaces the former.
const LUA_UNITS: [&str; 32] = [
    "lapi.c", "lcode.c", "lctype.c", "ldebug.c", "ldo.c", "ldump.c", "lfunc.c", "lgc.c", "llex.c", "lmem.c",
    "lobject.c", "lopcodes.c", "lparser.c", "lstate.c", "lstring.c", "ltable.c", "ltm.c", "lundump.c", "lvm.c",
    "lzio.c", "lauxlib.c", "lbaselib.c", "lcorolib.c", "ldblib.c", "liolib.c", "lmathlib.c", "loadlib.c",
    "loslib.c", "lstrlib.c", "ltablib.c", "lutf8lib.c", "linit.c",
];

impl Program {
    /// The description of `id`, with its sources in `sources`.
    pub fn new(id: ProgramId, sources: &Sources) -> Program {
        let harness = harness_dir();
        match id {
            // bzip2's own Makefile builds libbz2.a and the bzip2 program.
            ProgramId::Bzip2 => Program {
                id,
                source_dir: sources.bzip2.clone(),
                source_files: list_files(&sources.bzip2, |name| {
                    name == "Makefile"
                        || name.ends_with(".c")
                        || name.ends_with(".h")
                        || name.starts_with("sample")
                        || name.starts_with("words")
                }),
                harness_files: Vec::new(),
                recipe: Recipe::Make { target: "bzip2", cflags_suffix: "$(BIGFILES)" },
                binary: "bzip2",
            },
            // zlib's build is `configure` + `Makefile.in`, neither of which
            // the crate ships. On Linux, configure adds
            // `-D_LARGEFILE64_SOURCE=1` (when off64_t exists, as in glibc)
            // and `-DHAVE_HIDDEN` (symbol visibility for the shared
            // library, irrelevant to a static link, so left out).
            ProgramId::Zlib => {
                let mut units: Vec<String> = ZLIB_UNITS.iter().map(|s| s.to_string()).collect();
                units.push("zlib_driver.c".into());
                Program {
                    id,
                    source_dir: sources.zlib.clone(),
                    source_files: list_files(&sources.zlib, |name| name.ends_with(".c") || name.ends_with(".h")),
                    harness_files: vec![harness.join("zlib_driver.c")],
                    recipe: Recipe::Files { units, defines: vec!["-D_LARGEFILE64_SOURCE=1"], libs: Vec::new() },
                    binary: "zlib_driver",
                }
            }
            // Lua's `src/Makefile` (not in the crate) compiles with
            // `-DLUA_COMPAT_5_3` and, for `make linux`, `-DLUA_USE_LINUX`,
            // and links with `-lm -ldl` (and `-Wl,-E`, which only matters
            // for loading C modules, which the workloads never do).
            ProgramId::Lua => {
                let mut units: Vec<String> = LUA_UNITS.iter().map(|s| s.to_string()).collect();
                units.push("lua_main.c".into());
                Program {
                    id,
                    source_dir: sources.lua.clone(),
                    source_files: list_files(&sources.lua, |name| name.ends_with(".c") || name.ends_with(".h")),
                    harness_files: vec![harness.join("lua_main.c")],
                    recipe: Recipe::Files {
                        units,
                        defines: vec!["-DLUA_COMPAT_5_3", "-DLUA_USE_LINUX"],
                        libs: vec!["-lm", "-ldl"],
                    },
                    binary: "lua_main",
                }
            }
            // SQLite's amalgamation, with our driver in place of the
            // command-line shell. "How To Compile SQLite" builds the shell
            // with `gcc shell.c sqlite3.c -lpthread -ldl -lm`, and drops
            // `-lpthread` with `-DSQLITE_THREADSAFE=0` (no mutexes: the
            // driver has one thread) and `-ldl` with
            // `-DSQLITE_OMIT_LOAD_EXTENSION` (no `sqlite3_load_extension`);
            // `-DSQLITE_ENABLE_MATH_FUNCTIONS` (the SQL functions `sqrt`,
            // `pi`, `ln`..., on libm) is what its configure script adds on
            // unix unless `--disable-math` is given.
            ProgramId::Sqlite => Program {
                id,
                source_dir: sources.sqlite.clone(),
                source_files: list_files(&sources.sqlite, |name| name == "sqlite3.c" || name == "sqlite3.h"),
                harness_files: vec![harness.join("sqlite_driver.c")],
                recipe: Recipe::Files {
                    units: vec!["sqlite3.c".into(), "sqlite_driver.c".into()],
                    defines: vec!["-DSQLITE_THREADSAFE=0", "-DSQLITE_OMIT_LOAD_EXTENSION", "-DSQLITE_ENABLE_MATH_FUNCTIONS"],
                    libs: vec!["-lm"],
                },
                binary: "sqlite_driver",
            },
        }
    }
}

/// The names of the regular files in `dir` that `keep` accepts, sorted.
fn list_files(dir: &std::path::Path, keep: impl Fn(&str) -> bool) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|entry| entry.ok())
                .filter(|entry| entry.file_type().is_ok_and(|t| t.is_file()))
                .filter_map(|entry| entry.file_name().into_string().ok())
                .filter(|name| keep(name))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}
