//! The pieces every page of `annotate --html` shares: escaping, the
//! colour of a count, and the page around a body, with its style sheet
//! inline so that the report needs nothing but its own files.

/// `text` with HTML's special characters escaped, for element content
/// and quoted attribute values alike.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The shade of a count relative to the hottest, on a logarithmic scale
/// (counts span orders of magnitude): never-run code is pale red, run code
/// goes from pale yellow to deep orange.
pub fn heat_colour(count: u64, hottest: u64) -> String {
    if count == 0 {
        return "#f6d0d0".to_string();
    }
    let heat = if hottest <= 1 { 1.0 } else { ((count as f64).ln_1p() / (hottest as f64).ln_1p()).clamp(0.0, 1.0) };
    // From hsl(55, 100%, 90%) to hsl(25, 100%, 60%).
    format!("hsl({:.0}, 100%, {:.0}%)", 55.0 - 30.0 * heat, 90.0 - 30.0 * heat)
}

const STYLE: &str = "body{font-family:sans-serif;margin:1.5em;color:#222}\
table{border-collapse:collapse}th,td{padding:2px 8px;text-align:left}\
th{background:#eee}.num{text-align:right;font-family:monospace}\
table.source td{padding:0 6px;font-family:monospace;white-space:pre;vertical-align:top}\
table.source td.count,table.source td.line{text-align:right;color:#444}\
tr.branches td{font-size:85%;color:#555}tr.unrun td.count{color:#b00;font-weight:bold}\
section.function{margin-top:2em;border-top:1px solid #ccc}svg.cfg{display:block;margin:1em 0}";

/// A complete page: `title` in the head and as the heading, then `body`.
pub fn page(title: &str, body: &str) -> String {
    let title = escape(title);
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{title}</h1>\n{body}</body>\n</html>\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_covers_markup_and_quotes() {
        assert_eq!(escape(r#"a<b && c>"d"'"#), "a&lt;b &amp;&amp; c&gt;&quot;d&quot;&#39;");
    }

    #[test]
    fn hotter_counts_are_darker() {
        assert_eq!(heat_colour(0, 10), "#f6d0d0");
        assert_eq!(heat_colour(10, 10), "hsl(25, 100%, 60%)");
        assert_ne!(heat_colour(1, 1000), heat_colour(1000, 1000));
    }
}
