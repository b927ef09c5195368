#!/usr/bin/python3
"""Writes regex-javascript.json: random patterns of the syntax BaseRegex reads, over random short
texts, with what JavaScript (Debian's node) answers for test, replace and split.

    /usr/bin/python3 Tests/BasesTests/Fixtures/regex-javascript.py

RegexTests compares BaseRegex with every case. A fixed seed: the file changes only when this
script does.
"""
import json, os, random, subprocess

random.seed(20261206)
ATOMS = ["a", "b", "c", " ", "-", ".", "[ab]", "[^a]", "[a-c]", "\\d", "\\w", "\\s", "\\W", "[\\d-]", "A"]
ASSERTIONS = ["^", "$", "\\b", "\\B"]


def pattern(depth=0):
    parts = []
    for _ in range(random.randint(1, 3)):
        roll = random.random()
        if roll < 0.12 and depth < 3:
            inner = pattern(depth + 1)
            item = random.choice(["(%s)", "(?:%s)"]) % inner
        elif roll < 0.2:
            item = random.choice(ASSERTIONS)
            parts.append(item)
            continue
        else:
            item = random.choice(ATOMS)
        if random.random() < 0.4:
            item += random.choice(["*", "+", "?", "{1,2}", "{2}", "{0,1}", "{1,}"])
            if random.random() < 0.25:
                item += "?"
        parts.append(item)
    text = "".join(parts)
    if depth < 2 and random.random() < 0.2:
        text += "|" + pattern(depth + 1)
    return text


def text():
    return "".join(random.choice("aabbcA1- \n") for _ in range(random.randint(0, 12)))


cases = []
for _ in range(600):
    cases.append({"pattern": pattern(), "flags": random.choice(["", "g", "i", "gi", "m", "gm", "s", "g"]),
                  "text": text()})

script = r"""
const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));
for (const c of cases) {
  const make = () => new RegExp(c.pattern, c.flags);
  c.test = make().test(c.text);
  c.replace = c.text.replace(make(), "<$&|$1>");
  c.split = c.text.split(make()).map(x => x === undefined ? null : x);
}
process.stdout.write(JSON.stringify(cases, null, 0));
"""
result = subprocess.run(["node", "-e", script], input=json.dumps(cases), capture_output=True, text=True, check=True)
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "regex-javascript.json")
with open(out, "w") as handle:
    handle.write(result.stdout.replace("},{", "},\n{") + "\n")
