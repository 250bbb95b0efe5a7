// Mixed junit-jupiter-api and engine: Chronoscope names both versions and what to declare, once
def log = new File(basedir, 'build.log').text
def said = log.readLines().findAll { it.contains('[chronoscope] junit-jupiter-api ') }
if (said.size() != 1) {
    throw new AssertionError("consumer mixed-jupiter: Chronoscope said " + said.size() + " times what it sees; expected once: " + said)
}
['junit-jupiter-api 6.', 'junit-jupiter-engine 5.14.4', 'Import org.junit:junit-bom:5.14.4 in <dependencyManagement>'].each {
    if (!said[0].contains(it)) throw new AssertionError("consumer mixed-jupiter: the line names no '" + it + "': " + said[0])
}
println "[consumer] mixed-jupiter: " + said[0]
return true
