//! The value-profile oracle: the value counts of a build with
//! `-fprofile-values` (the runtime's slots) against those of the naive
//! build, which counts every value in the runtime's hash table
//! (`-fprofile-values=naive`). Like naive edge counters for edges, the
//! hash table is the reference histogram, and it is checked itself
//! against the edge counters: every site's values add up to the site's
//! block count.

/// The slots a site has (`abi::VALUE_SLOTS`).
const VALUE_SLOTS: usize = 8;

/// `json` (`show --json` output) without its value sites, and the value
/// sites of each function that has them, by function name.
pub fn split_value_sites(json: &str) -> Result<(String, Vec<(String, serde_json::Value)>), String> {
    let mut document: serde_json::Value = serde_json::from_str(json).map_err(|e| format!("bad JSON: {e}"))?;
    let mut sites = Vec::new();
    for function in document["functions"].as_array_mut().ok_or("no functions in the JSON")? {
        let name = function["name"].as_str().unwrap_or("?").to_string();
        if let Some(value_sites) = function.as_object_mut().ok_or("a function is not an object")?.remove("value_sites") {
            sites.push((name, value_sites));
        }
    }
    Ok((format!("{document}\n"), sites))
}

/// One site's `(value, count)` pairs.
fn values(site: &serde_json::Value) -> Vec<(i64, u64)> {
    site["values"].as_array().into_iter().flatten().map(|v| (v["value"].as_i64().unwrap_or(0), v["count"].as_u64().unwrap_or(0))).collect()
}

/// Checks the value sites of the naive build (`reference`, from
/// [`split_value_sites`]) and of a build counting in slots (`slots`).
pub fn check_value_sites(reference: &[(String, serde_json::Value)], slots: &[(String, serde_json::Value)]) -> Result<(), String> {
    if reference.iter().map(|(name, _)| name).ne(slots.iter().map(|(name, _)| name)) {
        return Err("the builds profiled the values of different functions".into());
    }
    for ((name, naive_sites), (_, slot_sites)) in reference.iter().zip(slots) {
        let (naive_sites, slot_sites) = (naive_sites.as_array().ok_or("value_sites is not a list")?, slot_sites.as_array().ok_or("value_sites is not a list")?);
        if naive_sites.len() != slot_sites.len() {
            return Err(format!("`{name}`: {} value sites in the naive build, {} in the other", naive_sites.len(), slot_sites.len()));
        }
        for (naive, slot) in naive_sites.iter().zip(slot_sites) {
            let site = format!("`{name}` value site {}", naive["site"]);
            for key in ["site", "block", "kind", "executions"] {
                if naive[key] != slot[key] {
                    return Err(format!("{site}: {key} {} in the naive build, {} in the other", naive[key], slot[key]));
                }
            }
            // The hash table counts every value: they add up to the block
            // count, which the edge counters measured.
            if naive["uncounted"] != 0 {
                return Err(format!("{site}: the naive build left {} of {} runs uncounted", naive["uncounted"], naive["executions"]));
            }
            let (all, kept) = (values(naive), values(slot));
            if let Some(&(value, count)) = kept.iter().find(|pair| !all.contains(pair)) {
                return Err(format!("{site}: value {value} counted {count} times, but the naive build counted {:?}", all.iter().find(|p| p.0 == value)));
            }
            let expected = all.len().min(VALUE_SLOTS);
            if kept.len() != expected {
                return Err(format!("{site}: {} values kept of {} seen (expected {expected})", kept.len(), all.len()));
            }
        }
    }
    Ok(())
}
