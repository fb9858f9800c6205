//! `annotate --html DIR`: a static report of a profile over its source
//! files. `index.html` lists the files (lines run, coverage, the hottest
//! line) and every function sorted by its hottest block, linking to one
//! page per file: its lines with their counts, shaded by count, and the
//! branch percentages under each branch's line, then a section per
//! function with gcov's summary, its CFG drawn as SVG with every count
//! (`cfg_svg.rs`) and, for a path profile, its hottest paths. The pages
//! hold their style inline and use no script, so the directory can be
//! opened from disk or copied anywhere.

use super::annotate::{branch_outcomes, count_marker, function_summary, path_lines, path_share, paths_heading, AnnotatedFile, AnnotatedFunction};
use super::cfg_svg::cfg_svg;
use super::dot::unique_stem;
use super::html::{escape, heat_colour, page};
use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::Path;

/// Writes `index.html` and one page per file into `dir`.
pub fn write_report(dir: &Path, profile: &Path, files: &[AnnotatedFile], paths: usize) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|error| format!("{}: {error}", dir.display()))?;
    let mut taken = HashSet::from(["index".to_string()]);
    let pages: Vec<String> = files.iter().map(|file| format!("{}.html", unique_stem(&file.path.display().to_string(), &mut taken))).collect();
    let anchors: Vec<Vec<String>> = files.iter().map(function_anchors).collect();
    let write = |name: &str, text: String| {
        let path = dir.join(name);
        std::fs::write(&path, text).map_err(|error| format!("{}: {error}", path.display()))
    };
    write("index.html", index(profile, files, &pages, &anchors))?;
    for ((file, page_name), anchors) in files.iter().zip(&pages).zip(&anchors) {
        write(page_name, file_page(profile, file, anchors, paths))?;
    }
    Ok(())
}

/// A distinct anchor per function of `file`.
fn function_anchors(file: &AnnotatedFile) -> Vec<String> {
    let mut taken = HashSet::new();
    file.functions.iter().map(|function| format!("fn-{}", unique_stem(function.c_name(), &mut taken))).collect()
}

/// The index: files, then functions hottest first.
fn index(profile: &Path, files: &[AnnotatedFile], pages: &[String], anchors: &[Vec<String>]) -> String {
    let mut body = String::new();
    body.push_str("<h2>Files</h2>\n<table id=\"files\">\n<tr><th>File</th><th>Lines run</th><th>Coverage</th><th>Hottest line</th></tr>\n");
    for (file, page_name) in files.iter().zip(pages) {
        let (run, with_code) = file.coverage();
        let hottest = file.lines.iter().max_by_key(|(&line, count)| (count.count, std::cmp::Reverse(line)));
        let hottest = hottest.map(|(line, count)| format!("<a href=\"{page_name}#L{line}\">line {line}</a>: {}", count.count)).unwrap_or_default();
        let _ = writeln!(
            body,
            "<tr><td><a href=\"{page_name}\">{}</a></td><td class=\"num\">{run} of {with_code}</td><td class=\"num\">{:.1}%</td><td>{hottest}</td></tr>",
            escape(&file.path.display().to_string()),
            if with_code == 0 { 0.0 } else { 100.0 * run as f64 / with_code as f64 }
        );
    }
    body.push_str("</table>\n<h2>Functions</h2>\n<table id=\"functions\">\n<tr><th>Function</th><th>File</th><th>Calls</th><th>Hottest block</th><th>Blocks run</th></tr>\n");
    let mut functions: Vec<(&AnnotatedFunction, &AnnotatedFile, &String, &String)> = Vec::new();
    for ((file, page_name), anchors) in files.iter().zip(pages).zip(anchors) {
        functions.extend(file.functions.iter().zip(anchors).map(|(function, anchor)| (function, file, page_name, anchor)));
    }
    // A stable sort keeps the profile's order among equally hot functions.
    functions.sort_by_key(|(function, ..)| std::cmp::Reverse(function.counts.hotness()));
    for (function, file, page_name, anchor) in functions {
        let (executed, blocks) = function.blocks_executed();
        let _ = writeln!(
            body,
            "<tr><td><a href=\"{page_name}#{anchor}\">{}</a></td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{executed} of {blocks}</td></tr>",
            escape(&function.counts.name),
            escape(&file.path.display().to_string()),
            function.counts.counts.entries,
            function.counts.hotness()
        );
    }
    body.push_str("</table>\n");
    page(&format!("Profile {}", profile.display()), &body)
}

