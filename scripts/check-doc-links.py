#!/usr/bin/env python3
"""Checks the project's markdown: every relative link and #anchor in
README.md, ARCHITECTURE.md and docs/*.md resolves (GitHub's anchor rules:
lowercase, punctuation dropped, spaces become '-', repeats get '-1', '-2'),
and every path that ARCHITECTURE.md names in backquotes exists in the tree,
either whole or as the end of a tracked path (`lower/x87.rs`). Exits 1 on
any failure. Usage: scripts/check-doc-links.py [REPO]"""
import glob, os, re, subprocess, sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..'))


def anchors(path):
    """The anchors GitHub gives the headings of the markdown file `path`."""
    seen, out, fenced = {}, set(), False
    for line in open(path, encoding='utf-8'):
        if line.startswith('```'):
            fenced = not fenced
        m = None if fenced else re.match(r'^#{1,6}\s+(.*?)\s*#*\s*$', line)
        if m:
            slug = re.sub(r'[^\w\- ]', '', m.group(1).strip().lower()).replace(' ', '-')
            n = seen.get(slug, 0)
            seen[slug] = n + 1
            out.add(slug if n == 0 else f'{slug}-{n}')
    return out


def check_links(files):
    """The broken relative links of `files`, as messages."""
    broken = []
    for f in files:
        text = re.sub(r'```.*?```', '', open(f, encoding='utf-8').read(), flags=re.S)
        for target in re.findall(r'\[[^\]]*\]\(([^)\s]+)\)', text):
            if re.match(r'^[a-z]+:', target):
                continue
            path, _, frag = target.partition('#')
            resolved = os.path.normpath(os.path.join(os.path.dirname(f), path)) if path else f
            if not os.path.exists(resolved):
                broken.append(f'{os.path.relpath(f, ROOT)}: no file {target}')
            elif frag and (not resolved.endswith('.md') or frag not in anchors(resolved)):
                broken.append(f'{os.path.relpath(f, ROOT)}: no anchor {target}')
    return broken


def check_paths(f):
    """The paths that `f` names in backquotes and the tree lacks, as messages."""
    tracked = subprocess.run(['git', '-C', ROOT, 'ls-files'], capture_output=True, text=True).stdout.split()
    known = set(tracked) | {'/'.join(t.split('/')[:i]) for t in tracked for i in range(1, t.count('/') + 1)}
    missing = []
    for name in set(re.findall(r'`([^`\s]+)`', open(f, encoding='utf-8').read())):
        is_path = re.fullmatch(r'[\w.\-]+(/[\w.\-]*)+', name) and not re.search(r'\d/\d', name) and not name.startswith('-')
        if not (is_path or re.fullmatch(r'[\w\-]+\.(rs|py|c|nir|sh|md|toml)', name)):
            continue
        name = name.rstrip('/')
        if name in known or os.path.exists(os.path.join(ROOT, name)) or any(k.endswith('/' + name) for k in known):
            continue
        missing.append(f'{os.path.relpath(f, ROOT)}: no path {name}')
    return missing


files = [os.path.join(ROOT, 'README.md'), os.path.join(ROOT, 'ARCHITECTURE.md')] + sorted(glob.glob(os.path.join(ROOT, 'docs', '*.md')))
problems = check_links(files) + check_paths(os.path.join(ROOT, 'ARCHITECTURE.md'))
for p in problems:
    print(p)
print(f'{len(files)} files checked, {len(problems)} problems')
sys.exit(1 if problems else 0)
