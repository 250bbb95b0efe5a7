// One build is one run, whatever the forks: for each of the four Surefire executions, every record
// (one per test, 8) carries the same run, and the report, the JMH-format JSON and the baseline
// cover all 8 tests, and every timed test held the cross-JVM timing lock. Prints one line per
// execution with the JVMs that wrote the records and the longest wait for the lock.
import groovy.json.JsonSlurper

def fail = { String message -> throw new AssertionError("consumer forks: " + message) }
def json = new JsonSlurper()
def tests = 8
def timings = tests + 4       // each test's invocation, and the region of each class's region test

['fork1-noreuse': 4, 'fork2-noreuse': 4, 'fork2-reuse': 2, 'fork1-reuse': 1].each { id, maxJvms ->
    def dir = new File(basedir, 'target/chronoscope-' + id)
    def records = []
    dir.eachFileMatch(~/chronoscope-.*\.jsonl/) { f -> f.eachLine { if (!it.isBlank()) records << json.parseText(it) } }
    if (records.size() != tests) fail(id + ": " + records.size() + " records in " + dir + "; expected " + tests)
    def runs = records*.run.unique()
    if (runs.size() != 1) fail(id + ": the records carry " + runs.size() + " runs: " + runs)
    // forks take turns timing: every timed test held the cross-JVM timing lock
    records.each { r ->
        if (!(r.timingLock ?: '').startsWith('held the cross-JVM timing lock')) fail(id + ": " + r.test + " says " + r.timingLock)
    }
    def waits = records.collect { r -> (r.timingLock =~ /waited ([0-9.]+) ms/).with { it.find() ? it.group(1).toDouble() : 0 } }
    def pids = records*.pid.unique()
    if (pids.size() > maxJvms) fail(id + ": " + pids.size() + " JVMs wrote records; expected at most " + maxJvms)
    def jmh = json.parse(new File(dir, 'chronoscope-jmh.json'))
    if (jmh.size() != timings) fail(id + ": chronoscope-jmh.json holds " + jmh.size() + " entries; expected " + timings)
    def html = new File(dir, 'chronoscope-report.html').text
    def sections = html.count('<section class="test"')
    if (sections != tests) fail(id + ": the run report holds " + sections + " tests; expected " + tests)
    def baseline = json.parse(new File(basedir, 'target/baseline-' + id + '.json'))
    if (baseline.runs.size() != 1) fail(id + ": the baseline holds " + baseline.runs.size() + " runs; expected 1 (" + baseline.runs*.run + ")")
    if (baseline.runs[0].timings.size() != timings) {
        fail(id + ": the baseline's run holds " + baseline.runs[0].timings.size() + " timings; expected " + timings)
    }
    println "[consumer] forks " + id + ": " + records.size() + " records from " + pids.size() + " JVMs, one run (" + runs[0] +
            "); report " + sections + " tests, JMH JSON " + jmh.size() + " entries, baseline 1 run of " + baseline.runs[0].timings.size() +
            " timings; timing lock held by all, longest wait " + waits.max() + " ms"
}
return true
