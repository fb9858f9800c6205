# Sourced by the scripts that fetch test suites from Debian's source
# packages. `fetch_debian_source URL SHA256 DIR` downloads URL into DIR
# (a scratch directory) and checks its SHA-256; it prints the file's path.
fetch_debian_source() {
    local url="$1" sha256="$2" dir="$3"
    local file="$dir/$(basename "$url")"
    curl -fsSL --retry 3 -o "$file" "$url"
    echo "$sha256  $file" | sha256sum --check --quiet
    echo "$file"
}
