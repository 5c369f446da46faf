#!/usr/bin/env bash
# Regenerates grammar/cases/lucene-8.7.jsonl: compiles grammar/scripts/lucene/LuceneCases.java,
# runs Lucene 8.7's classic QueryParser over grammar/cases/queries.txt and merges the
# deliberate differences from grammar/cases/differences.json. Needs Java and Debian's
# liblucene8-java; the test suite reads only the recorded file and needs neither.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cases="$root/grammar/cases"
build="$here/build"
jars="${LUCENE_JARS:-/usr/share/java}"
classpath="$jars/lucene-queryparser-8.7.0.jar:$jars/lucene-core-8.7.0.jar:$jars/lucene-analyzers-common-8.7.0.jar"

for jar in ${classpath//:/ }; do
  if [ ! -f "$jar" ]; then
    echo "lucene-cases: $jar not found." >&2
    echo "Install Lucene 8.7 with:  apt-get install liblucene8-java" >&2
    echo "(or point LUCENE_JARS at a folder holding the three lucene-*-8.7.0.jar files)" >&2
    exit 1
  fi
done
for tool in javac java node; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "lucene-cases: '$tool' not found; install a JDK (apt-get install default-jdk-headless) and Node.js." >&2
    exit 1
  fi
done

mkdir -p "$build"
javac -encoding UTF-8 -d "$build" -cp "$classpath" "$here/lucene/LuceneCases.java"

recorded="$(mktemp)"
trap 'rm -f "$recorded"' EXIT
java -Dfile.encoding=UTF-8 -cp "$build:$classpath" LuceneCases <"$cases/queries.txt" >"$recorded"
node "$here/lucene/merge-differences.mjs" "$recorded" "$cases/differences.json" >"$cases/lucene-8.7.jsonl"
echo "lucene-cases: wrote $(wc -l <"$cases/lucene-8.7.jsonl") cases to grammar/cases/lucene-8.7.jsonl"
