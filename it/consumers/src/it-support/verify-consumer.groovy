// Checks a consumer build (run by each src/it/<name>/verify.groovy, which sets `runs`: the Surefire
// reports folders and the JDK each ran on). Throws, naming the consumer and what differs, when a
// test did not run as a user would expect; prints one line per run for the build log.
import groovy.xml.XmlSlurper

def consumer = basedir.name
def fail = { String message -> throw new AssertionError("consumer " + consumer + ": " + message) }

// The failures of issue 8 were linkage errors: any in the build log fails the consumer, whatever
// the test outcomes say.
def log = new File(basedir, 'build.log').text
['NoSuchMethodError', 'NoClassDefFoundError', 'UnsupportedClassVersionError'].each {
    if (log.contains(it)) fail("build.log mentions " + it)
}

def jdks = new Properties()
new File(jdksFile).withInputStream { jdks.load(it) }

// tests per class, counted as Surefire reports them
def timedTests = 7      // @RepeatedTest(3), @ParameterizedTest x2, a Probe test, a @RequiresInvariantTsc test
def untimedTests = 3
int recordsExpected = 0

def suite = { File dir, String name ->
    def file = new File(dir, "TEST-consumer." + name + ".xml")
    if (!file.isFile()) fail("no Surefire report " + file + " (did Surefire 3.x run the JUnit Platform?)")
    new XmlSlurper().parse(file)
}

runs.each { run ->
    def dir = new File(basedir, run.reports)
    if (run.jdk == 17 && jdks.getProperty('jdk17.skip') == 'true') {
        println "[consumer] " + consumer + " on JDK 17: not run, no JDK 17 on this machine"
        return
    }
    def timed = suite(dir, 'TimedTests')
    def untimed = suite(dir, 'UntimedTests')
    [timed, untimed].each { s ->
        if (s.@failures.toInteger() != 0 || s.@errors.toInteger() != 0) {
            fail(s.@name.toString() + " on JDK " + run.jdk + ": " + s.@failures + " failures, " + s.@errors + " errors")
        }
    }
    if (untimed.@tests.toInteger() != untimedTests || untimed.@skipped.toInteger() != 0) {
        fail("UntimedTests on JDK " + run.jdk + ": " + untimed.@tests + " tests, " + untimed.@skipped + " skipped; expected "
                + untimedTests + " run")
    }
    def skipped = timed.testcase.findAll { !it.skipped.isEmpty() }
    def reasons = skipped.collect { it.@name.toString() + ": " + it.skipped.@message.toString() }
    if (run.jdk == 17) {
        // every timed test skipped, each saying which JDK it found and which it needs
        if (timed.testcase.size() != skipped.size() || skipped.isEmpty()) {
            fail("TimedTests on JDK 17: " + timed.testcase.size() + " test cases, " + skipped.size() + " skipped; expected all skipped")
        }
        reasons.each { if (!(it.contains('JDK 17') && it.contains('JDK 22+'))) fail("skip reason names no JDK: " + it) }
    } else {
        if (timed.@tests.toInteger() != timedTests) {
            fail("TimedTests on JDK " + run.jdk + ": " + timed.@tests + " tests; expected " + timedTests)
        }
        // only the hardware requirement may skip, and only saying so
        reasons.each { if (!it.startsWith('invariantTsc') || !it.contains('@RequiresInvariantTsc not met')) fail("skipped: " + it) }
        recordsExpected += timedTests - skipped.size()
    }
    def java = run.jdk == 17 ? jdks.getProperty('jdk17.java') : jdks.getProperty('jdk22.java')
    println "[consumer] " + consumer + " on " + java + ": " + (timed.@tests.toInteger() + untimed.@tests.toInteger()) + " tests, " +
            (timed.@tests.toInteger() + untimed.@tests.toInteger() - skipped.size()) + " passed, " + skipped.size() + " skipped" +
            (reasons.isEmpty() ? "" : " (" + reasons[0] + ")")
}

// What tests publish, in the Open Test Reporting XML of every run: the consumer's own report entry,
// and for each timed test that ran Chronoscope's entries (publishReportEntry), its samples and its record
// (publishFile, with the MediaType that 5.12 introduced: TEXT_PLAIN_UTF_8 and APPLICATION_JSON_UTF_8).
def platform = new File(basedir, 'target/junit-platform')
def openReports = []
def samples = []
def recordFiles = []
platform.eachFileRecurse { f ->
    if (f.name == 'open-test-report.xml') openReports << f.text
    if (f.name == 'chronoscope-samples-0.txt') samples << f
    if (f.name == 'chronoscope-record.json') recordFiles << f
}
def published = openReports.join('\n')
if (!published.contains('consumer.entry')) fail("no open-test-report.xml under " + platform + " holds the consumer.entry report entry")
if (recordsExpected > 0 && !published.contains('chronoscope.record')) fail("no open-test-report.xml holds a chronoscope.record report entry")
if (samples.size() != recordsExpected) fail(samples.size() + " timed tests published samples; expected " + recordsExpected)
if (recordFiles.size() != recordsExpected) fail(recordFiles.size() + " timed tests published chronoscope-record.json; expected " + recordsExpected)

// one JSON Lines record per timed test that ran
def records = new File(basedir, 'target/chronoscope').listFiles({ f -> f.name.endsWith('.jsonl') } as FileFilter) ?: []
int lines = records.sum(0) { f -> f.readLines().findAll { !it.isBlank() }.size() }
if (lines != recordsExpected) fail(lines + " JSON Lines records in target/chronoscope; expected " + recordsExpected)
println "[consumer] " + consumer + ": " + lines + " JSON Lines records"
return true
