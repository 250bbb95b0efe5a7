package forks;

class Fork4Tests extends TwoTimedTests {
}