/// One file's page: its annotated lines, then its functions.
fn file_page(profile: &Path, file: &AnnotatedFile, anchors: &[String], paths: usize) -> String {
    let mut body = String::new();
    let _ = writeln!(body, "<p><a href=\"index.html\">Index</a> &#183; profile <code>{}</code></p>", escape(&profile.display().to_string()));
    let hottest = file.lines.values().map(|line| line.count).max().unwrap_or(0);
    body.push_str("<table class=\"source\">\n<tr><th>Count</th><th>Line</th><th>Source</th></tr>\n");
    for (index, text) in file.text.iter().enumerate() {
        let line = index as u32 + 1;
        let count = file.lines.get(&line);
        let (class, style) = match count {
            Some(c) if c.count == 0 => (" class=\"unrun\"", format!(" style=\"background:{}\"", heat_colour(0, hottest))),
            Some(c) => ("", format!(" style=\"background:{}\"", heat_colour(c.count, hottest))),
            None => ("", String::new()),
        };
        let _ = writeln!(
            body,
            "<tr id=\"L{line}\"{class}{style}><td class=\"count\">{}</td><td class=\"line\">{line}</td><td class=\"text\">{}</td></tr>",
            escape(&count_marker(count)),
            escape(text)
        );
        let outcomes: Vec<String> = file.branches.get(&line).into_iter().flatten().flat_map(branch_outcomes).collect();
        if !outcomes.is_empty() {
            let listed: Vec<String> = outcomes.iter().enumerate().map(|(number, outcome)| format!("branch {number} {outcome}")).collect();
            let _ = writeln!(body, "<tr class=\"branches\"><td></td><td></td><td>{}</td></tr>", escape(&listed.join("; ")));
        }
    }
    body.push_str("</table>\n");
    for (function, anchor) in file.functions.iter().zip(anchors) {
        function_section(&mut body, function, anchor, paths);
    }
    page(&file.path.display().to_string(), &body)
}

/// A function's section: summary, CFG and hottest paths.
fn function_section(body: &mut String, function: &AnnotatedFunction, anchor: &str, paths: usize) {
    let _ = writeln!(
        body,
        "<section class=\"function\" id=\"{anchor}\">\n<h2 title=\"{}\">{}</h2>",
        escape(&function.counts.name),
        escape(function.c_name())
    );
    let at = function.lines.first_line.map(|line| format!(" (<a href=\"#L{line}\">line {line}</a>)")).unwrap_or_default();
    let _ = writeln!(body, "<p>{}{at}</p>", escape(&function_summary(function)));
    let lines = function.counts.descriptor.source_lines.as_ref().map(|source| source.blocks.as_slice()).unwrap_or(&[]);
    body.push_str(&cfg_svg(&function.counts, lines, anchor));
    let hottest = function.hottest_paths(paths);
    if !hottest.is_empty() {
        let _ = writeln!(
            body,
            "<p>{}</p>\n<table class=\"paths\">\n<tr><th>Count</th><th>Share</th><th>Path</th><th>Lines</th></tr>",
            escape(&paths_heading(function, hottest.len()))
        );
        for path in &hottest {
            let _ = writeln!(
                body,
                "<tr><td class=\"num\">{}</td><td class=\"num\">{:.1}%</td><td>{} from {} to {}</td><td>{}</td></tr>",
                path.count,
                path_share(function, path),
                path.number,
                path.start,
                path.end,
                escape(&path_lines(path))
            );
        }
        body.push_str("</table>\n");
    }
    body.push_str("</section>\n");
}
