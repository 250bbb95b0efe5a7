// The quick start, built from docs/tutorial/quick-start.md as printed: "mvn -B verify" passed both tests,
// nothing aborted, each printed its timing section, and each wrote its record.
def log = new File(basedir, 'build.log').text.replaceAll('\u001B\\[[;\\d]*m', '')
def fail = { String why -> throw new AssertionError("[quick-start] " + why + "\n--- build.log ---\n" + log) }
if (!log.contains('Tests run: 2, Failures: 0, Errors: 0, Skipped: 0')) {
    fail('expected both tests to pass, none skipped or aborted')
}
['SearchPerformanceTests.sixteenBinaryLookupsTakeWellUnderTenMicroseconds(Probe)',
 'SearchPerformanceTests.binarySearchBeatsLinearSearch(Probe)'].each { test ->
    if (!log.contains('-- chronoscope: ' + test)) {
        fail('no timing section of ' + test)
    }
}
def records = new File(basedir, 'target/chronoscope').listFiles()?.findAll { it.name.endsWith('.jsonl') }*.readLines()?.flatten()
if (records == null || records.size() != 2) {
    fail('expected 2 JSON Lines records in target/chronoscope, found ' + (records?.size() ?: 0))
}
println "[quick-start] passed: 2 tests, 2 sections, 2 records"
return true
